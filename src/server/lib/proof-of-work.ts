// Self-hosted proof-of-work challenges (ALTCHA, no outside service; decision 109). Instead of
// locking out an address that many phones share (carrier-grade NAT), a limit with
// `challengeAfter` asks each further request for a solved challenge, and an address's code misses
// raise its price (decision 144): a person solves one in a few seconds, a guesser pays for every
// guess, more and more. The arithmetic is in docs/security.md.
import { randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CHALLENGE_HEADER, CHALLENGE_INVALID, CHALLENGE_REQUIRED, CHALLENGE_SLOW, CHALLENGE_URL } from "../../shared/api/challenge";
import type { Config } from "../config";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { storedOnce } from "./data-file";

export const POW_ALGORITHM = "PBKDF2/SHA-256";
/** A challenge must be solved and used within this time. */
export const CHALLENGE_TTL_SECONDS = 600;
/**
 * The highest price any challenge may carry, times the base one (POW_COST, POW_MAX_COUNTER): a
 * staff sign-in under a flood of failures asks for up to this much (decision 143).
 */
export const MAX_PRICE = 64;
/**
 * The highest price code misses set: they raise the price of an address's next guess up to it
 * (abuse-limits.ts, decision 144); a phone then works 16 times as long, once, and is never refused.
 */
export const MAX_MISS_PRICE = 16;
/**
 * Requests one solution bound to a client code covers: the portal reads packages, coupons and
 * referrals of one code at once (and may read them again). All name the same code, so a
 * solution still tests one code: a guesser pays one solve per guess.
 */
export const SOLUTION_USES = 4;
/**
 * A challenge fetched at one price stays good this long for one price step more (the next
 * doubling), so a neighbour whose address another person's misses made dearer while the phone
 * was solving is not asked again. Older challenges must meet the price of the moment.
 */
export const PRICE_SLACK_SECONDS = 120;
export const POW_SECRET_FILE = "pow-secret";

/** POW_SECRET, else 32 random bytes generated once and kept in DATA_DIR (like the session secret). */
export function resolvePowSecret(config: Pick<Config, "pow" | "dataDir">): string {
  if (config.pow.secret) return config.pow.secret;
  return storedOnce(config.dataDir, POW_SECRET_FILE, () => randomBytes(32).toString("base64url")).value;
}

/** What a challenge is for: its price (times the base cost) and the client code it is bound to. */
export interface ChallengeTerms {
  price: number;
  code?: string;
}

/** A price from a query or a table: a whole number from 1 to MAX_PRICE. */
export function clampPrice(price: unknown): number {
  const n = typeof price === "string" ? Number(price) : typeof price === "number" ? price : 1;
  return Number.isFinite(n) ? Math.min(MAX_PRICE, Math.max(1, Math.floor(n))) : 1;
}

/**
 * A new challenge at `price` times the base cost, optionally bound to one client code (signed
 * into its data, so it cannot be moved to another code). Deterministic mode: the server picks
 * the counter uniformly from 1 to price × POW_MAX_COUNTER, and a solver tries counters from 0 until
 * it meets it, POW_COST iterations each: on average half the range, for a solver that knows the
 * range too (a range starting higher would let a guesser skip its lower part, decision 144).
 */
