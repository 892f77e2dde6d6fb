// Who may try a staff password, and at what price (decision 143). A sign-in is never refused for
// its account's or its address's failures: anyone could otherwise lock the owner out by failing
// ten times from ten addresses. Instead:
// - A browser that signed in to the account before holds a signed known-device cookie; its
//   attempts are counted apart (adminLoginDevice) and strangers' failures never price them.
// - Everyone else is counted per address (adminLogin) and per account (adminLoginAccount), each
//   attempt before the password is compared. Past the free failures (challengeAfter) an attempt
//   must carry a solved proof-of-work challenge worth 1, 2, 4 … standard ones, doubling with each
//   further failure up to MAX_PRICE, so a guesser's passwords per window grow only with
//   the CPU it spends, while a person on a new device pays at most one long solve.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CHALLENGE_INVALID } from "../../../shared/api/challenge";
import { LOGIN_CHALLENGE_REQUIRED } from "../../../shared/api/admin/staff";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { effectiveLimit, limitAddress } from "../../lib/abuse-limits";
import type { AbuseLimitName } from "../../lib/abuse-limit-table";
import { challengeUrlFor, MAX_PRICE, solutionPrice, useSolution } from "../../lib/proof-of-work";
import { rowsOf } from "../../lib/rate-limiter";
import type { StaffAccountRow } from "./sign-in";

/** The known-device cookie of account N is named `ex_equipo_N` (one per account: shared office computers). */
export const DEVICE_COOKIE_PREFIX = "ex_equipo_";
/** Sent only to the sign-in. */
export const DEVICE_COOKIE_PATH = "/api/admin/login";
/** A device stays known this long after its last successful sign-in. */
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

/**
 * The work (in standard challenges) the `count`-th attempt of a window must carry: none within the
 * `free` ones, then 1, 2, 4 … up to MAX_PRICE.
 */
export function loginWork(count: number, free: number): number {
  if (count <= free) return 0;
  return Math.min(2 ** Math.min(count - free - 1, 30), MAX_PRICE);
}

/** One sign-in attempt, admitted and counted: what its answer does to the counters. */
export interface SignInAttempt {
  /** Failures of the counter it was admitted on, this one included (the failed answer's delay grows with it). */
  failures: number;
  /** From a known device of the account. */
  knownDevice: boolean;
  /** Not a failure after all (a right password that still needs its code). */
  release(): Promise<void>;
  /** A successful sign-in. */
  clear(): Promise<void>;
}

const UNCOUNTED: SignInAttempt = { failures: 0, knownDevice: false, release: async () => {}, clear: async () => {} };

function sign(key: Buffer, body: string): Buffer {
  return createHmac("sha256", key).update(body).digest();
}

/** A new known-device token of the account: `id.issuedAt.nonce.mac`. */
export function newDeviceToken(key: Buffer, accountId: number, now = Date.now()): string {
  const body = `${accountId}.${Math.floor(now / 1000)}.${randomBytes(16).toString("base64url")}`;
  return `${body}.${sign(key, body).toString("base64url")}`;
}

/** The nonce of a valid, unexpired known-device token of the account, else null. */
export function verifyDeviceToken(key: Buffer, accountId: number, token: string, now = Date.now()): string | null {
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [id, issued, nonce, mac] = parts;
  if (id !== String(accountId) || !/^\d{1,12}$/.test(issued) || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = sign(key, `${id}.${issued}.${nonce}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now / 1000 - Number(issued);
  return age >= -60 && age <= DEVICE_TTL_SECONDS ? nonce : null;
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string" || header.length > 8192) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Marks the browser as a known device of the account (after a successful sign-in). */
export function rememberDevice(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, accountId: number): void {
  const token = newDeviceToken(ctx.sessions.deviceKey, accountId);
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${DEVICE_COOKIE_PREFIX}${accountId}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/**
 * Adds one to each key's count in its live window (the rate_limits rows rate-limiter.ts keeps), in
 * one statement; rows are locked in key order, so parallel statements take their places in the same
 * order on every key, also on several instances.
 */
async function countBoth(ctx: AppContext, counters: { key: string; windowMs: number }[]): Promise<Map<string, number>> {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = rowsOf<{ key: string; count: number }>(
    await ctx.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values ${sql.join(
        sorted.map(({ key, windowMs }) => sql`(${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))`),
        sql`, `,
      )}
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning key, count`),
  );
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/**
 * Gives back one of each key's counts taken by countBoth, one statement per key: a statement that
 * locked both rows in another order than countBoth's could deadlock with it.
 */
async function releaseBoth(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) await ctx.limiter.release(key);
}

