// What every route module receives: configuration, database and shared services.
import type { RouteContract } from "../shared/api/contract";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { RateLimiter } from "./lib/rate-limiter";
import type { LookupAllowance } from "./lib/lookup-allowance";
import type { AdminSessionService, StaffPrincipal } from "./modules/auth/service";
import type { StaffRole } from "../shared/domain/staff-roles";
import type { Providers } from "./providers";
import type { ClientLookups } from "./modules/packages/lookup-cache";
import type { ImageLinks } from "./lib/image-links";
import type { Invoicing } from "./modules/invoices/service";

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  /** What this instance knows of each address's lookups: page views, lookups answered from memory (decision 221). */
  lookupAllowance: LookupAllowance;
  /** Signs and checks proof-of-work challenges (lib/proof-of-work.ts). */
  powSecret: string;
  sessions: AdminSessionService;
  /** The client lookup, answered from memory while the database's change notices are heard (decision 140). */
  lookups: ClientLookups;
  /** Signs and checks the short-lived links to stored images (lib/image-links.ts, decision 146). */
  imageLinks: ImageLinks;
  providers: Providers;
  /** Comprobantes electrónicos (issue 34): off unless configured; on, with the opened key and Hacienda's client. */
  invoicing: Invoicing;
  /** Waits out a deliberate slowdown (after a failed admin login). Tests record it instead of waiting. */
  slowDown(ms: number): Promise<void>;
  /** Every /api route with who may call it (filled as routes register; walked by the auth test). */
  routes: {
    method: string;
    url: string;
    auth: "admin" | "public";
    codeOracle: boolean;
    /** A code-oracle route's access to a protected account (decision 216). */
    clientAccess?: "account" | "open";
    roles: readonly StaffRole[];
    contract?: RouteContract;
  }[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; an admin route needs a valid session token. */
    auth?: "admin" | "public";
    /**
     * Every public /api route also declares whether its answer can tell a stranger that a client
     * code (or a registration) exists. Such a route is watched by the code-guessing guard
     * (lib/abuse-limits.ts): each request holds one of the address's misses until its answer
     * shows it was not one. HEAD inherits it from the GET.
     */
    codeOracle?: boolean;
    /**
     * Every code-oracle route also declares what a bare code of a protected account may do with it
     * (decision 216, modules/client-access/gate.ts): "account" needs the client's sign-in then,
     * "open" answers the bare code (statuses, the sign-in itself, registration).
     */
    clientAccess?: "account" | "open";
    /**
     * Every admin route declares the staff roles that may call it (issue 19): any other role
     * gets 403. A route without it refuses to register, like one without `auth`.
     */
    roles?: readonly StaffRole[];
    /** Admin routes a person with a temporary password may still call (session, sign-out, own password). */
    whileMustChangePassword?: boolean;
  }
  interface FastifyRequest {
    /** The staff member behind an admin request, set by the auth hook once the session is verified. */
    staff?: StaffPrincipal;
  }
}
