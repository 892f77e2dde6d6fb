// Staff accounts (issue 19), Dueño only: list, create, edit, disable/enable, temporary password,
// end sessions. The calls are listed in shared/api/admin/staff.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
