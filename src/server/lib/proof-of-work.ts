// Self-hosted proof-of-work challenges (ALTCHA, no outside service; decision 109). Instead of
// locking out an address that many phones share (carrier-grade NAT), a limit with
// `challengeAfter` asks each further request for a solved challenge: a person solves one in a few
// seconds, a guesser pays the same CPU for every few guesses. The arithmetic is in docs/security.md.
import { randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CHALLENGE_HEADER, CHALLENGE_INVALID, CHALLENGE_REQUIRED, CHALLENGE_URL } from "../../shared/api/challenge";
import type { Config } from "../config";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { storedOnce } from "./data-file";

export const POW_ALGORITHM = "PBKDF2/SHA-256";
/** A challenge must be solved and used within this time. */
export const CHALLENGE_TTL_SECONDS = 600;
/** Misses one solution may cover: the portal reads packages, coupons and referrals of one code at once. */
export const MISSES_PER_SOLUTION = 3;
export const POW_SECRET_FILE = "pow-secret";

/** POW_SECRET, else 32 random bytes generated once and kept in DATA_DIR (like the session secret). */
export function resolvePowSecret(config: Pick<Config, "pow" | "dataDir">): string {
  if (config.pow.secret) return config.pow.secret;
  return storedOnce(config.dataDir, POW_SECRET_FILE, () => randomBytes(32).toString("base64url")).value;
}

/**
 * A new challenge. Deterministic mode: the server picks the counter (uniform between half of
 * POW_MAX_COUNTER and all of it), so a solver tries counter + 1 keys of POW_COST iterations each
 * — a predictable cost, not a lucky draw.
 */
export async function newChallenge(ctx: AppContext, work = 1): Promise<Challenge> {
  const { cost, maxCounter } = ctx.config.pow;
  const secret = ctx.powSecret;
  return createChallenge({
    algorithm: POW_ALGORITHM,
    cost,
    // `work` > 1 (a sign-in under attack, decision 143): the counter range scaled, the factor in the
    // signed data so the server can check what a solution was worth (solutionWork).
    counter: randomInt(Math.ceil((maxCounter * work) / 2), maxCounter * work),
    ...(work > 1 ? { data: { work } } : {}),
    deriveKey,
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

/**
 * What the request's solution is worth in standard challenges (the `work` its challenge was made
 * with, 1 when none), or 0 when it carries none. Read before `useSolution`, which checks the
 * signature that covers it.
 */
export function solutionWork(request: FastifyRequest): number {
  const payload = parsePayload(request.headers[CHALLENGE_HEADER]);
  if (!payload) return 0;
  const work = payload.challenge.parameters.data?.work;
  return typeof work === "number" && Number.isInteger(work) && work > 1 ? work : 1;
}

/** The 428 that asks the browser to solve a challenge (the API client shows the widget and retries). */
export function challengeError(message = CHALLENGE_REQUIRED): AppError {
  return new AppError("CHALLENGE_REQUIRED", 428, message, { challengeUrl: CHALLENGE_URL });
}

/** What one request took from its solution, per use (see `useSolution`). */
type Use = "miss" | "request";
const taken = new WeakMap<FastifyRequest, Map<Use, string>>();

/**
 * Takes one use of the request's solution, or throws the 428. A solution is single-use, stored
 * spent in the shared counters until it expires (every instance sees it): "request" (a limited
 * request beyond `challengeAfter`) once, "miss" (a code-oracle request) up to
 * MISSES_PER_SOLUTION times, given back by `returnMiss` when the answer was no miss. Both are
 * taken atomically before the request runs, so a parallel burst cannot share one solution.
 */
export async function useSolution(ctx: AppContext, request: FastifyRequest, use: Use, reply?: FastifyReply): Promise<void> {
  const held = taken.get(request) ?? new Map<Use, string>();
  if (held.has(use)) return;
  const payload = parsePayload(request.headers[CHALLENGE_HEADER]);
  if (!payload) throw withNoStore(challengeError(), reply);
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
    throw withNoStore(challengeError(CHALLENGE_INVALID), reply);
  }
  const key = `pow-${use}:${params.nonce}`;
  const expiresInMs = Math.max(1000, (params.expiresAt ?? 0) * 1000 - Date.now() + 60_000);
  const claimed = await ctx.limiter.claim(key, use === "miss" ? MISSES_PER_SOLUTION : 1, expiresInMs);
  if (!claimed.allowed) throw withNoStore(challengeError(CHALLENGE_INVALID), reply);
  held.set(use, key);
  taken.set(request, held);
}

/** Gives back the miss a request took from its solution (the answer was not a miss). */
export async function returnMiss(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const key = taken.get(request)?.get("miss");
  if (!key) return;
  taken.get(request)!.delete("miss");
  await ctx.limiter.release(key);
}

function withNoStore(error: AppError, reply?: FastifyReply): AppError {
  reply?.header("cache-control", "no-store");
  return error;
}
