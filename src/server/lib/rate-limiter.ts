// Fixed-window abuse counters kept in PostgreSQL, so every app instance shares them.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { startPeriodicJob, type PeriodicJob } from "./jobs";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one hit on `key` within a window of `windowMs`, allowing `limit` hits; `by` counts that
   * many at once (the lookups an instance answered from memory since, decision 221).
   */
  hit(key: string, limit: number, windowMs: number, by?: number): Promise<RateLimitResult>;
  /**
   * Takes one of `limit` attempts on `key` in one atomic statement, before the attempt's outcome
   * is known; refused (nothing counted) when all are taken. For limits that count failures only,
   * with `release` giving the attempt back when it did not fail.
   */
  claim(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Gives back one attempt taken with `claim` in the current window. */
  release(key: string): Promise<void>;
  /** Reads the current count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(db: Db, enabled = true): RateLimiter {
  if (!enabled) {
    return {
      hit: async () => ({ allowed: true, count: 0, retryAfterSeconds: 0 }),
      claim: async () => ({ allowed: true, count: 0, retryAfterSeconds: 0 }),
      release: async () => {},
      peek: async () => 0,
      reset: async () => {},
    };
  }
  type Row = { count: number; reset_at: string | Date };
  /**
   * Adds `by` (one) to `key`'s count in its live window (a window that has ended starts again), in
   * one statement. With `below`, the conflict branch's WHERE makes "count < below" and "count + 1"
   * one step under the row's lock, so parallel attempts (several connections, several instances)
   * cannot all see room; a refused attempt adds nothing and answers no row.
   */
  const countOne = async (key: string, windowMs: number, below?: number, by = 1): Promise<Row | undefined> => {
    const result = await db.execute<Row>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, ${by}, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then ${by} else rate_limits.count + ${by} end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      ${below === undefined ? sql`` : sql`where rate_limits.reset_at <= now() or rate_limits.count < ${below}`}
      returning count, reset_at`);
    return rowsOf<Row>(result)[0];
  };
  return {
    async hit(key, limit, windowMs, by = 1) {
      const row = (await countOne(key, windowMs, undefined, Math.max(1, Math.floor(by))))!;
      const count = Number(row.count);
      return { allowed: count <= limit, count, retryAfterSeconds: secondsUntil(row.reset_at) };
    },
    async claim(key, limit, windowMs) {
      const row = await countOne(key, windowMs, limit);
      if (row) return { allowed: true, count: Number(row.count), retryAfterSeconds: secondsUntil(row.reset_at) };
      const held = rowsOf<Row>(await db.execute(sql`select count, reset_at from rate_limits where key = ${key}`))[0];
      return { allowed: false, count: held ? Number(held.count) : limit, retryAfterSeconds: held ? secondsUntil(held.reset_at) : windowMs / 1000 };
    },
    async release(key) {
      // Only a live window: an attempt taken in a window that has ended is already forgotten.
      await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > now()`);
    },
    async peek(key) {
      const result = await db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${key} and reset_at > now()`,
      );
      const row = rowsOf<{ count: number }>(result)[0];
      return row ? Number(row.count) : 0;
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

function secondsUntil(resetAt: string | Date): number {
  return Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000));
}

export const RATE_LIMIT_CLEANUP_MS = 10 * 60_000;
/** Rows deleted per statement, so a table grown by an attack never holds a long lock. */
const CLEANUP_BATCH = 5000;

/**
 * Deletes counters whose window has ended (hit() starts those from 1 anyway, peek() reads 0):
 * one row per address and limit would otherwise stay forever. Answers how many went.
 */
export async function deleteExpiredRateLimits(db: Db, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute<{ key: string }>(sql`
      delete from rate_limits where key in (
        select key from rate_limits where reset_at <= now() limit ${CLEANUP_BATCH}
      ) returning key`);
    const gone = rowsOf<{ key: string }>(result).length;
    deleted += gone;
    if (gone < CLEANUP_BATCH || signal?.aborted) return deleted;
  }
}

/** The periodic clean-up (buildApp starts it with the other jobs; it stops when the app closes). */
export function startRateLimitCleanup(app: FastifyInstance, ctx: { db: Db }): PeriodicJob {
  return startPeriodicJob(app, {
    name: "rate-limit-cleanup",
    everyMs: RATE_LIMIT_CLEANUP_MS,
    firstAfterMs: 60_000,
    run: (signal) => deleteExpiredRateLimits(ctx.db, signal),
  });
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too; keep one accessor. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
