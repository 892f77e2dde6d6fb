// Meta's request schema of a sent message (fixtures/meta/whatsapp-send.schema.json: TextMessage and
// TemplateMessage from Meta's OpenAPI description of the Cloud API): the problems of a request
// the app sent to the stand-in Graph API.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/meta/whatsapp-send.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

/** [] when the body is a valid text or template message by Meta's schema; else each problem as a line. */
export function metaSendProblems(body: unknown): string[] {
  const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
  if (validate(parsed)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
}
