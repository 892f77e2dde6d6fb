// Staff accounts for HTTP tests (issue 19): an account of a role with a session, without the
// login call (its limits and its slowdowns belong to the auth tests).
import { randomBytes, scryptSync } from "node:crypto";
import { staffAccounts } from "../db/schema";
import type { StaffRole } from "../../shared/domain/staff-roles";
import type { TestApp } from "./app";

export const TEST_STAFF_PASSWORD = "contraseña-de-prueba-larga";

let sequence = 0;
let sharedHash: string | undefined;

/**
 * TEST_STAFF_PASSWORD's hash in the stored format (`scrypt$N$r$p$salt$hash`, lib/password-hash.ts)
 * at a test cost, N = 2^10: the sign-in checks it with the production verifyPassword, which reads
 * the cost from the hash, in about 2 ms of CPU instead of 100 (the auth tests sign in hundreds of
 * times). Accounts made through the API, the password change and the unknown-login decoy keep
 * the production cost (password-hash.test.ts checks it).
 */
function testCostHash(password: string): string {
  const [n, r, p] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFC"), salt, 32, { N: n, r, p });
  return ["scrypt", n, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

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
  sharedHash ??= testCostHash(TEST_STAFF_PASSWORD);
  const [row] = await t.ctx.db
    .insert(staffAccounts)
    .values({ login, name: personName, role, passwordHash: sharedHash })
    .returning({ id: staffAccounts.id });
  const { token } = await t.ctx.sessions.issue({ accountId: row.id });
  return { accountId: row.id, login, name: personName, role, headers: { authorization: `Bearer ${token}` } };
}
