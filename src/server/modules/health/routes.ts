// GET /api/health: 200 with the database reachable, 503 without.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { bearerToken } from "../auth/service";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/health", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const ok = await ctx.database.ping();
    reply.header("cache-control", "no-store");
    if (!ok) {
      return reply.status(503).send({
        status: "error",
        database: ctx.database.kind,
        error: "Servicio no disponible",
        message: "La base de datos no responde.",
      });
    }
    const answer = { status: "ok", database: ctx.database.kind, uptimeSeconds: Math.round(process.uptime()) };
    // Staff with a valid session also see the lookup cache's figures (decision 140).
    const token = bearerToken(request.headers.authorization);
    if (token && (await ctx.sessions.verify(token))) return { ...answer, details: { lookupCache: ctx.lookups.cache.stats() } };
    return answer;
  });
}
