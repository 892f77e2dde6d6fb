// Meta's webhook payload schema (fixtures/meta/whatsapp-webhook.schema.json, from Meta's
// OpenAPI description of the Cloud API): the problems of a body the tests send as Meta would.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/meta/whatsapp-webhook.schema.json"), "utf8")) as object;
// Meta's `format: float` is a number's format, not a string's: formats are not checked.
const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

const textSchema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/meta/whatsapp-text-message.schema.json"), "utf8")) as object;
const validateText = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(textSchema);

/** [] when the request is a valid `text` message by Meta's schema (fixtures/meta/whatsapp-text-message.schema.json); else each problem. */
export function metaTextMessageProblems(body: unknown): string[] {
  const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
  if (validateText(parsed)) return [];
  return (validateText.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
}

/** [] when the body is a valid webhook payload by Meta's schema; else each problem as a line. */
export function metaWebhookProblems(body: unknown): string[] {
  const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
  if (validate(parsed)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
}
