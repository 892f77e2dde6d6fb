// The webhook Meta calls (issue 35, decision 199): GET answers Meta's verification by echoing
// hub.challenge; POST brings delivery reports and the clients' messages, signed with the app
// secret (X-Hub-Signature-256). Public: Meta has no session; the signature is the credential.
// Refusals (403 verification, 401 signature, 503 not configured) are the app's Spanish errors.
import { z } from "../validation";
import { binary, defineRoute } from "./contract";

export const WHATSAPP_WEBHOOK_PATH = "/api/whatsapp/webhook";

/** The largest webhook body kept (Meta's batches are a few KB; its documented ceiling is 3 MB). */
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

export const WEBHOOK_NOT_CONFIGURED = "El webhook de WhatsApp no está configurado en este servidor.";
export const WEBHOOK_VERIFY_REFUSED = "La verificación del webhook no coincide.";
export const WEBHOOK_SIGNATURE_REFUSED = "La firma del webhook no es válida.";

/** Meta's query: every field optional, so a wrong or missing one is the handler's 403, never a 400. */
const ZVerifyQuerySchema = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});

export const WHATSAPP_WEBHOOK_VERIFY_ROUTE = defineRoute({
  method: "GET",
  path: WHATSAPP_WEBHOOK_PATH,
  tag: "whatsapp",
  summary: "Verificación del webhook por Meta: devuelve hub.challenge como texto si hub.verify_token coincide",
  query: ZVerifyQuerySchema,
  responses: { 200: binary("text/plain") },
});

/** POST answer: stored (the worker applies it later). */
export const ZWebhookReceivedSchema = z.object({ received: z.literal(true), stored: z.number().int().min(0) });

export const WHATSAPP_WEBHOOK_ROUTE = defineRoute({
  method: "POST",
  path: WHATSAPP_WEBHOOK_PATH,
  tag: "whatsapp",
  summary:
    "Eventos de WhatsApp (estados de entrega y mensajes de clientes), firmados con X-Hub-Signature-256; se guardan y se procesan aparte",
  responses: { 200: ZWebhookReceivedSchema },
});
