// The AI search quota calls (staff-side §7), all admin: GET /api/admin/search-quota (the paged
// table), GET /api/parts-search-history/{clientCode}, PATCH /api/clients/{id}/search-limits and
// POST /api/clients/{id}/reset-searches. The contract entries are in shared/api/admin/search-quota.ts.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  PARTS_SEARCH_HISTORY_ROUTE,
  RESET_SEARCHES_ROUTE,
  SEARCH_LIMITS_ROUTE,
  SEARCH_QUOTA_ROUTE,
} from "../../../shared/api/admin/search-quota";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { getPartsSearchHistory, listSearchQuotas, resetSearches, updateSearchLimits } from "./service";

const config = { auth: "admin", roles: OFFICE_STAFF } as const;

export function registerAdminSearchQuotaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(SEARCH_QUOTA_ROUTE.path, { config, schema: contractSchema(SEARCH_QUOTA_ROUTE) }, async (request) =>
    listSearchQuotas(ctx.db, request.query),
  );

  api.get(PARTS_SEARCH_HISTORY_ROUTE.path, { config, schema: contractSchema(PARTS_SEARCH_HISTORY_ROUTE) }, async (request) => ({
    history: await getPartsSearchHistory(ctx.db, request.params.clientCode),
  }));

  api.patch(SEARCH_LIMITS_ROUTE.path, { config, schema: contractSchema(SEARCH_LIMITS_ROUTE) }, async (request) => ({
    client: await updateSearchLimits(ctx.db, request.params.id, request.body, staffActor(request)),
  }));

  api.post(RESET_SEARCHES_ROUTE.path, { config, schema: contractSchema(RESET_SEARCHES_ROUTE) }, async (request) => ({
    client: await resetSearches(ctx.db, request.params.id, staffActor(request)),
  }));
}
