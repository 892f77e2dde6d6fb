// The client's statement calls (issue 21): a SINPE receipt photo sent from /rastreo.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";

export function registerPaymentRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 21.
}
