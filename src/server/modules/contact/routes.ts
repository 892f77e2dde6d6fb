// POST /api/contact (public: the /contacto form) and GET /api/contacts (admin: the panel's
// contact-messages list, paged on the server like the other admin lists). Sending is limited
// per address so the form cannot be used to flood the staff's inbox.
import type { FastifyInstance } from "fastify";
import { ZContactListQuerySchema } from "../../../shared/api/admin/contacts";
import { ZContactRequestSchema } from "../../../shared/api/contact";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { enforceLimit } from "../../lib/abuse-limits";
import { createContactMessage, listContactMessages } from "./service";


export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/contact", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const input = parseWith(ZContactRequestSchema, request.body ?? {});
    // Counted after validation: a refused body stores nothing, so only real messages use the allowance.
    await enforceLimit(ctx, request, "contact", reply);
    const contact = await createContactMessage(ctx.db, input);
    return reply.status(201).send({ success: true, contact });
  });

  app.get("/api/contacts", { config: { auth: "admin" } }, async (request) =>
    listContactMessages(ctx.db, parseWith(ZContactListQuerySchema, request.query ?? {})),
  );
}
