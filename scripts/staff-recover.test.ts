// `npm run staff:recover`: the locked-out owner gets back in with a printed temporary password;
// two-step sign-in, the disabled state and the old sessions are gone, and the audit log says the
// server did it. Another Dueño with --login; never an account of another role.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffAccounts } from "../src/server/db/schema";
import { rowsOf } from "../src/server/lib/rate-limiter";
import { useTestApp } from "../src/server/test/app";
import { createTestStaff } from "../src/server/test/staff";
import { ACTOR_LABELS } from "../src/shared/domain/staff-roles";
import { recoverOwner, StaffRecoverError } from "./staff-recover";

const t = useTestApp();

describe("recovering the owner's access from the server", () => {
  it("resets the built-in owner: enabled, no two-step, a temporary password that must be changed, sessions ended", async () => {
    const ownerId = await t.ctx.sessions.builtInOwnerId();
    const open = t.adminHeaders();
    await t.ctx.db
      .update(staffAccounts)
      .set({ disabledAt: new Date(), totpSecret: "v1.x.y.z", totpEnabledAt: new Date(), recoveryCodes: ["abc"], passwordHash: "scrypt$1$1$1$a$b" })
      .where(eq(staffAccounts.id, ownerId));

    const recovered = await recoverOwner(t.ctx.db);
    expect(recovered).toMatchObject({ accountId: ownerId, login: "admin" });
    expect(recovered.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    expect((await t.app.inject({ method: "GET", url: "/api/admin/session", headers: open })).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: recovered.temporaryPassword } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { authorization: `Bearer ${signIn.json().token}` } });
    expect(me.json().account).toMatchObject({ id: ownerId, mustChangePassword: true, totpEnabled: false });

    const [record] = rowsOf<Record<string, unknown>>(await t.ctx.db.execute(sql`select * from audit_log where action = 'cuenta.recuperar'`));
    expect(record).toMatchObject({ actor_kind: "system", actor_label: ACTOR_LABELS.system, entity_id: String(ownerId) });
    expect(JSON.stringify(record)).not.toContain(recovered.temporaryPassword);
  });

  it("recovers another Dueño by login, and refuses other roles and unknown logins", async () => {
    const dueno = await createTestStaff(t, "dueno");
    await t.ctx.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, dueno.accountId));
    const recovered = await recoverOwner(t.ctx.db, { login: dueno.login.toUpperCase() });
    expect(recovered.accountId).toBe(dueno.accountId);
    const signIn = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { login: dueno.login, password: recovered.temporaryPassword } });
    expect(signIn.statusCode).toBe(200);

    const bodega = await createTestStaff(t, "bodega");
    await expect(recoverOwner(t.ctx.db, { login: bodega.login })).rejects.toBeInstanceOf(StaffRecoverError);
    await expect(recoverOwner(t.ctx.db, { login: "nadie" })).rejects.toThrow(/No existe/);
  });
});
