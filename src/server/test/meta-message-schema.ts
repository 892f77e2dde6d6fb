// Meta's request schema of a template message (fixtures/meta/whatsapp-template-message.schema.json,
// from Meta's OpenAPI description of the Cloud API): the problems of a body the app POSTs to
// /{phone-number-id}/messages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/meta/whatsapp-template-message.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

/** [] when the body is a valid template message by Meta's schema; else each problem as a line. */
export function metaTemplateMessageProblems(body: unknown): string[] {
  const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
  if (validate(parsed)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
}
