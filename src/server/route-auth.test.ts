// Walks the server's route table: every admin route refuses a caller without a session, with a
// forged token and with an expired one, so no route added later can be forgotten.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app";
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
});
