// Admin login and sessions: the password exchange, the failed-login limit (also under a parallel
// burst), server-side sessions (logout, lifetime, password change, several instances), the
// session service itself and the random secret kept in DATA_DIR.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { rowsOf } from "../../lib/rate-limiter";
import { resolveSessionSecret, SESSION_SECRET_FILE } from "../../lib/session-secret";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/app";
import { openSecondConnection } from "../../test/database";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { LOGIN_CHALLENGE_REQUIRED } from "../../../shared/api/admin/staff";
import { createAdminSessionService } from "./service";

describe("admin sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives a token for the right password that admin routes accept", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const { token, expiresAt } = login.json();
    expect(typeof token).toBe("string");
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const session = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { authorization: `Bearer ${token}` } });
    expect(session.statusCode).toBe(200);
  });

  it("answers 401 with the spec's message for a wrong password", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "otra-cosa" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Contraseña de administrador incorrecta");
  });

  it("asks for the password when it is empty", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Por favor ingresa la contraseña de administrador");
  });

  it("refuses admin routes without, with a forged and with an expired token", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/admin/session" });
    expect(none.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/admin/session",
      headers: { authorization: "Bearer eyJzdWIiOiJhZG1pbiIsImV4cCI6OTk5OTk5OTk5OTk5OX0.firma-falsa" },
    });
    expect(forged.statusCode).toBe(401);
    const other = (await createAdminSessionService({ db: t.ctx.db, password: "otra", secret: "otra-clave", ttlMs: 60_000 }).issue()).token;
    const wrongPassword = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(other) });
    expect(wrongPassword.statusCode).toBe(401);
    const expired = (await t.ctx.sessions.issue(Date.now() - 13 * 3600_000)).token;
    const old = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(expired) });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/Sesión de administrador/);
  });

  // Issue 15 item 4: the signing key was sha256("express-import-admin-session:" + password), so
  // anyone holding the password (or cracking it offline from one leaked token) signed any session.
  it("refuses a token signed with a key derived from the password", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(legacyToken(TEST_ADMIN_PASSWORD)) });
    expect(res.statusCode).toBe(401);
  });

  it("ends the session on the server at 'Cerrar sesión' (POST /api/admin/logout)", async () => {
    const { token } = (await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD } })).json();
    const other = (await t.ctx.sessions.issue()).token;
    const out = await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/Sesión de administrador/);
    // Only that session: another stays open, and a second logout with the ended token is a 401.
    expect((await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(other) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(token) })).statusCode).toBe(401);
  });

  it("keeps only a hash of the token in the database", async () => {
    const { token } = await t.ctx.sessions.issue();
    const dump = JSON.stringify(rowsOf(await t.ctx.db.execute(sql`select * from admin_sessions`)));
    expect(dump).not.toContain(token);
    expect(dump).toContain(createHash("sha256").update(token).digest("hex"));
    expect(dump).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it("limits repeated failures from one address", async () => {
    const fresh = await createTestApp();
    try {
      await fresh.ctx.limiter.reset("admin-login:127.0.0.1");
      // Pre-load the counter to just under the limit so the test does not wait for ten slowed answers.
      for (let i = 0; i < 9; i++) await fresh.ctx.limiter.hit("admin-login:127.0.0.1", 10, 60_000);
      const tenth = await fresh.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "mala" } });
      expect(tenth.statusCode).toBe(401);
      // The tenth failure is held back 2 s (250 ms per failure, at most 2 s).
      expect(fresh.slowDowns).toEqual([2000]);
      // Past the free failures the right password is not refused: it is asked for a proof of work (decision 143).
      const priced = await fresh.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD } });
      expect(priced.statusCode).toBe(428);
      expect(priced.json().message).toBe(LOGIN_CHALLENGE_REQUIRED);
    } finally {
      await fresh.close();
    }
  });

  // Issue 15 item 3: the count was read, the password checked, then the failure written, so a
  // burst all read "0" and all got their password checked (739 of 1 000 on PostgreSQL).
  it("checks at most `challengeAfter` passwords of a burst of parallel wrong logins from one address", async () => {
    const fresh = await createTestApp();
    try {
      const burst = await Promise.all(
        Array.from({ length: 300 }, () =>
          fresh.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "mala" }, remoteAddress: "10.66.0.1" }),
        ),
      );
      const free = ABUSE_LIMITS.adminLogin.challengeAfter;
      const checked = burst.filter((r) => r.statusCode === 401).length;
      const priced = burst.filter((r) => r.statusCode === 428);
      expect(checked).toBe(free);
      // Each checked failure was held back 250 ms more than the one before, at most 2 s.
      expect(fresh.slowDowns.sort((a, b) => a - b)).toEqual(Array.from({ length: free }, (_, i) => Math.min((i + 1) * 250, 2000)));
      // The others compared nothing: each is asked for a proof of work (decision 143), none refused.
      expect(priced).toHaveLength(300 - free);
      expect(priced.every((r) => r.json().message === LOGIN_CHALLENGE_REQUIRED)).toBe(true);
      const right = await fresh.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD }, remoteAddress: "10.66.0.1" });
      expect(right.statusCode).toBe(428);
    } finally {
      await fresh.close();
    }
  });

  it("lets a right password clear the address's count", async () => {
    const fresh = await createTestApp();
    try {
      const from = { remoteAddress: "10.66.0.2" };
      for (let i = 0; i < ABUSE_LIMITS.adminLogin.challengeAfter - 1; i++) {
        await fresh.ctx.limiter.hit("admin-login:10.66.0.2", ABUSE_LIMITS.adminLogin.limit, 60_000);
      }
      const right = await fresh.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD }, ...from });
      expect(right.statusCode).toBe(200);
      expect(await fresh.ctx.limiter.peek("admin-login:10.66.0.2")).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("sessions across restarts and instances", () => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  beforeAll(async () => {
    // A configured secret: ending sessions on a password change must not depend on the secret changing.
    t = await createTestApp({ env: { SESSION_SECRET: "secreto-de-sesiones-de-prueba", RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
  });

  /** The same database restarted with other settings, as after a redeploy. */
  const restart = async (env: Record<string, string>, adminPassword = TEST_ADMIN_PASSWORD) => {
    const config = loadConfig({ ...envOf(t), ...env });
    const { app } = await buildApp({ config, database: t.database, adminPassword });
    await app.ready();
    extra.push(app);
    return app;
  };
  const session = (app: FastifyInstance, token: string) =>
    app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(token) }).then((r) => r.statusCode);

  it("holds a failed login back for real when nothing replaces the wait (the test app only records it)", async () => {
    const app = await restart({ RATE_LIMIT: "on" });
    // The real wait is a timer of the failure's delay (250 ms per failure, at most 2 s) that fires
    // before the answer is sent: recorded in order, not timed (decision 170).
    const realSetTimeout = globalThis.setTimeout;
    const events: string[] = [];
    const timers = vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
      realSetTimeout(() => {
        events.push(`timer ${ms ?? 0}`);
        callback(...args);
      }, ms)) as typeof setTimeout);
    try {
      const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "mala" }, remoteAddress: "10.66.0.9" });
      events.push("answer");
      expect(res.statusCode).toBe(401);
    } finally {
      timers.mockRestore();
    }
    const holdBack = events.findIndex((e) => /^timer (250|500|750|1000|1250|1500|1750|2000)$/.test(e));
    expect(holdBack, events.join(", ")).toBeGreaterThanOrEqual(0);
    expect(holdBack, events.join(", ")).toBeLessThan(events.indexOf("answer"));
  });

  it("ends every session when the admin password changes", async () => {
    const before = [(await t.ctx.sessions.issue()).token, (await t.ctx.sessions.issue()).token];
    const changed = await restart({}, "otra-clave-de-prueba");
    for (const token of before) expect(await session(changed, token)).toBe(401);
    // The new password opens new sessions on the restarted app.
    const login = await changed.inject({ method: "POST", url: "/api/admin/login", payload: { password: "otra-clave-de-prueba" } });
    expect(login.statusCode).toBe(200);
    expect(await session(changed, login.json().token)).toBe(200);
  });

  it("never lets a session outlive the configured lifetime, also after the lifetime is shortened", async () => {
    const opened = (await t.ctx.sessions.issue(Date.now() - 2 * 3600_000)).token; // 2 h ago, under 12 h
    expect(await session(t.app, opened)).toBe(200);
    const shorter = await restart({ SESSION_TTL_HOURS: "1" });
    expect(await session(shorter, opened)).toBe(401);
  });

  it("deletes ended sessions", async () => {
    await t.ctx.sessions.issue(Date.now() - 13 * 3600_000);
    await t.ctx.sessions.issue();
    const ended = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from admin_sessions where expires_at <= now()`));
    expect(ended[0].n).toBe(0);
  });

  // Several instances on one PostgreSQL (PGlite is one embedded connection: not possible there).
  it.skipIf(!process.env.DATABASE_URL)("open, check and end sessions on any instance of one PostgreSQL", async () => {
    const secondDb = await openSecondConnection(t.database);
    try {
      const { app: second } = await buildApp({ config: t.config, database: secondDb, adminPassword: TEST_ADMIN_PASSWORD });
      await second.ready();
      extra.push(second);
      const { token } = (await second.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD } })).json();
      expect(await session(t.app, token)).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(token) })).statusCode).toBe(204);
      expect(await session(second, token)).toBe(401);
    } finally {
      await extra.pop()?.close();
      await secondDb.close();
    }
  });
});

describe("the session service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("ends sessions at their lifetime", async () => {
    const service = createAdminSessionService({ db: t.ctx.db, password: "secreto", secret: "k", ttlMs: 60_000 });
    const start = Date.now();
    const { token, expiresAt } = await service.issue(start);
    expect(new Date(expiresAt).getTime()).toBe(start + 60_000);
    expect(await service.verify(token, start + 30_000)).toBeTruthy();
    expect(await service.verify(token, start + 60_000)).toBeNull();
  });

  it("refuses tampered, foreign-shaped and revoked tokens", async () => {
    const service = createAdminSessionService({ db: t.ctx.db, password: "secreto", secret: "k", ttlMs: 60_000 });
    const { token } = await service.issue();
    const flipped = (token[0] === "A" ? "B" : "A") + token.slice(1);
    for (const bad of [flipped, `${token}x`, token.slice(1), `${token}.x`, "", "x".repeat(5000)]) {
      expect(await service.verify(bad), bad.slice(0, 50)).toBeNull();
    }
    expect(await service.verify(token)).toBeTruthy();
    await service.revoke(token);
    expect(await service.verify(token)).toBeNull();
  });

  it("does not accept one password's sessions under another, nor another secret's", async () => {
    const a = createAdminSessionService({ db: t.ctx.db, password: "secreto", secret: "k", ttlMs: 60_000 });
    const { token } = await a.issue();
    expect(await createAdminSessionService({ db: t.ctx.db, password: "secreto", secret: "otra", ttlMs: 60_000 }).verify(token)).toBeNull();
    const b = createAdminSessionService({ db: t.ctx.db, password: "secreto2", secret: "k", ttlMs: 60_000 });
    expect(await b.verify(token)).toBeNull();
  });

  it("compares the password exactly", () => {
    const service = createAdminSessionService({ db: t.ctx.db, password: "secreto", secret: "k", ttlMs: 1000 });
    expect(service.checkSystemPassword("secreto")).toBe(true);
    expect(service.checkSystemPassword("secreto ")).toBe(false);
    expect(service.checkSystemPassword("")).toBe(false);
  });
});

describe("the session secret", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "session-secret-"));
    dirs.push(dir);
    return dir;
  };

  it("is generated once at random, kept in DATA_DIR readable by the owner only, and reused", () => {
    const dir = dataDir();
    const secret = resolveSessionSecret(undefined, dir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dir, SESSION_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret(undefined, dir)).toBe(secret);
    expect(resolveSessionSecret(undefined, dataDir())).not.toBe(secret);
    expect(readdirSync(dir)).toEqual([SESSION_SECRET_FILE]);
  });

  it("is SESSION_SECRET when configured, and no file is written", () => {
    const dir = dataDir();
    expect(resolveSessionSecret("mi-clave", dir)).toBe("mi-clave");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("replaces an empty file", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, SESSION_SECRET_FILE), "\n");
    expect(resolveSessionSecret(undefined, dir)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token as the old code signed it: HMAC-SHA256 under sha256("express-import-admin-session:" + password). */
function legacyToken(password: string): string {
  const key = createHash("sha256").update(`express-import-admin-session:${password}`).digest();
  const now = Date.now();
  const payload = Buffer.from(JSON.stringify({ sub: "admin", iat: now, exp: now + 10 * 365 * 86_400_000, jti: "x" })).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

/** The environment a test app was built from, for restarting it with changes. */
function envOf(t: TestApp): Record<string, string> {
  return {
    NODE_ENV: "test",
    DATA_DIR: t.config.dataDir,
    EXCHANGE_RATE_URLS: t.config.exchangeRate.urls.join(","),
    RATE_LIMIT: t.config.rateLimit ? "on" : "off",
    ...(t.config.sessionSecret ? { SESSION_SECRET: t.config.sessionSecret } : {}),
  };
}
