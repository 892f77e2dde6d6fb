// GET /api/notifications (admin): the state of the messages about one WhatsApp entry, client
// or package, so staff know what the customer received.
import type { FastifyInstance } from "fastify";
import { ZListNotificationsRequestSchema } from "../../../shared/api/notifications";
import type { AppContext } from "../../context";
import { badRequest, parseWith } from "../../errors";
import { listNotificationStates } from "./queries";

export const NOTIFICATIONS_FILTER_REQUIRED = "Indica whatsappEntryId, clientId o trackingId";

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/notifications", { config: { auth: "admin" } }, async (request) => {
    const filter = parseWith(ZListNotificationsRequestSchema, request.query ?? {});
    if (!filter.whatsappEntryId && !filter.clientId && !filter.trackingId) throw badRequest(NOTIFICATIONS_FILTER_REQUIRED);
    return {
      notifications: await listNotificationStates(ctx.db, filter),
      messaging: { configured: ctx.providers.messaging.configured },
    };
  });
}
