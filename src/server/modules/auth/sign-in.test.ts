// Issue 19: signing in with one's own account (user name or e-mail), the built-in owner's way in,
// the limits per address and per account under parallel bursts, the own password change (the
// current session stays, the others end), temporary passwords, two-step sign-in with TOTP and
// recovery codes, and what the audit log records of it (never a password, hash or secret).
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOGIN_CHALLENGE_REQUIRED,
  LOGIN_WRONG,
  PASSWORD_CURRENT_WRONG,
  PASSWORD_MUST_CHANGE,
  PASSWORD_SAME,
  PASSWORD_CONTAINS_NAME,
  PASSWORD_TOO_COMMON,
  SECOND_FACTOR_REQUIRED_CODE,
  TOTP_CODE_REQUIRED,
  TOTP_CODE_WRONG,
  TOTP_REQUIRED_FOR_OWNER,
  UNKNOWN_ACTOR_LABEL,
  RECOVERY_CODE_COUNT,
} from "../../../shared/api/admin/staff";
import { ADMIN_PASSWORD_WRONG } from "../../../shared/api/admin/auth";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { rowsOf } from "../../lib/rate-limiter";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/app";
import { createTestStaff, TEST_STAFF_PASSWORD, type TestStaff } from "../../test/staff";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let address = 0;
/** An address of its own per call, so the per-address limit stays out of the way. */
const freshAddress = () => `10.71.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function login(t: TestApp, payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return t.app.inject({ method: "POST", url: "/api/admin/login", payload, remoteAddress });
}
const session = (t: TestApp, headers: { authorization: string }) =>
  t.app.inject({ method: "GET", url: "/api/admin/session", headers }).then((r) => r.statusCode);

async function auditRows(t: TestApp, action: string): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await t.ctx.db.execute(sql`select * from audit_log where action = ${action} order by id`));
}

/** A TOTP code of the secret `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + steps * 30_000 });