function counter(ctx: AppContext, name: AbuseLimitName, subject: string) {
  const limit = effectiveLimit(ctx.config, name);
  return { ...limit, key: `${limit.key}:${subject}` };
}

function loginChallenge(work: number, reply: FastifyReply, message = LOGIN_CHALLENGE_REQUIRED): AppError {
  reply.header("cache-control", "no-store");
  return new AppError("CHALLENGE_REQUIRED", 428, message, { challengeUrl: challengeUrlFor({ price: work }), price: work });
}

/**
 * Admits and counts one sign-in attempt before its password is compared, or throws the 428 that
 * asks for the work it must carry (nothing counted then). `subject` is the typed login (or the
 * built-in owner's): counted the same whether the account exists or not.
 */
export async function admitSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: StaffAccountRow | undefined,
  subject: string,
): Promise<SignInAttempt> {
  if (!ctx.config.rateLimit) return UNCOUNTED;
  const token = account ? cookieValue(request, `${DEVICE_COOKIE_PREFIX}${account.id}`) : undefined;
  const nonce = account && token ? verifyDeviceToken(ctx.sessions.deviceKey, account.id, token) : null;
  if (nonce) {
    const device = counter(ctx, "adminLoginDevice", nonce);
    // One atomic claim: a burst from a copied cookie gets at most `limit` free attempts.
    const claimed = await ctx.limiter.claim(device.key, device.limit, device.windowMs);
    if (claimed.allowed) {
      return {
        failures: claimed.count,
        knownDevice: true,
        release: () => ctx.limiter.release(device.key),
        clear: () => ctx.limiter.reset(device.key),
      };
    }
    // A device past its own allowance signs in as a stranger would.
  }

  const address = counter(ctx, "adminLogin", limitAddress(request.ip));
  const person = counter(ctx, "adminLoginAccount", subject);
  // Both counters in one atomic statement: of a parallel burst every attempt gets its own place in
  // both, in the same order, so exactly the first `challengeAfter` are free and each further one
  // is priced by its place (two statements let a burst interleave and price free attempts).
  const counts = await countBoth(ctx, [address, person]);
  const byAddress = counts.get(address.key) ?? 0;
  const byAccount = counts.get(person.key) ?? 0;
  const release = () => releaseBoth(ctx, [address.key, person.key]);
  const work = Math.max(loginWork(byAddress, address.challengeAfter ?? Infinity), loginWork(byAccount, person.challengeAfter ?? Infinity));
  if (work > 0) {
    try {
      if (solutionPrice(request) < work) throw loginChallenge(work, reply);
      // Checks the signature (which covers the work) and spends the solution, once, on any instance.
      await useSolution(ctx, request, { price: work }, reply).catch((error: unknown) => {
        throw error instanceof AppError && error.statusCode === 428 ? loginChallenge(work, reply, CHALLENGE_INVALID) : error;
      });
    } catch (error) {
      // No password is compared: the attempt is given back.
      await release();
      throw error;
    }
  }
  return {
    failures: byAddress,
    knownDevice: false,
    release,
    clear: async () => {
      await ctx.limiter.reset(address.key);
      await ctx.limiter.reset(person.key);
    },
  };
}

/** A failure inside a session (a wrong current password or code) raises the account's sign-in price too. */
export async function countSignInFailure(ctx: AppContext, login: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const person = counter(ctx, "adminLoginAccount", login);
  await ctx.limiter.hit(person.key, person.limit, person.windowMs);
}
