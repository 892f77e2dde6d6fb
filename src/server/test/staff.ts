// Staff accounts for HTTP tests (issue 19): an account of a role with a session, without the
// login call (its limits and its slowdowns belong to the auth tests).
import { staffAccounts } from "../db/schema";
import { hashPassword } from "../lib/password-hash";
import type { StaffRole } from "../../shared/domain/staff-roles";
import type { TestApp } from "./app";

export const TEST_STAFF_PASSWORD = "contraseña-de-prueba-larga";

let sequence = 0;
let sharedHash: Promise<string> | undefined;

export interface TestStaff {
  accountId: number;
  login: string;
  name: string;
  role: StaffRole;
  headers: { authorization: string };
}

/** A new enabled account of `role` (password TEST_STAFF_PASSWORD) and an open session for it. */
export async function createTestStaff(t: TestApp, role: StaffRole, name?: string): Promise<TestStaff> {
  sequence += 1;
  const login = `${role}${sequence}-${Date.now().toString(36)}`;
  const personName = name ?? `${{ dueno: "Dueña", oficina: "Oficinista", bodega: "Bodeguero", mensajero: "Mensajero" }[role]} Prueba`;
  sharedHash ??= hashPassword(TEST_STAFF_PASSWORD);
  const [row] = await t.ctx.db
    .insert(staffAccounts)
    .values({ login, name: personName, role, passwordHash: await sharedHash })
    .returning({ id: staffAccounts.id });
  const { token } = await t.ctx.sessions.issue({ accountId: row.id });
  return { accountId: row.id, login, name: personName, role, headers: { authorization: `Bearer ${token}` } };
}
