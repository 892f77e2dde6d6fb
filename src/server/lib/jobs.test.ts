// Background jobs: the periodic-job helper (no overlapping runs, stopped by the app's close, a
// run under way given up at the shutdown deadline) and the clean-up of expired rate_limits
// rows that buildApp starts with the other jobs.
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { reachShutdownDeadline, startPeriodicJob } from "./jobs";
import { createRateLimiter, deleteExpiredRateLimits, rowsOf } from "./rate-limiter";

describe("startPeriodicJob", () => {
  it("never overlaps a run, and on close waits for the one under way until the deadline, which it aborts", async () => {
    const app = Fastify();
    let runs = 0;
    let release: () => void = () => {};
    let seen: AbortSignal | undefined;
    const job = startPeriodicJob(app, {
      name: "test",
      everyMs: 3_600_000,
      run: (signal) => {
        runs++;
        seen = signal;
        return new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener("abort", () => resolve(), { once: true });
        });
      },
    });
    const first = job.runNow();
    const second = job.runNow();
    expect(second).toBe(first);
    await Promise.resolve();
    expect(runs).toBe(1);

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    expect(seen?.aborted).toBe(false);
    reachShutdownDeadline(app);
    await closing;
    expect(seen?.aborted).toBe(true);
    release();
    await job.runNow();
    expect(runs).toBe(1);
  });

  it("logs a failed run and runs again next time", async () => {
    const app = Fastify();
    let runs = 0;
    const job = startPeriodicJob(app, {
      name: "test",
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("boom");
      },
    });
    await job.runNow();
    await job.runNow();
    expect(runs).toBe(2);
    await app.close();
  });
});

describe("expired rate_limits rows", () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it("are deleted by the clean-up, live counters are kept", async () => {
    const t = await createTestApp();
    apps.push(t);
    const limiter = createRateLimiter(t.ctx.db);
    await limiter.hit("live:1", 5, 60_000);
    await t.ctx.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      select 'expired:' || n, 3, now() - interval '1 minute' from generate_series(1, 12000) as n`);
    expect(await deleteExpiredRateLimits(t.ctx.db)).toBe(12000);
    const keys = rowsOf<{ key: string }>(await t.ctx.db.execute(sql`select key from rate_limits`)).map((r) => r.key);
    expect(keys).toEqual(["live:1"]);
    expect(await limiter.peek("live:1")).toBe(1);
  });
});
