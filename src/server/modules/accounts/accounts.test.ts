// Issue 19: the Dueño's accounts calls — list, create, edit, disable/enable, temporary password,
// sessions — their refusals (taken login, own account, the last Dueño, other roles) and their
// audit records (before/after, never a hash or a password).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_LAST_OWNER,
  ACCOUNT_LOGIN_TAKEN,
  ACCOUNT_NOT_FOUND,
  ACCOUNT_SELF_LOCKOUT,
  PASSWORD_CONTAINS_NAME,
  PASSWORD_TOO_COMMON,
  ROLE_FORBIDDEN,
  type TStaffAccount,
} from "../../../shared/api/admin/staff";
import { rowsOf } from "../../lib/rate-limiter";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { createTestStaff, TEST_STAFF_PASSWORD } from "../../test/staff";
import { setAccountDisabled } from "./service";

const t = useTestApp();

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, headers = t.adminHeaders()) =>
  t.app.inject({ method, url: `/api/admin/accounts${url}`, headers, ...(payload ? { payload } : {}) });
const login = (payload: object) => t.app.inject({ method: "POST", url: "/api/admin/login", payload });
const auditOf = async (entityId: number) =>
  rowsOf<Record<string, unknown>>(await t.ctx.db.execute(sql`select * from audit_log where entity = 'cuenta' and entity_id = ${String(entityId)} order by id`));

