// POST /api/tracking/whatsapp/add (public, abuse-limited), GET /api/tracking/whatsapp/entries
// and PATCH /api/tracking/whatsapp/entries/{id} (admin).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { WHATSAPP_ADD_ROUTE, WHATSAPP_ENTRIES_ROUTE, WHATSAPP_ENTRY_UPDATE_ROUTE } from "../../../shared/api/whatsapp-entries";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { enforceLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { sendNotificationNow } from "../notifications/sending";
import { addCodesSummary, addWhatsappCodes, changeWhatsappEntryStatus, getWhatsappEntry, listWhatsappEntries } from "./service";

/** How long the status change waits for the provider before answering "queued". */
export const SEND_NOW_BUDGET_MS = 3000;

export function registerWhatsappEntryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const office = { auth: "admin", roles: OFFICE_STAFF } as const;

  // Every attempt counts against the limit, a refused body included: the count runs before the
  // contract's rules read the body (preValidation), as it ran before parseWith.
  api.post(
    WHATSAPP_ADD_ROUTE.path,
    {
      config: { auth: "public", codeOracle: false },
      preValidation: async (request, reply) => enforceLimit(ctx, request, "whatsappNotice", reply),
      schema: contractSchema(WHATSAPP_ADD_ROUTE),
    },
    async (request) => {
      const { created, existing } = await addWhatsappCodes(ctx.db, request.body);
      return { created, existing, message: addCodesSummary(created, existing) };
    },
  );

  // Without parameters: the spec's answer (the latest WHATSAPP_ENTRIES_SHOWN); q, estado, page
  // and pageSize narrow and page it (docs/decisions/122).
  api.get(WHATSAPP_ENTRIES_ROUTE.path, { config: office, schema: contractSchema(WHATSAPP_ENTRIES_ROUTE) }, async (request) => {
    const list = await listWhatsappEntries(ctx.db, request.query);
    return { ...list, messaging: { configured: ctx.providers.messaging.configured } };
  });

  api.patch(WHATSAPP_ENTRY_UPDATE_ROUTE.path, { config: office, schema: contractSchema(WHATSAPP_ENTRY_UPDATE_ROUTE) }, async (request) => {
    const { id } = request.params;
    let notificationSent = false;
    // The message is tried at once (up to SEND_NOW_BUDGET_MS); whatever is left (a retry, other
    // queued messages) is the worker's, woken after this try.
    await changeWhatsappEntryStatus(ctx.db, id, request.body, ctx.config.brand.name, staffActor(request), async (notificationId) => {
      notificationSent = await sendNotificationNow(ctx.db, ctx.providers.messaging, notificationId, SEND_NOW_BUDGET_MS, {
        logger: request.log,
      });
    });
    return { entry: await getWhatsappEntry(ctx.db, id), notificationSent };
  });
}
