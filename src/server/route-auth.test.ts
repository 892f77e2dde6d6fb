// Walks the server's route table: every admin route refuses a caller without a session, with a
// forged token and with an expired one, so no route added later can be forgotten; nor does a
// valid session count anywhere but the Bearer header (query, cookie, Basic, other headers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "./test/app";
import { createAdminSessionService } from "./modules/admin-auth/service";

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

  it("refuses every admin route without a session, with a forged token and with an expired one", async () => {
    const expired = t.ctx.sessions.issue(Date.now() - 48 * 3600_000).token;
    const foreign = createAdminSessionService({ password: "otra-clave", ttlMs: 3600_000 }).issue().token;
    const attempts: Record<string, string | undefined> = {
      none: undefined,
      garbage: "Bearer abc.def",
      foreign: `Bearer ${foreign}`,
      expired: `Bearer ${expired}`,
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
    const valid = t.ctx.sessions.issue().token;
    const [payload, signature] = valid.split(".");
    const longer = Buffer.from(JSON.stringify({ sub: "admin", exp: Date.now() + 10 * 365 * 86_400_000 })).toString("base64url");
    const attempts: Record<string, { headers?: Record<string, string>; query?: string }> = {
      "tampered payload": { headers: { authorization: `Bearer ${longer}.${signature}` } },
      "no signature": { headers: { authorization: `Bearer ${payload}.` } },
      "payload only": { headers: { authorization: `Bearer ${payload}` } },
      "signature of another payload": { headers: { authorization: `Bearer ${payload}x.${signature}` } },
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
