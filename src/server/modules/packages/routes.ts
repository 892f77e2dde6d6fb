// The client portal's package calls (public, identified by the client code): list, pre-alert,
// edit and delete (public-site §7). The staff's package calls are in staff-routes.ts and
// use the same service.ts. Each is registered from its contract entry (shared/api/trackings.ts).
import { clientActor } from "../../lib/actor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import {
  CLIENT_TRACKING_DELETE_ROUTE,
  CLIENT_TRACKING_UPDATE_ROUTE,
  CLIENT_TRACKINGS_ROUTE,
  PRE_ALERT_ROUTE,
} from "../../../shared/api/trackings";
import type { AppContext } from "../../context";
import { enforceLookupLimit, enforceWriteLimits } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { notFound } from "../../errors";
import { deleteClientTracking, updateClientTracking } from "./client-portal";
import { preAlertWithInvoice } from "./purchase-invoice";
import { registerInvoiceRoutes } from "./invoice-routes";
import { acceptsGzip, answerBytes, type Found } from "./lookup-cache";

/** The lookup's answer: its kept bytes as they are (gzip) to a client that takes them, else plain. */
function sendLookup(request: FastifyRequest, reply: FastifyReply, answer: Found | null): void {
  if (!answer) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const { bytes, gzipped } = answerBytes(answer, acceptsGzip(request.headers["accept-encoding"]));
  // The kept bytes are the answer already written (its schema's type does not describe bytes).
  reply.headers(gzipped ? GZIPPED_ANSWER : PLAIN_ANSWER).send(bytes);
}

const PLAIN_ANSWER = { vary: "accept-encoding", "content-type": "application/json; charset=utf-8" };
const GZIPPED_ANSWER = { ...PLAIN_ANSWER, "content-encoding": "gzip" };

export function registerTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const portal = { auth: "public", codeOracle: true, clientAccess: "account" } as const;

  // Compression is the route's own: answers kept in memory are gzipped already (lookup-cache.ts).
  // The answer is those kept bytes: the serializer never runs for them (the schema documents them).
  // A GET has no body to decompress: no preParsing hook per lookup (decision 238).
  api.get(
    CLIENT_TRACKINGS_ROUTE.path,
    { config: portal, compress: false, decompress: false, schema: contractSchema(CLIENT_TRACKINGS_ROUTE) },
    (request, reply) => {
      const { code } = request.query;
      // The access gate read it already (decision 216): the same answer, not a second read. Kept in
      // memory and no limit to count (limits off): answered at once, without a promise.
      const known = ctx.lookups.knownFor(request, code);
      if (known !== undefined && !ctx.config.rateLimit) {
        sendLookup(request, reply, known);
        return;
      }
      return (async () => {
        const answer = known !== undefined ? known : await ctx.lookups.lookupFor(request, code);
        // Read first: an answer kept in memory is counted in memory, no database turn (decision 221).
        await enforceLookupLimit(ctx, request, reply);
        sendLookup(request, reply, answer);
        // Sent already (its onSend hooks may still be running): Fastify must not send again.
        return reply as never;
      })();
    },
  );

  api.post(PRE_ALERT_ROUTE.path, { config: portal, schema: contractSchema(PRE_ALERT_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return reply.status(201).send(await preAlertWithInvoice(ctx.db, ctx.providers.storage, input, clientActor(request)));
  });

  // The purchase invoice: attach or replace later, open it (issue 36 item 2).
  registerInvoiceRoutes(app, ctx);

  api.patch(CLIENT_TRACKING_UPDATE_ROUTE.path, { config: portal, schema: contractSchema(CLIENT_TRACKING_UPDATE_ROUTE) }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return updateClientTracking(ctx.db, id, input, clientActor(request));
  });

  api.delete(CLIENT_TRACKING_DELETE_ROUTE.path, { config: portal, schema: contractSchema(CLIENT_TRACKING_DELETE_ROUTE) }, async (request, reply) => {
    const { id } = request.params;
    const { clientCode } = request.body;
    await enforceWriteLimits(ctx, request, reply, clientCode);
    await deleteClientTracking(ctx.db, id, clientCode, clientActor(request));
    return { success: true as const, id };
  });
}
