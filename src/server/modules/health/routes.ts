// GET /api/health: 200 with the database reachable, 503 without.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HEALTH_ROUTE } from "../../../shared/api/health";
import type { AppContext } from "../../context";
import { contractSchema } from "../../lib/route-contract";
import { bearerToken } from "../auth/service";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(HEALTH_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(HEALTH_ROUTE) }, async (request, reply) => {
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
    const answer = { status: "ok" as const, database: ctx.database.kind, uptimeSeconds: Math.round(process.uptime()) };
    // Staff with a valid session also see the lookup cache's figures (decision 140) and the memory (229).
    const token = bearerToken(request.headers.authorization);
    if (token && (await ctx.sessions.verify(token))) {
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const memory = { rss, heapTotal, heapUsed, external, arrayBuffers, databaseWasm: ctx.database.wasmMemoryBytes?.() ?? null };
      return { ...answer, details: { lookupCache: ctx.lookups.cache.stats(), memory } };
    }
    return answer;
  });
}
