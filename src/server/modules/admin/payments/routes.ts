// Pagos (issue 21): record, reverse, receipts, clients' SINPE receipts (proofs), extra charge lines.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminPaymentRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 21.
}
