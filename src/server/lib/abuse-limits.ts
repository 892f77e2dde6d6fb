// The helpers routes use to apply the abuse limits of abuse-limit-table.ts (name → limit per
// address, window, Spanish 429 message), overridable from RATE_LIMITS. The
// counters live in the shared limiter (PostgreSQL), so every app instance counts against the
// same allowance. Also the code-guessing guard: misses (a 404, or what the handler says) on routes
// declaring `config.codeOracle` are counted per address and raise the price of the address's
// next guess, so guessing codes stays impractical without locking out the address (decision 144,
// docs/security.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isIP } from "node:net";
import type { AppContext } from "../context";
import type { Config } from "../config";
import { AppError } from "../errors";
import type { RateLimitResult } from "./rate-limiter";
import { MAX_MISS_PRICE, useSolution } from "./proof-of-work";
import { holdsCodePass, issueCodePass } from "./code-pass";
import { CODE_PASS_HEADER } from "../../shared/api/challenge";
import { mapLookalikes, normalizeClientCode } from "../../shared/domain/client-code";
import { ABUSE_LIMITS, type AbuseLimit, type AbuseLimitName } from "./abuse-limit-table";

/** The limit in force: the default with the configuration's override applied. */
export function effectiveLimit(config: Pick<Config, "rateLimits">, name: AbuseLimitName): AbuseLimit {
  const base: AbuseLimit = ABUSE_LIMITS[name];
  const override = config.rateLimits?.[name];
  if (!override) return base;
  return {
    ...base,
    limit: override.limit ?? base.limit,
    challengeAfter: override.challengeAfter ?? base.challengeAfter,
    windowMs: override.windowMinutes !== undefined ? override.windowMinutes * 60_000 : base.windowMs,
  };
}

/**
 * The address a limit counts against. IPv6 users usually hold a whole /64, so a limit per
 * single IPv6 address would be no limit: count the /64. IPv4-mapped addresses count as IPv4.
 */
export function limitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head, tail = ""] = ip.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, missing)).fill("0"), ...right] : left;
  return groups.map((g) => (g.includes(".") ? g : g.toLowerCase().replace(/^0+(?=.)/, "")));
}

/** The counter of `name` for the request's address, or for `subject` (a phone number, a code) when given. */
function counterKey(config: Pick<Config, "rateLimits">, name: AbuseLimitName, request: FastifyRequest, subject?: string): string {
  return `${effectiveLimit(config, name).key}:${subject ?? limitAddress(request.ip)}`;
}

/** The Spanish 429 of a limit, with Retry-After when a reply is at hand. */
export function limitedError(
  config: Pick<Config, "rateLimits">,
  name: AbuseLimitName,
  retryAfterSeconds: number,
  reply?: FastifyReply,
): AppError {
  const { message } = effectiveLimit(config, name);
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  reply?.header("retry-after", String(seconds));
  const text = typeof message === "function" ? message(Math.max(1, Math.ceil(seconds / 60))) : message;
  return new AppError("RATE_LIMITED", 429, text, { retryAfterSeconds: seconds });
}

/**
 * Counts one call of `name` from the request's address (or against `subject`: a phone number);
 * past the limit throws the Spanish 429. Past `challengeAfter` the request must carry a solved
 * proof-of-work challenge, spent here (lib/proof-of-work.ts); without one it is not counted and
 * answers the 428 that makes the browser show the widget and send it again.
 */
export async function enforceLimit(
  ctx: AppContext,
  request: FastifyRequest,
  name: AbuseLimitName,
  reply?: FastifyReply,
  subject?: string,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const { limit, windowMs, challengeAfter } = effectiveLimit(ctx.config, name);
  const key = counterKey(ctx.config, name, request, subject);
  const hit = await ctx.limiter.hit(key, limit, windowMs);
  if (!hit.allowed) throw limitedError(ctx.config, name, hit.retryAfterSeconds, reply);
  if (challengeAfter === undefined || hit.count <= challengeAfter) return;
  // Counted first (atomic, so a burst cannot all pass as free), given back when no solution came.
  // The base price; the solution the miss guard took for this request (bound to its code) covers it.
  await useSolution(ctx, request, { price: 1, code: namedCode(request) }, reply).catch(async (error: unknown) => {
    await ctx.limiter.release(key);
    throw error;
  });
}

/**
 * The lookup limit (`clientLookup`) of a request reading a client's data by code: the package
 * list, coupons, referrals, comprobantes, the account's state (decision 221).
 *  - One page view counts once: the first request naming a code from an address is counted, the
 *    page's other routes for that code from that address within VIEW_MS ride on it (each route
 *    once; a refused first request makes them count themselves).
 *  - A request naming a code whose client's lookup answer is kept in memory (the route or the
 *    access gate read it for this request: a code known to be a client's, not a guess) is counted
 *    in this instance's memory while within the address's free lookups (on top of the shared
 *    count as last heard), and sent to the shared counter with the address's next count there: a
 *    kept lookup takes no database turn. Any other (a code that may be a miss, or past the free
 *    lookups, where a solved challenge is asked) is counted in the shared counter as enforceLimit
 *    does.
 */
