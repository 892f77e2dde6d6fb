// Caja (issue 21): cierre de caja per day and staff member, its Excel export, cuentas por cobrar.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminCashRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 21.
}
