// Meta's schemas of the WhatsApp Cloud API (fixtures/meta/, cut from Meta's OpenAPI description
// business-messaging-api v23.0; each file's $comment says what was taken and what changed): the
// problems of a webhook body the tests send as Meta would, and of a request the app sent to the
// stand-in Graph API. One compiler and one way to list problems for all of them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

// Meta's `format: float` is a number's format, not a string's: formats are not checked.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** Compiled at its first use: a file uses one or two of the four, and each compile is ~0.2 s of CPU. */
function checker(file: string): (body: unknown) => string[] {
  let validate: ValidateFunction | undefined;
  return (body) => {
    validate ??= ajv.compile(JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/meta", file), "utf8")) as object);
    const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
    if (validate(parsed)) return [];
    return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  };
}

/** [] when the body is a valid webhook payload by Meta's schema; else each problem as a line. */
export const metaWebhookProblems = checker("whatsapp-webhook.schema.json");
/** [] when the request is a valid text or template message (TextMessage, TemplateMessage). */
export const metaSendProblems = checker("whatsapp-send.schema.json");
/** [] when the request is a valid `text` message (a staff reply, the BAJA / ALTA answer). */
export const metaTextMessageProblems = checker("whatsapp-text-message.schema.json");
/** [] when the request is a valid template message, the authentication template's copy-code button included. */
export const metaTemplateMessageProblems = checker("whatsapp-template-message.schema.json");