export async function newChallenge(ctx: AppContext, terms: Partial<ChallengeTerms> = {}): Promise<Challenge> {
  const { cost, maxCounter } = ctx.config.pow;
  const secret = ctx.powSecret;
  const price = clampPrice(terms.price);
  return createChallenge({
    algorithm: POW_ALGORITHM,
    cost,
    counter: randomInt(price * maxCounter, 1),
    deriveKey,
    data: terms.code ? { price, code: terms.code } : { price },
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(header: unknown): Payload | null {
  if (typeof header !== "string" || header.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as Partial<Payload>;
    if (!parsed?.challenge?.parameters || !parsed.solution) return null;
    return parsed as Payload;
  } catch {
    return null;
  }
}

/** Where the browser gets a challenge meeting `terms` (the 428 names it; the widget fetches it). */
export function challengeUrlFor(terms: ChallengeTerms): string {
  const query = new URLSearchParams({ price: String(clampPrice(terms.price)) });
  if (terms.code) query.set("code", terms.code);
  return `${CHALLENGE_URL}?${query.toString()}`;
}

/** The 428 that asks the browser to solve a challenge (the API client shows the widget and retries). */
export function challengeError(message = CHALLENGE_REQUIRED, terms: ChallengeTerms = { price: 1 }): AppError {
  return new AppError("CHALLENGE_REQUIRED", 428, message, { challengeUrl: challengeUrlFor(terms), price: clampPrice(terms.price) });
}

/**
 * The price of the challenge the request's solution answers (1 for one made without a price), or 0
 * when it carries none. Read before `useSolution`, which checks the signature that covers it.
 */
export function solutionPrice(request: FastifyRequest): number {
  const payload = parsePayload(request.headers[CHALLENGE_HEADER]);
  return payload ? clampPrice(payload.challenge.parameters.data?.price) : 0;
}

/** The solution use each request holds (one, whatever number of limits ask for it). */
const taken = new WeakMap<FastifyRequest, { price: number; code?: string }>();

/**
 * Takes one use of the request's solution, or throws the 428 naming the challenge to solve. The
 * challenge must be ours, unexpired, cost at least `terms.price` (one step less when it was
 * fetched within PRICE_SLACK_SECONDS) and, when it is bound to a code, be used for that code.
 * A solution bound to a code covers SOLUTION_USES requests naming it; one bound to none, one
 * request. Uses are taken atomically in the shared counters until the challenge expires (every
 * instance sees them), so neither a replay nor a parallel burst nor another instance stretches
 * one. A request takes at most one use, whichever limits ask (the miss guard, the lookup limit).
 */
export async function useSolution(ctx: AppContext, request: FastifyRequest, terms: ChallengeTerms, reply?: FastifyReply): Promise<void> {
  const held = taken.get(request);
  if (held && held.price >= terms.price) return;
  const ask = (message: string) => withNoStore(challengeError(message, terms), reply);
  const payload = parsePayload(request.headers[CHALLENGE_HEADER]);
  if (!payload) throw ask(priceMessage(terms.price));
  const secret = ctx.powSecret;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
  }).catch(() => null);
  // Our own parameters only: a cheaper challenge signed with an older POW_COST is refused too.
  const params = payload.challenge.parameters;
  if (!result?.verified || params.algorithm !== POW_ALGORITHM || params.cost < ctx.config.pow.cost) {
    throw ask(CHALLENGE_INVALID);
  }
  const data = params.data ?? {};
  const price = clampPrice(data.price);
  const code = typeof data.code === "string" ? data.code : undefined;
  // Bound to another code (the visitor moved on to another code): a new challenge, no reproach.
  if (code !== undefined && code !== terms.code) throw ask(priceMessage(terms.price));
  const issuedAt = (params.expiresAt ?? 0) - CHALLENGE_TTL_SECONDS;
  const fresh = Date.now() / 1000 - issuedAt <= PRICE_SLACK_SECONDS;
  if (price < terms.price && !(fresh && price * 2 >= terms.price)) throw ask(priceMessage(terms.price));
  const key = `pow-use:${params.nonce}`;
  const expiresInMs = Math.max(1000, (params.expiresAt ?? 0) * 1000 - Date.now() + 60_000);
  const claimed = await ctx.limiter.claim(key, code === undefined ? 1 : SOLUTION_USES, expiresInMs);
  if (!claimed.allowed) throw ask(CHALLENGE_INVALID);
  taken.set(request, { price: Math.max(price, terms.price), code });
}

/** The 428's sentence: a longer wait is announced. */
function priceMessage(price: number): string {
  return price >= 4 ? `${CHALLENGE_REQUIRED} ${CHALLENGE_SLOW}` : CHALLENGE_REQUIRED;
}

function withNoStore(error: AppError, reply?: FastifyReply): AppError {
  reply?.header("cache-control", "no-store");
  return error;
}
