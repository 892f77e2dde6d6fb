// The client portal's package calls (public, identified by the client code): list, pre-alert,
// edit and delete (public-site §7). The staff's package calls are in staff-routes.ts and
// use the same service.ts.
import { clientActor } from "../../lib/actor";
import type { FastifyInstance } from "fastify";
import { CLIENT_NOT_FOUND_MESSAGE, ZClientTrackingsQuerySchema } from "../../../shared/api/clients";
import {
  ZDeleteClientTrackingRequestSchema,
  ZPreAlertRequestSchema,
  ZTrackingIdParamsSchema,
} from "../../../shared/api/trackings";
import type { AppContext } from "../../context";
import { enforceLimit, enforceWriteLimits } from "../../lib/abuse-limits";
import { notFound, parseWith } from "../../errors";
import { deleteClientTracking, preAlertTracking, updateClientTracking } from "./client-portal";
import { acceptsGzip, answerBytes } from "./lookup-cache";

export function registerTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Compression is the route's own: answers kept in memory are gzipped already (lookup-cache.ts).
  app.get("/api/clients/trackings", { config: { auth: "public", codeOracle: true }, compress: false }, async (request, reply) => {
    const { code } = parseWith(ZClientTrackingsQuerySchema, request.query ?? {});
    await enforceLimit(ctx, request, "clientLookup", reply);
    const answer = await ctx.lookups.lookup(code);
    if (!answer) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    const { bytes, gzipped } = answerBytes(answer, acceptsGzip(request.headers["accept-encoding"]));
    reply.header("vary", "accept-encoding");
    if (gzipped) reply.header("content-encoding", "gzip");
    return reply.type("application/json; charset=utf-8").send(bytes);
  });

  app.post("/api/clients/trackings", { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const input = parseWith(ZPreAlertRequestSchema, request.body ?? {});
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return reply.status(201).send(await preAlertTracking(ctx.db, input, clientActor(request)));
  });

  app.patch("/api/clients/trackings/:id", { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const input = parseWith(ZPreAlertRequestSchema, request.body ?? {});
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return updateClientTracking(ctx.db, id, input, clientActor(request));
  });

  app.delete("/api/clients/trackings/:id", { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const { clientCode } = parseWith(ZDeleteClientTrackingRequestSchema, request.body ?? {});
    await enforceWriteLimits(ctx, request, reply, clientCode);
    await deleteClientTracking(ctx.db, id, clientCode, clientActor(request));
    return { success: true as const, id };
  });
}
