// Embarques, manifiestos y etiquetas (issue 20): routes land with the section in this same change.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";

export function registerAdminShipmentRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
