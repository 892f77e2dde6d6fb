// The audit log (issue 19), Dueño only: GET /api/admin/audit (filters, paging) and
// GET /api/admin/audit/export (.xlsx).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
