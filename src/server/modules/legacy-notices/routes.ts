// GET /api/tracking-notices, PUT /api/tracking-notices/{id}, POST /api/tracking-notices and
// GET /api/admin/tracking-stats: all admin-only.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import {
  ZCreateTrackingNoticeRequestSchema,
  ZListTrackingNoticesQuerySchema,
  ZUpdateTrackingNoticeRequestSchema,
} from "../../../shared/api/tracking-notices";
import { z } from "../../../shared/validation";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { createTrackingNotice, getTrackingPanelStats, listTrackingNotices, updateTrackingNotice } from "./service";

const ZNoticeParams = z.object({ id: z.coerce.number().int().positive() });

export function registerTrackingNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Without parameters: every notice (the spec's answer); q, estado, page and pageSize narrow and
  // page it (docs/decisions/122).
  app.get("/api/tracking-notices", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) =>
    listTrackingNotices(ctx.db, parseWith(ZListTrackingNoticesQuerySchema, request.query ?? {})),
  );

  app.post("/api/tracking-notices", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request, reply) => {
    const input = parseWith(ZCreateTrackingNoticeRequestSchema, request.body ?? {});
    return reply.status(201).send(await createTrackingNotice(ctx.db, input, staffActor(request)));
  });

  app.put("/api/tracking-notices/:id", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZNoticeParams, request.params);
    const change = parseWith(ZUpdateTrackingNoticeRequestSchema, request.body ?? {});
    return updateTrackingNotice(ctx.db, id, change, staffActor(request));
  });

  app.get("/api/admin/tracking-stats", { config: { auth: "admin", roles: OFFICE_STAFF } }, async () => getTrackingPanelStats(ctx.db));
}
