// Walks the server's route table: every admin route refuses a caller without a session, with a
// forged, expired, revoked or password-derived token, so no route added later can be forgotten;
// nor does a valid session count anywhere but the Bearer header (query, cookie, Basic, other headers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "./test/app";
import { createHash, createHmac } from "node:crypto";
import { createAdminSessionService } from "./modules/auth/service";

/** Paths the staff spec marks as admin calls (staff-side §7), plus the ones this project adds. */
const MUST_BE_ADMIN = [
  /^\/api\/tracking-notices/,
  /^\/api\/tracking\/whatsapp\/entries/,
  /^\/api\/clients$/,
  /^\/api\/parts-search-history\//,
  /^\/api\/clients\/:[^/]+\/(search-limits|whatsapp-sent|reset-searches)$/,
  /^\/api\/admin\/(?!login$)/,
  /^\/api\/contacts/,
  /^\/api\/trackings\//,
  /^\/api\/import\//,
  /^\/api\/export\//,
  /^\/api\/notifications/,
];

function concrete(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (/code/i.test(name) ? "EXAB1234" : "1"));
}

describe("route table authorization", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("has admin routes to check", () => {
    expect(t.ctx.routes.filter((r) => r.auth === "admin").length).toBeGreaterThan(0);
  });

  it("marks every staff path of the spec as admin", () => {
    const wrong = t.ctx.routes.filter((r) => r.auth !== "admin" && MUST_BE_ADMIN.some((re) => re.test(r.url)));
    expect(wrong).toEqual([]);
  });

  it("refuses every admin route without a session, with a forged, expired, revoked or password-derived token", async () => {
    const expired = (await t.ctx.sessions.issue(Date.now() - 48 * 3600_000)).token;
    const foreign = (await createAdminSessionService({ db: t.ctx.db, password: "otra-clave", secret: "otra", ttlMs: 3600_000 }).issue()).token;
    const revoked = (await t.ctx.sessions.issue()).token;
    await t.ctx.sessions.revoke(revoked);
    const attempts: Record<string, string | undefined> = {
      none: undefined,
      garbage: "Bearer abc.def",
      foreign: `Bearer ${foreign}`,
      expired: `Bearer ${expired}`,
      revoked: `Bearer ${revoked}`,
      "signed with a key derived from the password": `Bearer ${legacyToken(TEST_ADMIN_PASSWORD)}`,
      "password-as-token": "Bearer clave-de-prueba-segura",
    };
    const failures: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.auth === "admin")) {
      for (const [label, authorization] of Object.entries(attempts)) {
        const res = await t.app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          payload: ["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined,
        });
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} (${label}) → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a valid session sent anywhere but the Bearer header, and tampered or unsigned tokens", async () => {
    const valid = (await t.ctx.sessions.issue()).token;
    const flipped = (valid[0] === "A" ? "B" : "A") + valid.slice(1);
    const attempts: Record<string, { headers?: Record<string, string>; query?: string }> = {
      "one character changed": { headers: { authorization: `Bearer ${flipped}` } },
      "a character more": { headers: { authorization: `Bearer ${valid}A` } },
      "a character less": { headers: { authorization: `Bearer ${valid.slice(0, -1)}` } },
      "with a suffix": { headers: { authorization: `Bearer ${valid}.x` } },
      "in the query": { query: `token=${valid}&authorization=Bearer%20${valid}` },
      "in a cookie": { headers: { cookie: `token=${valid}; session=${valid}` } },
      "as Basic": { headers: { authorization: `Basic ${Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString("base64")}` } },
      "as another header": { headers: { "x-admin-token": valid, "x-admin-password": TEST_ADMIN_PASSWORD } },
    };
    const failures: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.auth === "admin")) {
      for (const [label, { headers, query }] of Object.entries(attempts)) {
        const url = concrete(route.url) + (query ? `?${query}` : "");
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: headers ?? {},
          payload: ["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined,
        });
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} (${label}) → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses HEAD on every admin GET route without a session (Fastify adds HEAD for each GET)", async () => {
    const failures: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.auth === "admin" && r.method === "GET")) {
      const res = await t.app.inject({ method: "HEAD", url: concrete(route.url) });
      if (res.statusCode !== 401) failures.push(`HEAD ${route.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

/** A token as the old code signed it: HMAC-SHA256 under sha256("express-import-admin-session:" + password). */
function legacyToken(password: string): string {
  const key = createHash("sha256").update(`express-import-admin-session:${password}`).digest();
  const payload = Buffer.from(JSON.stringify({ sub: "admin", iat: Date.now(), exp: Date.now() + 86_400_000, jti: "x" })).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}
