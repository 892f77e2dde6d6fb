// Fixed-window abuse counters kept in PostgreSQL, so every app instance shares them.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` within a window of `windowMs`, allowing `limit` hits. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads the current count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Gives one hit back (a reservation that turned out not to count); never below zero. */
  release(key: string): Promise<void>;
}

export function createRateLimiter(db: Db, enabled = true): RateLimiter {
  if (!enabled) {
    return {
      hit: async () => ({ allowed: true, count: 0, retryAfterSeconds: 0 }),
      peek: async () => 0,
      reset: async () => {},
      release: async () => {},
    };
  }
  return {
    async hit(key, limit, windowMs) {
      const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at`);
      const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
      const count = Number(row.count);
      const resetAt = new Date(row.reset_at).getTime();
      return {
        allowed: count <= limit,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
      };
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
    async release(key) {
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
    },
  };
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too; keep one accessor. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
