// POST /api/tracking/whatsapp/add (public, abuse-limited), GET /api/tracking/whatsapp/entries
// and PATCH /api/tracking/whatsapp/entries/{id} (admin).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import {
  ZAddWhatsappCodesRequestSchema,
  ZListWhatsappEntriesQuerySchema,
  ZUpdateWhatsappEntryRequestSchema,
} from "../../../shared/api/whatsapp-entries";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { enforceLimit } from "../../lib/abuse-limits";
import { z } from "../../../shared/validation";
import { sendNotificationNow } from "../notifications/sending";
import { addCodesSummary, addWhatsappCodes, changeWhatsappEntryStatus, getWhatsappEntry, listWhatsappEntries } from "./service";

/** How long the status change waits for the provider before answering "queued". */
export const SEND_NOW_BUDGET_MS = 3000;

const ZEntryParams = z.object({ id: z.coerce.number().int().positive() });

export function registerWhatsappEntryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/tracking/whatsapp/add", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    await enforceLimit(ctx, request, "whatsappNotice", reply);
    const input = parseWith(ZAddWhatsappCodesRequestSchema, request.body ?? {});
    const { created, existing } = await addWhatsappCodes(ctx.db, input);
    return { created, existing, message: addCodesSummary(created, existing) };
  });

  // Without parameters: the spec's answer (the latest WHATSAPP_ENTRIES_SHOWN); q, estado, page
  // and pageSize narrow and page it (docs/decisions/122).
  app.get("/api/tracking/whatsapp/entries", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const query = parseWith(ZListWhatsappEntriesQuerySchema, request.query ?? {});
    const list = await listWhatsappEntries(ctx.db, query);
    return { ...list, messaging: { configured: ctx.providers.messaging.configured } };
  });

  app.patch("/api/tracking/whatsapp/entries/:id", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZEntryParams, request.params);
    const change = parseWith(ZUpdateWhatsappEntryRequestSchema, request.body ?? {});
    let notificationSent = false;
    // The message is tried at once (up to SEND_NOW_BUDGET_MS); whatever is left (a retry, other
    // queued messages) is the worker's, woken after this try.
    await changeWhatsappEntryStatus(ctx.db, id, change, ctx.config.brand.name, staffActor(request), async (notificationId) => {
      notificationSent = await sendNotificationNow(ctx.db, ctx.providers.messaging, notificationId, SEND_NOW_BUDGET_MS, {
        logger: request.log,
      });
    });
    return { entry: await getWhatsappEntry(ctx.db, id), notificationSent };
  });
}
