// The one gate of a protected account (issue 36 item 3, decision 216). Every route watched by the
// code-guessing guard (config.codeOracle, i.e. every portal route that names a client code) must
// also declare `config.clientAccess`:
//   "account"  the route shows or changes the account (data, photos, amounts, receipts,
//              comprobantes, coupons, referrals, pre-alerts, uploads' use, tax id, searches): when
//              the code's account is protected, it needs that client's session (policy
//              "client.openAccount", 401 in Spanish otherwise);
//   "open"     the route answers a bare code of a protected account too: the statuses, the access
//              state, the sign-in itself, and registration (which names no client's code).
// The app refuses to start with a code-oracle route that declares neither, so a new portal route
// cannot escape the gate; protected-account.test.ts walks them all from ctx.routes.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { namedCode } from "../../lib/abuse-limits";
import { authorize } from "../../core/policies";
import { hasClientSession } from "./service";

const CODE_CHARACTERS = /^[A-Z0-9]+$/;

export type ClientAccess = "account" | "open";

/** Checks the declaration as routes register (call before registerModules). */
export function requireClientAccessDeclared(route: { method: string | string[]; url: string; config?: { codeOracle?: boolean; clientAccess?: ClientAccess } }): void {
  if (route.config?.codeOracle !== true) return;
  const access = route.config.clientAccess;
  if (access !== "account" && access !== "open") {
    throw new Error(`Code-oracle route ${[route.method].flat().join(",")} ${route.url} must declare config.clientAccess ("account" or "open")`);
  }
}

async function check(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const code = namedCode(request);
  // Only a code made of letters and digits can be a client's: anything else (a NUL, a broken
  // escape) is left to the route's own validation, which refuses it in Spanish, never read here.
  if (code === undefined || !CODE_CHARACTERS.test(code)) return;
  // The lookup's kept answer knows the client and its protection (no database turn when kept).
  // Kept for the request: the lookup route answers with this same read.
  const found = await ctx.lookups.lookupFor(request, code);
  // No such client: the route answers its own 404 (a counted miss).
  if (!found?.protected) return;
  const signedIn = await hasClientSession(ctx, request, found.clientId);
  authorize({ kind: "portal", signedIn }, "client.openAccount", { protected: true });
}

/**
 * Right after the code-guessing guard (both preValidation: the body is read, the handler has not
 * run), so a protected account's route answers the same 401 whatever else the request holds.
 */
export function installClientAccessGate(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.routeOptions.config?.clientAccess !== "account") return done();
    // An unprotected client's answer kept in memory (most lookups): decided at once, no promise.
    const code = namedCode(request);
    if (code === undefined || !CODE_CHARACTERS.test(code)) return done();
    const found = ctx.lookups.knownFor(request, code);
    if (found === null || found?.protected === false) return done();
    check(ctx, request).then(() => done(), done);
  });
}
