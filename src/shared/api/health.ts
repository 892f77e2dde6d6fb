// GET /api/health (public): 200 with the database reachable, 503 without; staff with a valid
// session also see the lookup cache's figures (decision 140) and the process's memory (decision 229).
import { z } from "../validation";
import { defineRoute } from "./contract";

const ZDatabaseKindSchema = z.enum(["pglite", "postgres"]);

/** The lookup cache's counters (packages/lookup-cache.ts LookupCacheStats), shown to staff only. */
const ZLookupCacheStatsSchema = z.object({
  enabled: z.boolean(),
  listening: z.boolean(),
  entries: z.number(),
  bytes: z.number(),
  maxEntries: z.number(),
  maxBytes: z.number(),
  hits: z.number(),
  misses: z.number(),
  fills: z.number(),
  invalidations: z.number(),
  resets: z.number(),
  evictions: z.number(),
});

/**
 * The process's memory in bytes (process.memoryUsage(), shown to staff only): `external` includes
 * the embedded database's WebAssembly memory, whose size is `databaseWasm` (PGlite; null on PostgreSQL).
 */
const ZMemorySchema = z.object({
  rss: z.number(),
  heapTotal: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
  databaseWasm: z.number().nullable(),
});

export const ZHealthResponseSchema = z.object({
  status: z.literal("ok"),
  database: ZDatabaseKindSchema,
  uptimeSeconds: z.number().int(),
  details: z.object({ lookupCache: ZLookupCacheStatsSchema, memory: ZMemorySchema }).optional(),
});

export const ZHealthDownResponseSchema = z.object({
  status: z.literal("error"),
  database: ZDatabaseKindSchema,
  error: z.string(),
  message: z.string(),
});

export const HEALTH_ROUTE = defineRoute({
  method: "GET",
  path: "/api/health",
  tag: "health",
  summary: "Estado del servidor: 200 con la base de datos disponible, 503 sin ella",
  responses: { 200: ZHealthResponseSchema, 503: ZHealthDownResponseSchema },
});
