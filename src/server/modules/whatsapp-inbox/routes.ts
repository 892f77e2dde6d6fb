// Conversaciones (issue 35 item 3, decision 211), office staff only (Dueño and Oficina: the roles
// that already handle clients' data and WhatsApp; Bodega sees no client data beyond name and
// code, the Mensajero only their deliveries): the list, a thread, marking it read, a reply, and
// a client's stored file.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import {
  CONVERSATION_LIST_ROUTE,
  CONVERSATION_MEDIA_ROUTE,
  CONVERSATION_READ_ROUTE,
  CONVERSATION_REPLY_ROUTE,
  CONVERSATION_THREAD_ROUTE,
} from "../../../shared/api/admin/conversations";
import type { AppContext } from "../../context";
import { contractSchema } from "../../lib/route-contract";
import { staffActor } from "../../lib/actor";
import { sendNotificationNow } from "../notifications/sending";
import { conversationThread, listConversations, markConversationRead, readConversationMedia, replyToConversation, toOutboundMessage } from "./service";

/** How long a reply's request waits for WhatsApp's answer before the worker takes over. */
const SEND_NOW_BUDGET_MS = 5000;

export function registerWhatsappInboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const office = { auth: "admin" as const, roles: OFFICE_STAFF };

  api.get(CONVERSATION_LIST_ROUTE.path, { config: office, schema: contractSchema(CONVERSATION_LIST_ROUTE) }, async (request) =>
    listConversations(ctx.db, request.query),
  );

  api.get(CONVERSATION_THREAD_ROUTE.path, { config: office, schema: contractSchema(CONVERSATION_THREAD_ROUTE) }, async (request) =>
    conversationThread(ctx.db, request.params.number, {
      brandName: ctx.config.brand.name,
      templateName: ctx.config.whatsapp.templates.reply,
      configured: ctx.providers.messaging.configured,
    }),
  );

  api.post(CONVERSATION_READ_ROUTE.path, { config: office, schema: contractSchema(CONVERSATION_READ_ROUTE) }, async (request) => ({
    marked: await markConversationRead(ctx.db, request.params.number),
  }));

  api.post(CONVERSATION_REPLY_ROUTE.path, { config: office, schema: contractSchema(CONVERSATION_REPLY_ROUTE) }, async (request, reply) => {
    const row = await replyToConversation(ctx.db, request.params.number, request.body, {
      actor: staffActor(request),
      brandName: ctx.config.brand.name,
      afterCommit: async (id) => {
        await sendNotificationNow(ctx.db, ctx.providers.messaging, id, SEND_NOW_BUDGET_MS, { logger: request.log });
      },
    });
    // Read after the first try: SENT when WhatsApp accepted it within the budget.
    return reply.status(201).send({ message: toOutboundMessage(row), messaging: { configured: ctx.providers.messaging.configured } });
  });

  api.get(CONVERSATION_MEDIA_ROUTE.path, { config: office, schema: contractSchema(CONVERSATION_MEDIA_ROUTE) }, async (request, reply) => {
    const { bytes, filename } = await readConversationMedia(ctx.db, ctx.providers.storage, request.params.id);
    return reply
      .header("content-type", "application/octet-stream")
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(Buffer.from(bytes));
  });
}