describe("signing in with one's own account", () => {
  let t: TestApp;
  let oficina: TestStaff;
  beforeAll(async () => {
    t = await createTestApp();
    oficina = await createTestStaff(t, "oficina", "Olga Oficina");
  });
  afterAll(async () => {
    await t.close();
  });

  it("opens a session for the login (any case) and the right password, and records it", async () => {
    const res = await login(t, { login: oficina.login.toUpperCase(), password: TEST_STAFF_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: bearer(res.json().token) });
    expect(me.json().account).toMatchObject({ id: oficina.accountId, role: "oficina", name: "Olga Oficina" });
    const entries = await auditRows(t, "sesion.entrar");
    expect(entries.at(-1)).toMatchObject({ actor_account_id: oficina.accountId, actor_label: "Olga Oficina", entity: "sesion" });
  });

  it("answers the same 401 for a wrong password and an unknown login, and records both without the password", async () => {
    const wrong = await login(t, { login: oficina.login, password: "no-es-la-clave-1" });
    const unknown = await login(t, { login: "nadie-sabe", password: "no-es-la-clave-2" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(LOGIN_WRONG);
    }
    const failures = await auditRows(t, "sesion.fallo");
    expect(failures.at(-2)).toMatchObject({ actor_kind: "staff", actor_account_id: oficina.accountId, entity_id: String(oficina.accountId) });
    expect(failures.at(-1)).toMatchObject({ actor_kind: "system", actor_account_id: null, actor_label: UNKNOWN_ACTOR_LABEL, entity_id: null });
    expect(failures.at(-1)!.after).toMatchObject({ login: "nadie-sabe" });
    const dump = JSON.stringify(rowsOf(await t.ctx.db.execute(sql`select * from audit_log`)));
    expect(dump).not.toContain("no-es-la-clave");
    expect(dump).not.toContain("scrypt$");
  });

  it("keeps the spec's message when no login is typed (the built-in owner)", async () => {
    const res = await login(t, { password: "otra-cosa" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ADMIN_PASSWORD_WRONG);
    expect((await login(t, { login: "", password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
    expect((await login(t, { login: "admin", password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it("records the sign-out by the person", async () => {
    const res = await login(t, { login: oficina.login, password: TEST_STAFF_PASSWORD });
    const out = await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(res.json().token) });
    expect(out.statusCode).toBe(204);
    expect((await auditRows(t, "sesion.salir")).at(-1)).toMatchObject({ actor_account_id: oficina.accountId, actor_label: "Olga Oficina" });
  });

  it("limits wrong current passwords typed inside a session on their own, and prices the account's sign-in with them", async () => {
    const person = await createTestStaff(t, "bodega");
    const change = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/me/password",
        headers: person.headers,
        payload: { currentPassword: `no-es-${i}`, newPassword: "girasol-azul-en-grecia" },
      });
    for (let i = 0; i < ABUSE_LIMITS.adminOwnCheck.limit; i++) expect((await change(i)).statusCode).toBe(400);
    expect((await change(99)).statusCode).toBe(429);
    // Each counted as a failed sign-in of the account: the next sign-in pays a proof of work, never a 429.
    const next = await login(t, { login: person.login, password: TEST_STAFF_PASSWORD });
    expect(next.statusCode).toBe(428);
    expect(next.json().message).toBe(LOGIN_CHALLENGE_REQUIRED);
  });

  it("stops a disabled account's open session at once and refuses its password", async () => {
    const bodega = await createTestStaff(t, "bodega");
    expect(await session(t, bodega.headers)).toBe(200);
    const off = await t.app.inject({ method: "POST", url: `/api/admin/accounts/${bodega.accountId}/disable`, headers: t.adminHeaders() });
    expect(off.statusCode, off.body).toBe(200);
    expect(await session(t, bodega.headers)).toBe(401);
    const again = await login(t, { login: bodega.login, password: TEST_STAFF_PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(LOGIN_WRONG);
  });
});

describe("changing one's own password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t.close();
  });
  const change = (headers: { authorization: string }, currentPassword: string, newPassword: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/me/password", headers, payload: { currentPassword, newPassword } });

  it("keeps the current session, ends the person's others, and the new password opens the next", async () => {
    const person = await createTestStaff(t, "bodega", "Bruno Bodega");
    const other = bearer((await t.ctx.sessions.issue({ accountId: person.accountId })).token);
    const someoneElse = await createTestStaff(t, "bodega");
    const res = await change(person.headers, TEST_STAFF_PASSWORD, "girasol-azul-en-grecia");
    expect(res.statusCode, res.body).toBe(204);
    expect(await session(t, person.headers)).toBe(200);
    expect(await session(t, other)).toBe(401);
    expect(await session(t, someoneElse.headers)).toBe(200);
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(401);
    expect((await login(t, { login: person.login, password: "girasol-azul-en-grecia" })).statusCode).toBe(200);
    const [record] = (await auditRows(t, "cuenta.cambiar_clave")).filter((r) => r.actor_account_id === person.accountId);
    expect(JSON.stringify(record)).not.toMatch(/girasol|scrypt/);
  });

  it("refuses a wrong current password, the same one, and common or personal ones", async () => {
    const person = await createTestStaff(t, "oficina", "Rosa Méndez");
    const wrong = await change(person.headers, "no-es-esta-clave", "girasol-azul-en-grecia");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PASSWORD_CURRENT_WRONG);
    const same = await change(person.headers, TEST_STAFF_PASSWORD, TEST_STAFF_PASSWORD);
    expect(same.json().message).toBe(PASSWORD_SAME);
    for (const weak of ["Contraseña123", "123456789a", "puravida2025", "zzzzzzzzzzzz"]) {
      const res = await change(person.headers, TEST_STAFF_PASSWORD, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().message, weak).toBe(PASSWORD_TOO_COMMON);
    }
    // Issue 32: a password refused for holding the person's login or name says so.
    for (const personal of [`${person.login}-2026`, "rosamendez99", "mendez12345", "Méndez-contraseña"]) {
      const res = await change(person.headers, TEST_STAFF_PASSWORD, personal);
      expect(res.statusCode, personal).toBe(400);
      expect(res.json().message, personal).toBe(PASSWORD_CONTAINS_NAME);
    }
    expect(await session(t, person.headers)).toBe(200);
  });

  it("makes a temporary password be changed before anything else", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/accounts",
      headers: t.adminHeaders(),
      payload: { login: "temporal@ejemplo.com", name: "Tomás Temporal", role: "oficina", temporaryPassword: "lluvia-de-mayo-7" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signIn = await login(t, { login: "temporal@ejemplo.com", password: "lluvia-de-mayo-7" });
    expect(signIn.statusCode).toBe(200);
    const headers = bearer(signIn.json().token);
    const me = await t.app.inject({ method: "GET", url: "/api/admin/session", headers });
    expect(me.json()).toMatchObject({ account: { mustChangePassword: true }, sections: [] });
    const elsewhere = await t.app.inject({ method: "GET", url: "/api/clients", headers });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: "PASSWORD_CHANGE_REQUIRED", message: PASSWORD_MUST_CHANGE });
    expect((await change(headers, "lluvia-de-mayo-7", "montaña-verde-de-sarchí")).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/clients", headers })).statusCode).toBe(200);
  });

  it("lets the built-in owner leave the system password for its own", async () => {
    const fresh = await createTestApp({ env: { RATE_LIMIT: "off" } });
    try {
      const headers = fresh.adminHeaders();
      const res = await fresh.app.inject({
        method: "POST",
        url: "/api/admin/me/password",
        headers,
        payload: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: "la-casa-amarilla-de-grecia" },
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await session(fresh, headers)).toBe(200);
      expect((await login(fresh, { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(401);
      expect((await login(fresh, { password: "la-casa-amarilla-de-grecia" })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("two-step sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, headers: { authorization: string }, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/admin/me/${url}`, headers, ...(payload ? { payload } : {}) });

  async function enable(person: TestStaff): Promise<{ secret: string; recoveryCodes: string[]; enabledWith: string }> {
    const setup = await post("totp/setup", person.headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/Express%20Import:/);
    const wrong = await post("totp/enable", person.headers, { code: "000000" === codeAt(secret) ? "111111" : "000000" });
    expect(wrong.json().message).toBe(TOTP_CODE_WRONG);
    const enabledWith = codeAt(secret);
    const on = await post("totp/enable", person.headers, { code: enabledWith });
    expect(on.statusCode, on.body).toBe(200);
    return { secret, recoveryCodes: on.json().recoveryCodes, enabledWith };
  }

  it("asks for the code after a right password, accepts each code once, and each recovery code once", async () => {
    const person = await createTestStaff(t, "oficina");
    const { secret, recoveryCodes, enabledWith } = await enable(person);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(recoveryCodes.every((c) => /^[a-z0-9]{4}-[a-z0-9]{4}$/.test(c))).toBe(true);
    // The secret is kept encrypted, the recovery codes hashed.
    const stored = JSON.stringify(rowsOf(await t.ctx.db.execute(sql`select * from staff_accounts where id = ${person.accountId}`)));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(recoveryCodes[0]);

    const noCode = await login(t, { login: person.login, password: TEST_STAFF_PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ code: SECOND_FACTOR_REQUIRED_CODE, message: TOTP_CODE_REQUIRED });
    const wrongPassword = await login(t, { login: person.login, password: "mala-mala-mala", code: codeAt(secret, 1) });
    expect(wrongPassword.json().message).toBe(LOGIN_WRONG);

    // The step used to enable is spent: the next step's code works once.
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: enabledWith })).statusCode).toBe(401);
    const next = codeAt(secret, 1);
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: next })).statusCode).toBe(200);
    const replay = await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(TOTP_CODE_WRONG);

    const recovery = recoveryCodes[3].toUpperCase().replace("-", " ");
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: recovery })).statusCode).toBe(200);
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: recoveryCodes[3] })).statusCode).toBe(401);
    // Issue 32: the recovery-code sign-in is recorded as its own action, the TOTP one is not.
    const signIns = rowsOf<{ action: string; entity_id: string }>(
      await t.ctx.db.execute(sql`select action, entity_id from audit_log where action like 'sesion.entrar%' and entity_id = ${String(person.accountId)} order by id`),
    );
    expect(signIns.map((r) => r.action)).toEqual(["sesion.entrar", "sesion.entrar_recuperacion"]);

    const session = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: person.headers });
    expect(session.json().account.totpEnabled).toBe(true);
    const records = rowsOf(await t.ctx.db.execute(sql`select * from audit_log where action like 'cuenta.dos_pasos%' or action like 'sesion.%'`));
    expect(JSON.stringify(records)).not.toContain(secret);
    expect(JSON.stringify(records)).not.toContain(recoveryCodes[3]);
  });

  it("accepts a spent code's replay nowhere, also in a parallel burst", async () => {
    const person = await createTestStaff(t, "bodega");
    const { secret } = await enable(person);
    const code = codeAt(secret, 1);
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code })));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("lets Oficina turn it off with a code, never a Dueño; new recovery codes replace the old", async () => {
    const person = await createTestStaff(t, "oficina");
    const { recoveryCodes } = await enable(person);
    const fresh = await post("recovery-codes", person.headers, { code: recoveryCodes[0] });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await post("totp/disable", person.headers, { code: recoveryCodes[1] })).statusCode).toBe(400);
    const off = await post("totp/disable", person.headers, { code: fresh.json().recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(204);
    expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(200);

    const owner = await createTestStaff(t, "dueno");
    const ownerTotp = await enable(owner);
    const refused = await post("totp/disable", owner.headers, { code: codeAt(ownerTotp.secret, 1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TOTP_REQUIRED_FOR_OWNER);
  });
});

