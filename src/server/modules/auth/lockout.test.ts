// Issue 31 item 1: anyone could lock the owner out. Ten wrong passwords for the owner (no user name
// needed), from ten addresses, made the right password answer 429 for 15 minutes; the same for any
// staff login a stranger knew. Now (decision 143) a flood of failures never refuses the right
// password: past the free failures a sign-in is asked for a proof of work that doubles with each
// further failure (at most MAX_PRICE standard challenges), a browser that signed in to the
// account before is counted apart and never priced by strangers, and open sessions keep working.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER } from "../../../shared/api/challenge";
import { MAX_PRICE } from "../../lib/proof-of-work";
import { LOGIN_CHALLENGE_REQUIRED } from "../../../shared/api/admin/staff";
import { buildApp } from "../../app";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/app";
import { CHEAP_POW_ENV, solvedChallenge } from "../../test/challenge";
import type { Database } from "../../db/client";
import { openSecondConnection } from "../../test/database";
import { createTestStaff, TEST_STAFF_PASSWORD } from "../../test/staff";
import { DEVICE_COOKIE_PATH, loginWork } from "./login-guard";

const FREE = ABUSE_LIMITS.adminLoginAccount.challengeAfter;
let n = 0;
/** A new address per call: every attempt of a flood comes from somewhere else. */
const anywhere = () => `10.80.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

type Payload = { login?: string; password: string };

function signIn(app: FastifyInstance, payload: Payload, options: { from?: string; cookie?: string; altcha?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.altcha) headers[CHALLENGE_HEADER] = options.altcha;
  return app.inject({ method: "POST", url: "/api/admin/login", payload, headers, remoteAddress: options.from ?? anywhere() });
}

/** As the browser does: on a 428 solves the challenge it names (at its work) and sends the sign-in again. */
async function signInPaying(
  app: FastifyInstance,
  payload: Payload,
  options: { from?: string; cookie?: string } = {},
): Promise<{ res: LightMyRequestResponse; work: number }> {
  const from = options.from ?? anywhere();
  const first = await signIn(app, payload, { ...options, from });
  if (first.statusCode !== 428) return { res: first, work: 0 };
  const { challengeUrl, price: work } = first.json() as { challengeUrl: string; price: number };
  const altcha = await solvedChallenge(app, from, challengeUrl);
  return { res: await signIn(app, payload, { ...options, from, altcha }), work };
}

/** The known-device cookie a successful sign-in set, as the browser sends it back. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : String(header);
  expect(line).toMatch(/HttpOnly/);
  expect(line).toMatch(/SameSite=Strict/);
  expect(line).toContain(`Path=${DEVICE_COOKIE_PATH}`);
  return line.split(";")[0];
}

const sessionStatus = (app: FastifyInstance, token: string) =>
  app.inject({ method: "GET", url: "/api/admin/session", headers: { authorization: `Bearer ${token}` } }).then((r) => r.statusCode);

// Each test compares a few dozen scrypt hashes (32 MiB each): generous time on a busy machine.
describe("nobody can lock a person out of signing in", { timeout: 120_000 }, () => {
  const apps: TestApp[] = [];
  const fresh = async () => {
    const t = await createTestApp({ env: CHEAP_POW_ENV });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it("lets the owner in with the right password after ten wrong ones from ten addresses: a new device pays a proof of work, a known device nothing", async () => {
    const t = await fresh();
    const owner = { password: TEST_ADMIN_PASSWORD };
    // The owner's own browser, signed in before the attack, with a session open.
    const before = await signIn(t.app, owner);
    expect(before.statusCode).toBe(200);
    const cookie = deviceCookie(before);
    const { token } = before.json() as { token: string };

    for (let i = 0; i < FREE; i++) expect((await signIn(t.app, { password: `adivina-${i}` })).statusCode).toBe(401);
    // The right password from a new device is not refused: it is asked for a proof of work …
    const asked = await signIn(t.app, owner);
    expect(asked.statusCode, asked.body).toBe(428);
    expect(asked.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", message: LOGIN_CHALLENGE_REQUIRED, challengeUrl: "/api/challenge?price=1", price: 1 });
    // … and with it, it opens a session.
    const paid = await signInPaying(t.app, owner);
    expect(paid.res.statusCode).toBe(200);

    // A longer flood: ten free, then each further guess pays double the one before, up to the cap.
    const works: number[] = [];
    for (let i = 0; i < FREE + 8; i++) {
      const guess = await signInPaying(t.app, { password: `otra-${i}` });
      expect(guess.res.statusCode).toBe(401);
      works.push(guess.work);
    }
    expect(works).toEqual([...Array(FREE).fill(0), 1, 2, 4, 8, 16, 32, 64, 64]);
    expect(MAX_PRICE).toBe(64);
    // The known device signs in at once, from any address, without a challenge; the open session still works.
    const known = await signIn(t.app, owner, { cookie });
    expect(known.statusCode, known.body).toBe(200);
    expect(await sessionStatus(t.app, token)).toBe(200);
    // A new device still gets in, paying the capped price.
    const late = await signInPaying(t.app, owner);
    expect(late.work).toBe(MAX_PRICE);
    expect(late.res.statusCode).toBe(200);
  });

  it("does the same for a staff login a stranger knows, answering exactly as for a login that does not exist", async () => {
    const t = await fresh();
    const person = await createTestStaff(t, "oficina");
    const cookie = deviceCookie(await signIn(t.app, { login: person.login, password: TEST_STAFF_PASSWORD }));
    const nobody = "nadie.existe@ejemplo.com";
    for (let i = 0; i < FREE; i++) {
      const real = await signIn(t.app, { login: person.login, password: `adivina-${i}` });
      const ghost = await signIn(t.app, { login: nobody, password: `adivina-${i}` });
      expect([real.statusCode, ghost.statusCode]).toEqual([401, 401]);
      expect(real.json()).toEqual(ghost.json());
    }
    const real = await signIn(t.app, { login: person.login, password: TEST_STAFF_PASSWORD });
    const ghost = await signIn(t.app, { login: nobody, password: TEST_STAFF_PASSWORD });
    expect([real.statusCode, ghost.statusCode]).toEqual([428, 428]);
    expect(real.json()).toEqual(ghost.json());
    expect(real.headers["set-cookie"]).toBeUndefined();

    expect((await signInPaying(t.app, { login: person.login, password: TEST_STAFF_PASSWORD })).res.statusCode).toBe(200);
    // The person's own browser never meets the challenge.
    expect((await signIn(t.app, { login: person.login, password: TEST_STAFF_PASSWORD }, { cookie })).statusCode).toBe(200);
  });

  it("counts a known device apart: its failures do not price strangers, strangers' do not price it, and past its own allowance it pays as a stranger", async () => {
    const t = await fresh();
    const person = await createTestStaff(t, "bodega");
    const cookie = deviceCookie(await signIn(t.app, { login: person.login, password: TEST_STAFF_PASSWORD }));
    const strangers = () => t.ctx.limiter.peek(`${ABUSE_LIMITS.adminLoginAccount.key}:${person.login}`);
    const { limit } = ABUSE_LIMITS.adminLoginDevice;
    for (let i = 0; i < limit; i++) expect((await signIn(t.app, { login: person.login, password: `typo-${i}` }, { cookie })).statusCode).toBe(401);
    expect(await strangers()).toBe(0);
    // Its eleventh failure in the window is a stranger's.
    expect((await signIn(t.app, { login: person.login, password: "typo-again" }, { cookie })).statusCode).toBe(401);
    expect(await strangers()).toBe(1);

    // A forged, another account's or a tampered cookie is no known device.
    const other = await createTestStaff(t, "bodega");
    const otherCookie = deviceCookie(await signIn(t.app, { login: other.login, password: TEST_STAFF_PASSWORD }));
    for (let i = 0; i < FREE; i++) await signIn(t.app, { login: other.login, password: `adivina-${i}` });
    const forged = [
      otherCookie.replace(`ex_equipo_${other.accountId}`, `ex_equipo_${person.accountId}`),
      otherCookie.replace(/=(\d+)\.(\d+)\./, (_m, id: string, issued: string) => `=${id}.${Number(issued) - 1}.`),
      `ex_equipo_${other.accountId}=${other.accountId}.1.AAAAAAAAAAAAAAAAAAAAAA.AAAA`,
    ];
    for (const bad of forged) expect((await signIn(t.app, { login: other.login, password: TEST_STAFF_PASSWORD }, { cookie: bad })).statusCode).toBe(428);
    expect((await signIn(t.app, { login: other.login, password: TEST_STAFF_PASSWORD }, { cookie: otherCookie })).statusCode).toBe(200);
  });

  it("compares one password of a parallel burst that carries ordinary solved challenges once the free ones are spent", async () => {
    const t = await fresh();
    for (let i = 0; i < FREE; i++) await signIn(t.app, { password: `adivina-${i}` });
    const burst = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const from = anywhere();
        return signIn(t.app, { password: "en-paralelo" }, { from, altcha: await solvedChallenge(t.app, from) });
      }),
    );
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 428)).toHaveLength(19);
    // A solution is spent once: sent again it is refused.
    const from = anywhere();
    const altcha = await solvedChallenge(t.app, from, "/api/challenge?price=4");
    expect((await signIn(t.app, { password: "x-uno-mas" }, { from, altcha })).statusCode).toBe(401);
    expect((await signIn(t.app, { password: "x-otro-mas" }, { from, altcha })).statusCode).toBe(428);
  });

  it("prices the attempts: free, then 1, 2, 4 … standard challenges, never more than the cap", () => {
    expect([1, 10, 11, 12, 13, 16, 17, 18, 1000].map((c) => loginWork(c, 10))).toEqual([0, 0, 1, 2, 4, 32, 64, 64, 64]);
  });
});

// The login case across two instances sharing one PostgreSQL (counters, solutions spent and the
// known-device key are shared): the flood and the sign-ins alternate between them.
describe.skipIf(!process.env.DATABASE_URL)("nobody can lock a person out, across two instances", { timeout: 120_000 }, () => {
  let t: TestApp;
  let secondDb: Database;
  let second: FastifyInstance;
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await t?.close();
  });

  it("lets the right password in on either instance after a flood split across both", async () => {
    t = await createTestApp({ env: CHEAP_POW_ENV });
    secondDb = await openSecondConnection(t.database);
    ({ app: second } = await buildApp({ config: t.config, database: secondDb, adminPassword: TEST_ADMIN_PASSWORD, slowDown: async () => {} }));
    await second.ready();
    const [a, b] = [t.app, second];
    const owner = { password: TEST_ADMIN_PASSWORD };
    const first = await signIn(a, owner);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    const { token } = first.json() as { token: string };

    for (let i = 0; i < FREE; i++) expect((await signIn(i % 2 ? b : a, { password: `adivina-${i}` })).statusCode).toBe(401);
    // A parallel burst split across both compares no password: every one is asked to pay.
    const burst = await Promise.all(Array.from({ length: 40 }, (_v, i) => signIn(i % 2 ? b : a, { password: "en-paralelo" })));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(40).fill(428));
    // Not refused on either: the right password pays on b, and the known device from a gets in on b at once.
    const paid = await signInPaying(b, owner);
    expect(paid.work).toBe(1);
    expect(paid.res.statusCode).toBe(200);
    for (let i = 0; i < FREE + 2; i++) await signIn(i % 2 ? b : a, { password: `de-nuevo-${i}` });
    expect((await signIn(b, owner, { cookie })).statusCode).toBe(200);
    expect(await sessionStatus(b, token)).toBe(200);
    // A solution spent on one instance is spent on the other.
    const from = anywhere();
    const altcha = await solvedChallenge(a, from, "/api/challenge?price=8");
    expect((await signIn(a, { password: "x-uno" }, { from, altcha })).statusCode).toBe(401);
    expect((await signIn(b, { password: "x-dos" }, { from, altcha })).statusCode).toBe(428);
  });
});