export async function enforceLookupLimit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const fromMemory = ctx.lookups.answeredFromMemory(request);
  const allowance = ctx.lookupAllowance;
  const code = namedCode(request);
  const address = limitAddress(request.ip);
  const route = request.routeOptions.url ?? request.url;
  if (code !== undefined) {
    for (let view = allowance.join(address, code, route); view; view = allowance.join(address, code, route)) {
      // The page's first request was counted: this one rides on it.
      if (await view) return;
    }
  }
  const settle = code === undefined ? undefined : allowance.open(address, code, route);
  try {
    if (fromMemory) await countLookupHere(ctx, request, reply, address, code);
    else await countLookupShared(ctx, request, reply, address, code);
    settle?.(true);
  } catch (error) {
    settle?.(false);
    throw error;
  }
}

/**
 * Within the address's free lookups (as this instance knows them) a kept lookup is counted here.
 * Past them each lookup needs a solved challenge, whose use takes a database turn anyway: it is
 * counted in the shared counter then, with what was counted here, so the hard ceiling is always
 * the shared counter's.
 */
async function countLookupHere(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, address: string, code: string | undefined): Promise<void> {
  const { limit, windowMs, challengeAfter } = effectiveLimit(ctx.config, "clientLookup");
  if (ctx.lookupAllowance.countHere(address, windowMs) <= Math.min(challengeAfter ?? limit, limit)) return;
  ctx.lookupAllowance.giveBack(address);
  await countLookupShared(ctx, request, reply, address, code);
}

async function countLookupShared(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, address: string, code: string | undefined): Promise<void> {
  const { limit, windowMs, challengeAfter } = effectiveLimit(ctx.config, "clientLookup");
  const key = counterKey(ctx.config, "clientLookup", request);
  // The lookups this instance counted in memory for the address go with this one.
  const carried = ctx.lookupAllowance.beginSend(address, windowMs);
  let hit: RateLimitResult;
  try {
    hit = await ctx.limiter.hit(key, limit, windowMs, 1 + carried);
  } catch (error) {
    ctx.lookupAllowance.endSend(address, carried, null);
    throw error;
  }
  ctx.lookupAllowance.endSend(address, carried, hit);
  if (!hit.allowed) throw limitedError(ctx.config, "clientLookup", hit.retryAfterSeconds, reply);
  if (challengeAfter === undefined || hit.count <= challengeAfter) return;
  await useSolution(ctx, request, { price: 1, code }, reply).catch(async (error: unknown) => {
    await ctx.limiter.release(key);
    throw error;
  });
}

/**
 * For limits that count failures only (wrong passwords, code misses): takes one attempt from the
 * address's allowance (or `subject`'s: a staff login) BEFORE the outcome is known, and throws the Spanish 429 when none is left.
 * Reading the count first and writing the failure afterwards let a burst of parallel requests
 * all read the same count and all get through (issue 15 item 3). Give the attempt back with
 * `releaseAttempt` when it turned out not to be a failure.
 */
export async function claimAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  name: AbuseLimitName,
  reply?: FastifyReply,
  subject?: string,
): Promise<RateLimitResult> {
  if (!ctx.config.rateLimit) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const { limit, windowMs } = effectiveLimit(ctx.config, name);
  const claimed = await ctx.limiter.claim(counterKey(ctx.config, name, request, subject), limit, windowMs);
  if (!claimed.allowed) throw limitedError(ctx.config, name, claimed.retryAfterSeconds, reply);
  return claimed;
}

/** Gives back an attempt taken with `claimAttempt` that was not a failure (e.g. a code found). */
export async function releaseAttempt(ctx: AppContext, request: FastifyRequest, name: AbuseLimitName, subject?: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await ctx.limiter.release(counterKey(ctx.config, name, request, subject));
}

/** Forgets the address's count, or `subject`'s (a successful login). */
export async function clearLimit(ctx: AppContext, request: FastifyRequest, name: AbuseLimitName, subject?: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await ctx.limiter.reset(counterKey(ctx.config, name, request, subject));
}

/**
 * The client code a code-oracle request names (normalized): the path's `clientCode`, the query's
 * `code` or the JSON body's `clientCode`. Registration names none (it tests a phone number or a
 * referral code).
 */
export function namedCode(request: FastifyRequest): string | undefined {
  // In that order, each read only when the one before names none (no list or closure per request:
  // every lookup passes here, decision 238).
  return codeIn(field(request.params, "clientCode")) ?? codeIn(field(request.query, "code")) ?? codeIn(field(request.body, "clientCode"));
}

function field(source: unknown, name: string): unknown {
  return typeof source === "object" && source !== null && !Array.isArray(source) ? (source as Record<string, unknown>)[name] : undefined;
}

function codeIn(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const code = normalizeClientCode(value);
  return code.length >= 3 && code.length <= 32 ? code : undefined;
}

/**
 * The price (times the base challenge) of an address's next code request after `misses` misses in
 * the window: free up to `challengeAfter`, then 1, doubling every (limit − challengeAfter) / 4
 * misses up to MAX_MISS_PRICE, reached past `limit`. Never a refusal: a solved challenge at the price
 * always gets its answer (decision 144). Defaults (10 / 210): 1 from the 11th miss, 2 from the
 * 61st, 4 from the 111th, 8 from the 161st, 16 from the 211th.
 */
