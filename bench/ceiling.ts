// The ceiling: a bare node:http server answering a fixed JSON body, measured in the same run.
import { createServer } from "node:http";

const body = JSON.stringify({ client: { nombre: "Techo", clientCode: "EXTECHO1" }, trackings: [] });
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
