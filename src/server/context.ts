// What every route module receives: configuration, database and shared services.
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { RateLimiter } from "./lib/rate-limiter";
import type { AdminSessionService } from "./modules/admin-auth/service";
import type { Providers } from "./providers";

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  sessions: AdminSessionService;
  providers: Providers;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; an admin route needs a valid session token. */
    auth?: "admin" | "public";
  }
}
