// POST /api/contact (public: the /contacto form) and GET /api/contacts (admin: the panel's
// contact-messages list). Sending is limited per address so the form cannot be used to flood
// the staff's inbox.
import type { FastifyInstance } from "fastify";
import { CONTACT_RATE_LIMITED, ZContactRequestSchema } from "../../../shared/api/contact";
import type { AppContext } from "../../context";
import { AppError, parseWith } from "../../errors";
import { createContactMessage, listContactMessages } from "./service";

export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/contact", { config: { auth: "public" } }, async (request, reply) => {
    const input = parseWith(ZContactRequestSchema, request.body ?? {});
    // Counted after validation: a refused body stores nothing, so only real messages use the allowance.
    const hit = await ctx.limiter.hit(`contact:${request.ip}`, CONTACT_LIMIT, CONTACT_WINDOW_MS);
    if (!hit.allowed) {
      reply.header("retry-after", String(hit.retryAfterSeconds));
      throw new AppError("RATE_LIMITED", 429, CONTACT_RATE_LIMITED, { retryAfterSeconds: hit.retryAfterSeconds });
    }
    const contact = await createContactMessage(ctx.db, input);
    return reply.status(201).send({ success: true, contact });
  });

  app.get("/api/contacts", { config: { auth: "admin" } }, async () => ({
    contacts: await listContactMessages(ctx.db),
  }));
}
