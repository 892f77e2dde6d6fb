// POST /api/contact (public: the /contacto form), GET /api/contacts (admin: the panel's
// contact-messages list, paged on the server like the other admin lists, filtered by answered or
// not) and PATCH /api/admin/contacts/{id}/answered (admin). Sending is limited
// per address so the form cannot be used to flood the staff's inbox.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONTACT_ANSWERED_ROUTE, CONTACT_LIST_ROUTE } from "../../../shared/api/admin/contacts";
import { CONTACT_SEND_ROUTE } from "../../../shared/api/contact";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { enforceLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { createContactMessage, listContactMessages, setContactAnswered } from "./service";

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(CONTACT_SEND_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(CONTACT_SEND_ROUTE) }, async (request, reply) => {
    // Counted after validation (the body is checked before the handler): a refused body stores
    // nothing, so only real messages use the allowance.
    await enforceLimit(ctx, request, "contact", reply);
    const contact = await createContactMessage(ctx.db, request.body);
    return reply.status(201).send({ success: true as const, contact });
  });

  api.get(CONTACT_LIST_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(CONTACT_LIST_ROUTE) }, async (request) =>
    listContactMessages(ctx.db, request.query),
  );

  // Staff mark a message answered (or pending again) by hand: opening the WhatsApp chat does
  // not prove it was answered (docs/decisions/122).
  api.patch(CONTACT_ANSWERED_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(CONTACT_ANSWERED_ROUTE) }, async (request) => {
    const { id } = request.params;
    const { answered } = request.body;
    return { contact: await setContactAnswered(ctx.db, id, answered, staffActor(request)) };
  });
}
