// `npm run staff:recover [-- --login <usuario>]`: when the owner is locked out (forgotten
// password, lost phone and recovery codes, account disabled), resets the built-in owner account
// (or another Dueño account with --login) on the server itself: enabled, role Dueño, a new
// generated temporary password printed once (to be changed at the next sign-in), two-step
// sign-in and recovery codes cleared, its sessions ended, and an audit record by 'Servidor'.
// It opens the database from the same configuration as the server (DATABASE_URL or DATA_DIR);
// the embedded database belongs to one process at a time, so it refuses while the server (or
// another script) holds DATA_DIR's lock: stop the server first then.
import { eq } from "drizzle-orm";
import { loadConfig, pgliteDir } from "../src/server/config";
import { openDatabase, type Db } from "../src/server/db/client";
import { adminSessions, staffAccounts } from "../src/server/db/schema";
import { loadEnvFile } from "../src/server/env-file";
import { hashPassword } from "../src/server/lib/password-hash";
import { SYSTEM_ACTOR } from "../src/server/lib/actor";
import { recordAudit } from "../src/server/core/audit/service";
import { BUILT_IN_OWNER_LOGIN, BUILT_IN_OWNER_NAME } from "../src/server/modules/auth/service";
import { generateAdminPassword } from "../src/server/lib/admin-password";
import { lockDataDir } from "../src/server/lib/data-dir-lock";
import { parseFlag, runIfScript } from "./backup";

export class StaffRecoverError extends Error {}

export interface RecoveredOwner {
  accountId: number;
  login: string;
  /** Shown once; only its hash is stored. */
  temporaryPassword: string;
  endedSessions: number;
}

/**
 * Resets a Dueño account: the built-in owner (created when missing), or the account `login`
 * names (which must be a Dueño). One transaction: the account, its sessions and the audit record.
 */
export async function recoverOwner(db: Db, options: { login?: string } = {}): Promise<RecoveredOwner> {
  const temporaryPassword = generateAdminPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  return db.transaction(async (tx) => {
    const login = options.login?.trim().toLowerCase();
    if (!login) {
      await tx
        .insert(staffAccounts)
        .values({ login: BUILT_IN_OWNER_LOGIN, name: BUILT_IN_OWNER_NAME, role: "dueno", builtIn: true })
        .onConflictDoNothing();
    }
    const [account] = await tx
      .select()
      .from(staffAccounts)
      .where(login ? eq(staffAccounts.login, login) : eq(staffAccounts.builtIn, true))
      .for("update")
      .limit(1);
    if (!account) throw new StaffRecoverError(`No existe una cuenta con el usuario «${login}».`);
    if (login && account.role !== "dueno") {
      throw new StaffRecoverError(`La cuenta «${login}» no es de Dueño: el dueño le fija una contraseña temporal desde Cuentas.`);
    }
    await tx
      .update(staffAccounts)
      .set({
        role: "dueno",
        disabledAt: null,
        passwordHash,
        mustChangePassword: true,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodes: [],
        updatedAt: new Date(),
      })
      .where(eq(staffAccounts.id, account.id));
    const ended = await tx.delete(adminSessions).where(eq(adminSessions.accountId, account.id)).returning({ hash: adminSessions.tokenHash });
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "cuenta.recuperar",
      entity: "cuenta",
      entityId: account.id,
      summary: `${account.login}: contraseña temporal nueva, verificación en dos pasos quitada, ${ended.length} sesiones cerradas`,
      before: { disabled: account.disabledAt !== null, totpEnabled: account.totpEnabledAt !== null, role: account.role },
      after: { disabled: false, totpEnabled: false, role: "dueno", mustChangePassword: true },
    });
    return { accountId: account.id, login: account.login, temporaryPassword, endedSessions: ended.length };
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log("Uso: npm run staff:recover [-- --login <usuario de una cuenta de Dueño>]");
    return 0;
  }
  try {
    loadEnvFile();
    const config = loadConfig();
    const login = parseFlag(args, "login");
    const dir = pgliteDir(config);
    // Never beside a running server on the same DATA_DIR (decision 150); PostgreSQL needs no lock.
    if (!config.databaseUrl) lockDataDir(config.dataDir, "npm run staff:recover");
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dir, poolSize: 1 });
    try {
      await database.migrate();
      const owner = await recoverOwner(database.db, { login });
      console.log(`Cuenta «${owner.login}» recuperada: activa, sin verificación en dos pasos, ${owner.endedSessions} sesiones cerradas.`);
      console.log(`Contraseña temporal (se muestra una sola vez; se cambia al entrar): ${owner.temporaryPassword}`);
      if (!login) console.log(`Para entrar, deja el usuario en blanco (o escribe «${owner.login}») y usa esta contraseña.`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

await runIfScript("staff-recover", main);
