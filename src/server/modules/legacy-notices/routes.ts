// GET /api/tracking-notices, PUT /api/tracking-notices/{id}, POST /api/tracking-notices and
// GET /api/admin/tracking-stats: all admin-only, each registered from its contract entry
// (shared/api/tracking-notices.ts).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  TRACKING_NOTICE_CREATE_ROUTE,
  TRACKING_NOTICE_UPDATE_ROUTE,
  TRACKING_NOTICES_ROUTE,
  TRACKING_STATS_ROUTE,
} from "../../../shared/api/tracking-notices";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { createTrackingNotice, getTrackingPanelStats, listTrackingNotices, updateTrackingNotice } from "./service";

export function registerTrackingNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;

  // Without parameters: every notice (the spec's answer); q, estado, page and pageSize narrow and
  // page it (docs/decisions/122).
  api.get(TRACKING_NOTICES_ROUTE.path, { config, schema: contractSchema(TRACKING_NOTICES_ROUTE) }, async (request) =>
    listTrackingNotices(ctx.db, request.query),
  );

  api.post(TRACKING_NOTICE_CREATE_ROUTE.path, { config, schema: contractSchema(TRACKING_NOTICE_CREATE_ROUTE) }, async (request, reply) =>
    reply.status(201).send(await createTrackingNotice(ctx.db, request.body, staffActor(request))),
  );

  api.put(TRACKING_NOTICE_UPDATE_ROUTE.path, { config, schema: contractSchema(TRACKING_NOTICE_UPDATE_ROUTE) }, async (request) =>
    updateTrackingNotice(ctx.db, request.params.id, request.body, staffActor(request)),
  );

  api.get(TRACKING_STATS_ROUTE.path, { config, schema: contractSchema(TRACKING_STATS_ROUTE) }, async () => getTrackingPanelStats(ctx.db));
}
