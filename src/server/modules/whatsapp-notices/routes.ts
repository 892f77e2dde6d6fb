// POST /api/tracking/whatsapp/add (public, abuse-limited), GET /api/tracking/whatsapp/entries
// and PATCH /api/tracking/whatsapp/entries/{id} (admin).
import type { FastifyInstance } from "fastify";
import {
  ADD_CODES_RATE_LIMITED,
  ZAddWhatsappCodesRequestSchema,
  ZUpdateWhatsappEntryRequestSchema,
} from "../../../shared/api/whatsapp-notices";
import type { AppContext } from "../../context";
import { AppError, parseWith } from "../../errors";
import { z } from "../../../shared/validation";
import { sendNotificationNow } from "../notifications/delivery";
import { wakeOutboxWorker } from "../notifications/outbox";
import { addCodesSummary, addWhatsappCodes, changeWhatsappEntryStatus, getWhatsappEntry, listWhatsappEntries } from "./service";

/** Notices one address may send: enough for a family, not for filling the table. */
export const ADD_CODES_LIMIT = 10;
export const ADD_CODES_WINDOW_MS = 10 * 60_000;
/** How long the status change waits for the provider before answering "queued". */
export const SEND_NOW_BUDGET_MS = 3000;

const ZEntryParams = z.object({ id: z.coerce.number().int().positive() });

export function registerWhatsappNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/tracking/whatsapp/add", { config: { auth: "public" } }, async (request, reply) => {
    const hit = await ctx.limiter.hit(`whatsapp-add:${request.ip}`, ADD_CODES_LIMIT, ADD_CODES_WINDOW_MS);
    if (!hit.allowed) {
      reply.header("retry-after", String(hit.retryAfterSeconds));
      throw new AppError("RATE_LIMITED", 429, ADD_CODES_RATE_LIMITED(Math.ceil(hit.retryAfterSeconds / 60)), {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
    }
    const input = parseWith(ZAddWhatsappCodesRequestSchema, request.body ?? {});
    const { created, existing } = await addWhatsappCodes(ctx.db, input);
    return { created, existing, message: addCodesSummary(created, existing) };
  });

  app.get("/api/tracking/whatsapp/entries", { config: { auth: "admin" } }, async () => {
    const { entries, total } = await listWhatsappEntries(ctx.db);
    return { entries, total, messaging: { configured: ctx.providers.messaging.configured } };
  });

  app.patch("/api/tracking/whatsapp/entries/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZEntryParams, request.params);
    const change = parseWith(ZUpdateWhatsappEntryRequestSchema, request.body ?? {});
    const { notificationId } = await changeWhatsappEntryStatus(ctx.db, id, change, ctx.config.brand.name);
    let notificationSent = false;
    if (notificationId !== null) {
      notificationSent = await sendNotificationNow(ctx.db, ctx.providers.messaging, notificationId, SEND_NOW_BUDGET_MS, {
        logger: request.log,
      });
      // Whatever is left (a retry, other queued messages) is the worker's.
      wakeOutboxWorker();
    }
    return { entry: await getWhatsappEntry(ctx.db, id), notificationSent };
  });
}
