// Entregas (issue 20): routes land with the section in this same change.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminDeliveryRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
