// Limits that count failures only (wrong passwords, client-code misses) must hold under a burst of
// parallel requests: the attempt is counted before its outcome is known, so requests arriving
// together cannot all pass a check made before any of them was counted (issue 15 item 3). Past
// its free misses the code guard asks for a challenge rather than refusing (decision 144).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../app";

describe("failure-counted limits under a parallel burst", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '{"codeMisses":{"challengeAfter":5}}' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answer only the free misses of 50 parallel guesses from one address, and ask the others for a challenge", async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_v, i) =>
        t.app.inject({ method: "GET", url: `/api/coupons/EXQQQ${String(i).padStart(3, "0")}`, remoteAddress: "10.88.0.1" }),
      ),
    );
    const misses = burst.filter((r) => r.statusCode === 404).length;
    const asked = burst.filter((r) => r.statusCode === 428);
    expect(misses).toBe(5);
    expect(asked).toHaveLength(45);
    expect(asked.every((r) => r.json().code === "CHALLENGE_REQUIRED")).toBe(true);
    // The ones asked were not counted as misses, and the next request is asked too.
    expect(await t.ctx.limiter.peek("client-code-misses:10.88.0.1")).toBe(5);
    expect((await t.app.inject({ method: "GET", url: "/api/coupons/EXQQQ999", remoteAddress: "10.88.0.1" })).statusCode).toBe(428);
  });

  it("give back the attempt of a request that was not a miss", async () => {
    // 400s (malformed code) and found codes are not misses: they leave the count where it was.
    for (let i = 0; i < 10; i++) {
      const bad = await t.app.inject({ method: "GET", url: "/api/clients/trackings?code=nope", remoteAddress: "10.88.0.2" });
      expect(bad.statusCode).toBe(400);
    }
    expect(await t.ctx.limiter.peek("client-code-misses:10.88.0.2")).toBe(0);
  });
});
