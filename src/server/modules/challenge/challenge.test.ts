// GET /api/challenge under its contract (issue 33 item 3): the query is read as before — a price
// or code that is not one is ignored (price 1, no code), never a 400 — and the answer keeps every
// field the widget and the later check need.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { answerProblems } from "../../test/contract";
import { CHALLENGE_ROUTE } from "../../../shared/api/challenge-route";

const t = useTestApp();

describe("GET /api/challenge", () => {
  it("answers a challenge at the asked price, bound to the asked code", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/challenge?price=3&code=ex1234" });
    expect(res.statusCode).toBe(200);
    expect(answerProblems(CHALLENGE_ROUTE, res)).toEqual([]);
    const { parameters, signature } = res.json() as { parameters: Record<string, unknown>; signature: string };
    expect(parameters.data).toEqual({ price: 3, code: "EX1234" });
    expect(Object.keys(parameters).sort()).toEqual(["algorithm", "cost", "data", "expiresAt", "keyLength", "keyPrefix", "keySignature", "nonce", "salt"]);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ignores a repeated or unreadable price or code instead of refusing the ask", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/challenge?price=2&price=5&code=a&code=b" });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { parameters: { data: unknown } }).parameters.data).toEqual({ price: 1 });
    const odd = await t.app.inject({ method: "GET", url: "/api/challenge?price=mucho&code=%3Cx%3E" });
    expect(odd.statusCode).toBe(200);
    expect((odd.json() as { parameters: { data: unknown } }).parameters.data).toEqual({ price: 1 });
  });
});
