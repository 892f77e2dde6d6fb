// Development: Hacienda's IdP and reception API stand-in (src/server/test/fakes/hacienda.ts) on
// 127.0.0.1, with a throw-away test key (a PKCS#12 with a PIN, never valid before Hacienda).
// Prints the HACIENDA_* lines to put in .env for `npm run dev`; Ctrl+C stops it.
//   npm run hacienda:stand-in                        accepts every document, on port 4510
//   npm run hacienda:stand-in -- --reject "Motivo"   rejects the first document with that reason
//   npm run hacienda:stand-in -- --port 4600         another port
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeHacienda, fakeHaciendaEnv } from "../src/server/test/fakes/hacienda";
import { createTestPkcs12, testEmitterEnv } from "../src/server/test/hacienda";

const portAt = process.argv.indexOf("--port");
const fake = await startFakeHacienda({ port: portAt >= 0 ? Number(process.argv[portAt + 1]) : 4510 });
const rejectAt = process.argv.indexOf("--reject");
if (rejectAt >= 0) fake.rejectNext(process.argv[rejectAt + 1] ?? "Rechazado a pedido (stand-in)");
const key = createTestPkcs12("1234");
const dir = path.resolve("data");
mkdirSync(dir, { recursive: true });
const keyPath = path.join(dir, "hacienda-prueba.p12");
writeFileSync(keyPath, key.p12, { mode: 0o600 });
const env = { ...fakeHaciendaEnv(fake), ...testEmitterEnv(keyPath, key.pin) };
process.stdout.write(`Hacienda (stand-in) escuchando. Variables para .env:\n\n${Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join("\n")}\n\nCtrl+C para detenerlo.\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
