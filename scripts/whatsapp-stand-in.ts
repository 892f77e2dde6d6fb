// Development: the WhatsApp Cloud API stand-in (src/server/test/fakes/graph-api.ts) on 127.0.0.1.
// It accepts template sends and reports them to the app's webhook (sent, delivered, read), signed
// with the app secret like Meta's. Prints the WHATSAPP_* lines for .env; Ctrl+C stops it.
//   npm run whatsapp:stand-in                                   port 4520, webhook http://127.0.0.1:3000/api/whatsapp/webhook
//   npm run whatsapp:stand-in -- --port 4600 --webhook URL      other port or app address
// Commands typed while it runs:
//   fallar 50688887777 131026        that number's next sends are reported failed with the code
//   mensaje 50688887777 BAJA          the client writes a text to the business
//   imagen 50688887777 [pie de foto]  the client sends a photo (a small PNG the stand-in serves as Graph's media endpoint)
//   documento 50688887777             the client sends a PDF
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { startFakeGraphApi, fakeGraphEnv } from "../src/server/test/fakes/graph-api";

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const appSecret = process.env.WHATSAPP_APP_SECRET || randomBytes(16).toString("hex");
const verifyToken = process.env.WHATSAPP_VERIFY_TOKEN || randomBytes(12).toString("hex");
const webhookUrl = arg("--webhook") ?? "http://127.0.0.1:3000/api/whatsapp/webhook";
const HELP = "Comandos: «fallar <número> <código>», «mensaje <número> <texto>», «imagen <número> [pie]», «documento <número>».\n";
const fake = await startFakeGraphApi({ port: Number(arg("--port") ?? 4520), webhook: { url: webhookUrl, appSecret } });
const env = { ...fakeGraphEnv(fake), WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken };
process.stdout.write(
  `WhatsApp (stand-in) escuchando; reporta a ${webhookUrl}. Variables para .env:\n\n${Object.entries(env)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join("\n")}\n\n${HELP}Ctrl+C para detenerlo.\n`,
);
createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, number, ...rest] = line.trim().split(/\s+/);
  if (command === "fallar" && number && rest[0]) {
    fake.failNumber(number.replace(/\D/g, ""), Number(rest[0]));
    process.stdout.write(`Los envíos a ${number} se reportarán fallidos (${rest[0]}).\n`);
  } else if (command === "mensaje" && number && rest.length) {
    void fake.postIncoming(number.replace(/\D/g, ""), { type: "text", text: { body: rest.join(" ") } }).then(() => {
      process.stdout.write(`Mensaje enviado al webhook: ${fake.webhooks.at(-1)?.status ?? "?"}\n`);
    });
  } else if ((command === "imagen" || command === "documento") && number) {
    const message =
      command === "imagen"
        ? { type: "image", image: rest.length ? { caption: rest.join(" ") } : {} }
        : { type: "document", document: { filename: "documento.pdf" } };
    void fake.postIncoming(number.replace(/\D/g, ""), message).then(() => {
      process.stdout.write(`Archivo enviado al webhook: ${fake.webhooks.at(-1)?.status ?? "?"}\n`);
    });
  } else if (command) process.stdout.write(HELP);
});
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
