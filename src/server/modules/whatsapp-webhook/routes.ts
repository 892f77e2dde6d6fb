// GET /api/whatsapp/webhook (Meta's verification) and POST /api/whatsapp/webhook (delivery
// reports and the clients' messages), public: Meta has no session, the app secret's signature is
// the credential (decision 199). The POST reads the raw bytes (its own content-type parser in
// this scope, so the signature is checked on exactly what Meta signed), stores the events and
// answers 200 at once; the worker applies them. Unconfigured (no app secret or verify token):
// 503 to both, nothing stored, and Meta keeps retrying until it is configured.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  WEBHOOK_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_REFUSED,
  WEBHOOK_VERIFY_REFUSED,
  WHATSAPP_WEBHOOK_BODY_LIMIT,
  WHATSAPP_WEBHOOK_ROUTE,
  WHATSAPP_WEBHOOK_VERIFY_ROUTE,
} from "../../../shared/api/whatsapp-webhook";
import type { AppContext } from "../../context";
import { AppError, unauthorized } from "../../errors";
import { contractSchema } from "../../lib/route-contract";
import { storeWebhookBody } from "./intake";
import { isValidWebhookSignature, sameSecret } from "./signature";

/** The webhook's secrets, or null while either is unset. */
function secretsOf(ctx: AppContext): { appSecret: string; verifyToken: string } | null {
  const { appSecret, verifyToken } = ctx.config.whatsapp;
  return appSecret && verifyToken ? { appSecret, verifyToken } : null;
}

const notConfigured = () => new AppError("UNAVAILABLE", 503, WEBHOOK_NOT_CONFIGURED);

export function registerWhatsappWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    // The body as bytes, whatever its type: the signature is over the bytes, and an unreadable
    // JSON body is still stored (as unprocessable) rather than refused.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      WHATSAPP_WEBHOOK_VERIFY_ROUTE.path,
      { config: { auth: "public", codeOracle: false }, schema: contractSchema(WHATSAPP_WEBHOOK_VERIFY_ROUTE) },
      async (request, reply) => {
        const secrets = secretsOf(ctx);
        if (!secrets) throw notConfigured();
        const q = request.query;
        const challenge = q["hub.challenge"];
        if (q["hub.mode"] !== "subscribe" || !sameSecret(q["hub.verify_token"], secrets.verifyToken) || !challenge) {
          throw new AppError("FORBIDDEN", 403, WEBHOOK_VERIFY_REFUSED);
        }
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );

    api.post(
      WHATSAPP_WEBHOOK_ROUTE.path,
      { config: { auth: "public", codeOracle: false }, bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT, schema: contractSchema(WHATSAPP_WEBHOOK_ROUTE) },
      async (request) => {
        const secrets = secretsOf(ctx);
        if (!secrets) throw notConfigured();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!isValidWebhookSignature(raw, request.headers["x-hub-signature-256"], secrets.appSecret)) throw unauthorized(WEBHOOK_SIGNATURE_REFUSED);
        const stored = await storeWebhookBody(ctx.db, raw.toString("utf8"));
        return { received: true as const, stored };
      },
    );
  });
}