describe("staff accounts (Dueño)", () => {
  let created: TStaffAccount;
  beforeAll(async () => {
    const res = await call("POST", "", { login: "Maria@Ejemplo.com", name: "María Solano", role: "oficina", temporaryPassword: "volcan-poas-sin-nubes" });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
  });

  it("creates an account with a temporary password that must be changed, and lists it", async () => {
    expect(created).toMatchObject({ login: "maria@ejemplo.com", name: "María Solano", role: "oficina", builtIn: false, disabled: false, mustChangePassword: true, openSessions: 0, lastSignInAt: null });
    expect((await login({ login: "maria@ejemplo.com", password: "volcan-poas-sin-nubes" })).statusCode).toBe(200);
    const list: TStaffAccount[] = (await call("GET", "")).json();
    expect(list[0]).toMatchObject({ builtIn: true, role: "dueno" });
    expect(list.find((a) => a.id === created.id)).toMatchObject({ openSessions: 1, lastSignInAt: expect.any(String) });
    const [record] = await auditOf(created.id);
    expect(record).toMatchObject({ action: "cuenta.crear", actor_kind: "staff" });
    expect(record.after).toMatchObject({ login: "maria@ejemplo.com", role: "oficina" });
    expect(JSON.stringify(record)).not.toMatch(/volcan|scrypt/);
  });

  it("refuses a taken login (any case), a common temporary password, and other roles", async () => {
    const taken = await call("POST", "", { login: "MARIA@ejemplo.com", name: "Otra María", role: "bodega", temporaryPassword: "nube-sobre-el-irazu" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ACCOUNT_LOGIN_TAKEN);
    const common = await call("POST", "", { login: "pedro", name: "Pedro Soto", role: "bodega", temporaryPassword: "contraseña1234" });
    expect(common.json().message).toBe(PASSWORD_TOO_COMMON);
    const personal = await call("POST", "", { login: "pedro", name: "Pedro Soto", role: "bodega", temporaryPassword: "soto-del-irazu-7" });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toBe(PASSWORD_CONTAINS_NAME);
    const oficina = await createTestStaff(t, "oficina");
    const forbidden = await call("GET", "", undefined, oficina.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ROLE_FORBIDDEN);
    expect((await call("GET", "/999999/sessions")).json().message).toBe(ACCOUNT_NOT_FOUND);
  });

  it("edits name, role and login, recording only what changed", async () => {
    const res = await call("PATCH", `/${created.id}`, { name: "María José Solano", role: "bodega", login: "mjsolano" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "María José Solano", role: "bodega", login: "mjsolano" });
    const same = await call("PATCH", `/${created.id}`, { role: "bodega" });
    expect(same.statusCode).toBe(200);
    const edits = (await auditOf(created.id)).filter((r) => r.action === "cuenta.editar");
    expect(edits).toHaveLength(1);
    expect(edits[0].before).toEqual({ login: "maria@ejemplo.com", name: "María Solano", role: "oficina" });
    expect(edits[0].after).toEqual({ login: "mjsolano", name: "María José Solano", role: "bodega" });
    const clash = await call("PATCH", `/${created.id}`, { login: "admin" });
    expect(clash.statusCode).toBe(409);
  });

  it("sets a temporary password: the person's sessions end and the next sign-in must change it", async () => {
    const person = await createTestStaff(t, "bodega");
    const res = await call("POST", `/${person.accountId}/password`, { temporaryPassword: "nueva-temporal-123" });
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/session", headers: person.headers })).statusCode).toBe(401);
    expect((await login({ login: person.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(401);
    const signIn = await login({ login: person.login, password: "nueva-temporal-123" });
    const me = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { authorization: `Bearer ${signIn.json().token}` } });
    expect(me.json().account.mustChangePassword).toBe(true);
    const record = (await auditOf(person.accountId)).find((r) => r.action === "cuenta.clave_temporal");
    expect(JSON.stringify(record)).not.toMatch(/nueva-temporal|scrypt/);
  });

  it("lists an account's sessions and ends them all", async () => {
    const person = await createTestStaff(t, "oficina");
    await t.ctx.sessions.issue({ accountId: person.accountId, ip: "10.9.8.7", userAgent: "Navegador de prueba" });
    const sessions = await call("GET", `/${person.accountId}/sessions`);
    expect(sessions.json()).toHaveLength(2);
    expect(sessions.json()).toContainEqual(expect.objectContaining({ ip: "10.9.8.7", userAgent: "Navegador de prueba" }));
    expect((await call("DELETE", `/${person.accountId}/sessions`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/session", headers: person.headers })).statusCode).toBe(401);
    expect((await call("GET", `/${person.accountId}/sessions`)).json()).toHaveLength(0);
    expect((await auditOf(person.accountId)).at(-1)).toMatchObject({ action: "cuenta.cerrar_sesiones", after: { endedSessions: 2 } });
  });

  it("disables and enables; never one's own account, never the last Dueño", async () => {
    const person = await createTestStaff(t, "oficina");
    expect((await call("POST", `/${person.accountId}/disable`)).json()).toMatchObject({ disabled: true, openSessions: 0 });
    expect((await call("POST", `/${person.accountId}/enable`)).json()).toMatchObject({ disabled: false });
    expect((await login({ login: person.login, password: TEST_STAFF_PASSWORD })).statusCode).toBe(200);
    const actions = (await auditOf(person.accountId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["cuenta.desactivar", "cuenta.activar"]));

    const ownerId = await t.ctx.sessions.builtInOwnerId();
    const self = await call("POST", `/${ownerId}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ACCOUNT_SELF_LOCKOUT);
    expect((await call("PATCH", `/${ownerId}`, { role: "oficina" })).json().message).toBe(ACCOUNT_SELF_LOCKOUT);
    // A caller that is not an enabled Dueño (a race: its own account was just disabled) cannot
    // leave the application without one.
    const err = await setAccountDisabled(t.ctx.db, { kind: "staff", accountId: person.accountId, label: "x", ip: null }, ownerId, true).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, message: ACCOUNT_LAST_OWNER });
  });
});

describe("two Dueños disabling each other at the same instant", () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("leave one enabled Dueño", async () => {
    const a = await createTestStaff(fresh, "dueno");
    const b = await createTestStaff(fresh, "dueno");
    const ownerId = await fresh.ctx.sessions.builtInOwnerId();
    expect((await fresh.app.inject({ method: "POST", url: `/api/admin/accounts/${ownerId}/disable`, headers: a.headers })).statusCode).toBe(200);
    const [ab, ba] = await Promise.all([
      fresh.app.inject({ method: "POST", url: `/api/admin/accounts/${b.accountId}/disable`, headers: a.headers }),
      fresh.app.inject({ method: "POST", url: `/api/admin/accounts/${a.accountId}/disable`, headers: b.headers }),
    ]);
    expect([ab.statusCode, ba.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const owners = rowsOf<{ n: number }>(
      await fresh.ctx.db.execute(sql`select count(*)::int as n from staff_accounts where role = 'dueno' and disabled_at is null`),
    );
    expect(owners[0].n).toBe(1);
  });
});
