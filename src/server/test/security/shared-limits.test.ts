// Two app instances on one PostgreSQL share their abuse limits: hits on either count against one
// allowance per address, also when they arrive at the same moment (the counter is one atomic
// upsert in the database, not a number in a process's memory).
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../app";
import { openSecondConnection } from "../database";

// PGlite is one embedded connection in one process: two instances cannot share it, so this runs
// only on PostgreSQL (DATABASE_URL), as CI's second pass does.
describe("two app instances on one PostgreSQL", () => {
  let first: TestApp | undefined;
  let secondDb: Database | undefined;
  let second: FastifyInstance | undefined;

  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  // What is shared is the counter, whatever answers past it: the lookup limit here refuses
  // with its 429 where it would otherwise ask for a challenge, and misses are not what counts.
  const LOOKUPS = ABUSE_LIMITS.clientLookup.challengeAfter;
  const RATE_LIMITS = JSON.stringify({
    clientLookup: { challengeAfter: LOOKUPS, limit: LOOKUPS },
    codeMisses: { challengeAfter: 1000, limit: 1000 },
  });

  const setUp = async () => {
    if (first && second) return { a: first.app, b: second };
    first = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMITS } });
    secondDb = await openSecondConnection(first.database);
    ({ app: second } = await buildApp({ config: first.config, database: secondDb, adminPassword: TEST_ADMIN_PASSWORD }));
    await second.ready();
    return { a: first.app, b: second };
  };

  it.skipIf(!process.env.DATABASE_URL)("count one address's hits on both against one limit, also when they arrive together", async () => {
    const { a, b } = await setUp();
    const limit = LOOKUPS;
    // Alternating, one at a time: the limit-th hit is the last allowed, whichever instance takes it.
    const answers: number[] = [];
    for (let i = 0; i < limit + 2; i++) {
      const res = await (i % 2 ? b : a).inject({ method: "GET", url: "/api/coupons/EXQQQQQ2", remoteAddress: "10.9.0.1" });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, limit).every((s) => s === 404)).toBe(true);
    expect(answers.slice(limit)).toEqual([429, 429]);
    // Another address has its own allowance on both.
    expect((await b.inject({ method: "GET", url: "/api/coupons/EXQQQQQ2", remoteAddress: "10.9.0.2" })).statusCode).toBe(404);

    // All at once, split across the two: exactly `limit` pass.
    const burst = await Promise.all(
      Array.from({ length: limit + 20 }, (_v, i) =>
        (i % 2 ? b : a).inject({ method: "GET", url: "/api/referrals/EXQQQQQ3", remoteAddress: "10.9.0.3" }),
      ),
    );
    const passed = burst.filter((r) => r.statusCode === 404).length;
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(passed).toBe(limit);
    expect(refused).toHaveLength(20);
    expect(refused.every((r) => r.json().message === ABUSE_LIMITS.clientLookup.message)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)("check at most `adminLogin` passwords of a burst of wrong logins split across both", async () => {
    const { a, b } = await setUp();
    // Never refused (decision 143): past the free failures the rest are asked for a proof of work.
    const limit = ABUSE_LIMITS.adminLogin.challengeAfter;
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_v, i) =>
        (i % 2 ? b : a).inject({ method: "POST", url: "/api/admin/login", payload: { password: "mala" }, remoteAddress: "10.9.0.4" }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(limit);
    expect(burst.filter((r) => r.statusCode === 428)).toHaveLength(200 - limit);
  });
});
