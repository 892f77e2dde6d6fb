// The AI search quota calls (staff-side §7), all admin: GET /api/admin/search-quota (the paged
// table), GET /api/parts-search-history/{clientCode}, PATCH /api/clients/{id}/search-limits and
// POST /api/clients/{id}/reset-searches.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import { ZSearchQuotaQuerySchema, ZUpdateSearchLimitsRequestSchema } from "../../../shared/api/admin/search-quota";
import { ZClientCodeLooseSchema } from "../../../shared/api/clients";
import { z } from "../../../shared/validation";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { getPartsSearchHistory, listSearchQuotas, resetSearches, updateSearchLimits } from "./service";

const CLIENT_ID_INVALID = "Identificador de cliente inválido";
const ZIdParams = z.object({
  id: z.coerce.number({ error: CLIENT_ID_INVALID }).int(CLIENT_ID_INVALID).positive(CLIENT_ID_INVALID).max(2_147_483_647, CLIENT_ID_INVALID),
});
const ZCodeParams = z.object({ clientCode: ZClientCodeLooseSchema });

export function registerAdminSearchQuotaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/search-quota", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) =>
    listSearchQuotas(ctx.db, parseWith(ZSearchQuotaQuerySchema, request.query ?? {})),
  );

  app.get("/api/parts-search-history/:clientCode", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { clientCode } = parseWith(ZCodeParams, request.params);
    return { history: await getPartsSearchHistory(ctx.db, clientCode) };
  });

  app.patch("/api/clients/:id/search-limits", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    const body = parseWith(ZUpdateSearchLimitsRequestSchema, request.body ?? {});
    return { client: await updateSearchLimits(ctx.db, id, body, staffActor(request)) };
  });

  app.post("/api/clients/:id/reset-searches", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return { client: await resetSearches(ctx.db, id, staffActor(request)) };
  });
}