describe("sign-in limits under parallel bursts", () => {
  it("compares at most `adminLoginAccount` free passwords of one account, whatever the addresses, and refuses none", async () => {
    const t = await createTestApp();
    try {
      const person = await createTestStaff(t, "oficina");
      const n = 60;
      const burst = await Promise.all(Array.from({ length: n }, () => login(t, { login: person.login, password: "adivinando-la-clave" })));
      const free = ABUSE_LIMITS.adminLoginAccount.challengeAfter;
      expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(free);
      const priced = burst.filter((r) => r.statusCode === 428);
      expect(priced).toHaveLength(n - free);
      expect(priced.every((r) => r.json().message === LOGIN_CHALLENGE_REQUIRED)).toBe(true);
      // Only the compared ones were failures: the audit log holds exactly `free` of them.
      expect((await auditRows(t, "sesion.fallo")).length).toBe(free);
      // The right password from a new address is asked for a proof of work, not refused (decision 143) …
      expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(428);
      // … while another account signs in freely.
      const other = await createTestStaff(t, "oficina");
      expect((await login(t, { login: other.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("compares at most `adminLogin` free passwords from one address, whatever the logins", async () => {
    const t = await createTestApp();
    try {
      const n = 60;
      const from = "10.72.0.1";
      const burst = await Promise.all(
        Array.from({ length: n }, (_, i) => login(t, { login: `persona${i}@ejemplo.com`, password: "adivinando-la-clave" }, from)),
      );
      const free = ABUSE_LIMITS.adminLogin.challengeAfter;
      expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(free);
      expect(burst.filter((r) => r.statusCode === 428)).toHaveLength(n - free);
      expect(t.slowDowns.sort((a, b) => a - b)).toEqual(Array.from({ length: free }, (_, i) => Math.min((i + 1) * 250, 2000)));
    } finally {
      await t.close();
    }
  });

  it("does not count a right password that still needs its code", async () => {
    const t = await createTestApp();
    try {
      const person = await createTestStaff(t, "bodega");
      const setup = await t.app.inject({ method: "POST", url: "/api/admin/me/totp/setup", headers: person.headers });
      const { secret } = setup.json();
      await t.app.inject({ method: "POST", url: "/api/admin/me/totp/enable", headers: person.headers, payload: { code: codeAt(secret) } });
      const from = "10.72.0.2";
      for (let i = 0; i < ABUSE_LIMITS.adminLogin.challengeAfter + 2; i++) {
        const res = await login(t, { login: person.login, password: TEST_STAFF_PASSWORD }, from);
        expect(res.json().code).toBe(SECOND_FACTOR_REQUIRED_CODE);
      }
      expect((await login(t, { login: person.login, password: TEST_STAFF_PASSWORD, code: codeAt(secret, 1) }, from)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