export function missPrice(config: Pick<Config, "rateLimits">, misses: number): number {
  const { challengeAfter = 0, limit } = effectiveLimit(config, "codeMisses");
  if (misses <= challengeAfter) return 0;
  const step = Math.max(1, Math.floor((limit - challengeAfter) / Math.log2(MAX_MISS_PRICE)));
  return Math.min(MAX_MISS_PRICE, 2 ** Math.floor((misses - challengeAfter - 1) / step));
}

/** Hands the browser a pass for `code` with this answer (lib/code-pass.ts): a code it was shown. */
export function grantCodePass(ctx: AppContext, reply: FastifyReply, code: string): void {
  if (!ctx.config.rateLimit) return;
  reply.header(CODE_PASS_HEADER, issueCodePass(ctx.powSecret, normalizeClientCode(code)));
}

/** Requests of code-oracle routes holding one of their address's misses, until their answer settles it. */
const heldMisses = new WeakMap<FastifyRequest, { key: string; miss: boolean; code?: string }>();

/**
 * For answers other than a 404 that still tell a stranger something exists (registration: an
 * unknown referrer code gets no welcome coupon, a registered number answers 409): the miss the
 * request holds is kept. Only routes declaring `config.codeOracle` hold one.
 */
export function countAsCodeMiss(request: FastifyRequest): void {
  if (request.routeOptions.config?.codeOracle !== true) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} must declare config.codeOracle to count code misses`);
  }
  const held = heldMisses.get(request);
  if (held) held.miss = true;
}

/**
 * Installs the code-guessing guard on every route declaring `config.codeOracle` (public routes
 * must say, app.ts refuses to start otherwise; HEAD inherits the GET's config, so it is covered).
 * Once the body is read and before the handler, a request takes one of its address's misses
 * atomically (one INSERT … ON CONFLICT … RETURNING in the shared counters, so a parallel burst
 * and other instances see each other), and past the free misses it must carry a solved challenge
 * at the price those misses set (`missPrice`), asked for before its answer is known, right code or
 * wrong: the answer itself tells nothing for free. The miss is given back when the answer shows it
 * was none: anything but a 404, unless the handler said otherwise (countAsCodeMiss); such an
 * answer also hands the browser a pass for the code it named. A request carrying a pass for the
 * code it names skips all this: only someone who knew that code holds one.
 */
export function installCodeGuessGuard(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.rateLimit) return;
  const hold = async (request: FastifyRequest, reply: FastifyReply) => {
    const code = namedCode(request);
    if (code !== undefined && holdsCodePass(ctx.powSecret, request.headers[CODE_PASS_HEADER], code)) return;
    const key = counterKey(ctx.config, "codeMisses", request);
    const { windowMs } = effectiveLimit(ctx.config, "codeMisses");
    // Counted, never refused: misses set the price below, not a ceiling.
    const { count } = await ctx.limiter.hit(key, Number.MAX_SAFE_INTEGER, windowMs);
    const price = missPrice(ctx.config, count);
    if (price > 0) {
      await useSolution(ctx, request, { price, code }, reply).catch(async (error: unknown) => {
        await ctx.limiter.release(key);
        throw error;
      });
    }
    heldMisses.set(request, { key, miss: false, code });
  };
  // Callback hooks that return at once for the requests they do not concern (no promise per request).
  // preValidation: the body is parsed (pre-alerts name their code there), the handler has not run.
  app.addHook("preValidation", (request, reply, done) => {
    if (request.routeOptions.config?.codeOracle !== true) return done();
    hold(request, reply).then(() => done(), done);
  });
  const settle = async (request: FastifyRequest, reply: FastifyReply | null, statusCode: number) => {
    const held = heldMisses.get(request);
    if (!held) return;
    heldMisses.delete(request);
    if (held.miss || statusCode === 404) return;
    if (reply && held.code !== undefined && statusCode >= 200 && statusCode < 300) grantCodePass(ctx, reply, held.code);
    try {
      await ctx.limiter.release(held.key);
    } catch (err) {
      // Not given back only makes the price dearer; database trouble answers elsewhere.
      request.log.warn({ err }, "could not give back a client-code miss");
    }
  };
  // onSend runs before the answer leaves, so the count is right when the client can ask again.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!heldMisses.has(request)) return done(null, payload);
    void settle(request, reply, reply.statusCode).then(() => done(null, payload));
  });
  // A request that never reached onSend (aborted) gives its miss back here.
  app.addHook("onResponse", (request, _reply, done) => {
    if (!heldMisses.has(request)) return done();
    void settle(request, null, 0).then(() => done());
  });
}

/** A client's write counts against its address and against the code it names (any address). */
export async function enforceWriteLimits(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, clientCode: string): Promise<void> {
  await enforceLimit(ctx, request, "clientWrite", reply);
  await enforceLimit(ctx, request, "clientWriteCode", reply, mapLookalikes(clientCode));
}
