// The ceiling: a bare node:http server answering a fixed JSON body, measured in the same run.
// argv: [port (0: any free one)] [body size in bytes: the median lookup answer of this run's
// database; a short body when omitted]. Prints the port, then serves until SIGTERM.
import { createServer } from "node:http";

/** A JSON text of exactly `bytes` bytes (at least the bare object's), shaped like a lookup answer. */
function ceilingBody(bytes: number): string {
  const bare = JSON.stringify({ client: { nombre: "Techo", clientCode: "EXTECHO1" }, trackings: [], relleno: "" });
  const pad = Math.max(0, bytes - Buffer.byteLength(bare));
  return JSON.stringify({ client: { nombre: "Techo", clientCode: "EXTECHO1" }, trackings: [], relleno: "x".repeat(pad) });
}

const body = ceilingBody(Number(process.argv[3] ?? 0));
const length = Buffer.byteLength(body);
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": length });
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
