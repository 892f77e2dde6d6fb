// GET /api/notifications (admin): the state of the messages about one WhatsApp entry, client
// or package, so staff know what the customer received; POST /api/notifications/{id}/retry
// (admin): a failed message queued again ("Reintentar").
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  NOTIFICATION_LIST_ROUTE,
  NOTIFICATION_NOT_FOUND,
  NOTIFICATION_NOT_FAILED,
  NOTIFICATION_RETRY_ROUTE,
} from "../../../shared/api/notifications";
import type { AppContext } from "../../context";
import { badRequest, conflict, notFound } from "../../errors";
import { contractSchema } from "../../lib/route-contract";
import { retryFailedNotification } from "./sending";
import { staffActor } from "../../lib/actor";
import { wakeOutboxWorker } from "../../core/outbox";
import { listNotificationStates, toNotificationState } from "./queries";
import { NOTIFICATION_NOT_RETRYABLE } from "../../../shared/api/admin/outbox";

export const NOTIFICATIONS_FILTER_REQUIRED = "Indica whatsappEntryId, clientId o trackingId";

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(NOTIFICATION_LIST_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(NOTIFICATION_LIST_ROUTE) }, async (request) => {
    const filter = request.query;
    if (!filter.whatsappEntryId && !filter.clientId && !filter.trackingId) throw badRequest(NOTIFICATIONS_FILTER_REQUIRED);
    return {
      notifications: await listNotificationStates(ctx.db, filter),
      messaging: { configured: ctx.providers.messaging.configured },
    };
  });

  api.post(NOTIFICATION_RETRY_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(NOTIFICATION_RETRY_ROUTE) }, async (request) => {
    const { id } = request.params;
    const row = await retryFailedNotification(ctx.db, id, staffActor(request));
    if (row === "NOT_FOUND") throw notFound(NOTIFICATION_NOT_FOUND);
    if (row === "NOT_FAILED") throw conflict(NOTIFICATION_NOT_FAILED);
    if (row === "NOT_RETRYABLE") throw conflict(NOTIFICATION_NOT_RETRYABLE);
    // The worker sends it at once (it is due now); without WhatsApp configured it stays queued.
    wakeOutboxWorker();
    return { notification: toNotificationState(row), messaging: { configured: ctx.providers.messaging.configured } };
  });
}
