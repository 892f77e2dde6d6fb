// The ceiling: a bare node:http server answering fixed bytes, measured in the same run.
// argv: [port (0: any free one)] [file with the body's bytes] [content-encoding of those bytes:
// "gzip" or "identity"]. The bytes are the lookup's own answer for a median client, as the lookup
// sent them (issue 37: the ceiling answers what the measured route answers). Without a file: a
// short JSON body. Prints the port, then serves until SIGTERM.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const file = process.argv[3];
const encoding = process.argv[4] === "gzip" ? "gzip" : "identity";
const body = file ? readFileSync(file) : Buffer.from(JSON.stringify({ client: { nombre: "Techo", clientCode: "EXTECHO1" }, trackings: [] }));
const headers: Record<string, string | number> = {
  "content-type": "application/json; charset=utf-8",
  "content-length": body.byteLength,
  vary: "accept-encoding",
};
if (encoding === "gzip") headers["content-encoding"] = "gzip";
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
