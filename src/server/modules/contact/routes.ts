// POST /api/contact (public: the /contacto form), GET /api/contacts (admin: the panel's
// contact-messages list, paged on the server like the other admin lists, filtered by answered or
// not) and PATCH /api/admin/contacts/{id}/answered (admin). Sending is limited
// per address so the form cannot be used to flood the staff's inbox.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import { ZContactAnsweredRequestSchema, ZContactListQuerySchema } from "../../../shared/api/admin/contacts";
import { ZContactRequestSchema } from "../../../shared/api/contact";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { enforceLimit } from "../../lib/abuse-limits";
import { z } from "../../../shared/validation";
import { createContactMessage, listContactMessages, setContactAnswered } from "./service";

const ZContactParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/contact", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const input = parseWith(ZContactRequestSchema, request.body ?? {});
    // Counted after validation: a refused body stores nothing, so only real messages use the allowance.
    await enforceLimit(ctx, request, "contact", reply);
    const contact = await createContactMessage(ctx.db, input);
    return reply.status(201).send({ success: true, contact });
  });

  app.get("/api/contacts", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) =>
    listContactMessages(ctx.db, parseWith(ZContactListQuerySchema, request.query ?? {})),
  );

  // Staff mark a message answered (or pending again) by hand: opening the WhatsApp chat does
  // not prove it was answered (docs/decisions/122).
  app.patch("/api/admin/contacts/:id/answered", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZContactParams, request.params);
    const { answered } = parseWith(ZContactAnsweredRequestSchema, request.body ?? {});
    return { contact: await setContactAnswered(ctx.db, id, answered, staffActor(request)) };
  });
}
