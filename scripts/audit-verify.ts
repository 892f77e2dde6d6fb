// `npm run audit:verify [-- --expect <n>:<huella>]`: walks the audit log's hash chain (decision
// 148) and reports the first record that breaks it (changed, removed, never sealed), exit 1; with
// --expect, the record n must still carry the fingerprint written down earlier (the head this
// command or Registro de cambios showed then), which also reveals a chain rewritten whole by
// whoever could lift the database's triggers. Exit 0 prints the head to write down.
// It opens the database from the same configuration as the server (DATABASE_URL or DATA_DIR);
// the embedded database belongs to one process at a time, so stop the server first then.
import { loadConfig, pgliteDir } from "../src/server/config";
import { openDatabase, type Db } from "../src/server/db/client";
import { loadEnvFile } from "../src/server/env-file";
import { verifyAuditChain, type AuditChainHead } from "../src/server/core/audit/chain";
import { lockDataDir } from "../src/server/lib/data-dir-lock";
import { databaseExists, parseFlag, runIfScript } from "./backup";

export class AuditVerifyError extends Error {}

/** "<n>:<64 hex digits>" as printed by this command. */
export function parseExpectedHead(text: string): AuditChainHead {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(text.trim());
  if (!match || Number(match[1]) < 1) {
    throw new AuditVerifyError("--expect debe ser <número de registro>:<huella de 64 caracteres hexadecimales>, como lo imprimió este comando.");
  }
  return { seq: Number(match[1]), hash: match[2].toLowerCase() };
}

const records = (n: number, one: string, many: string) => (n === 1 ? `1 registro ${one}` : `${n} registros ${many}`);

/** Verifies the chain; answers the exit code and the lines to print. */
export async function verifyCommand(db: Db, options: { expect?: AuditChainHead } = {}): Promise<{ code: number; lines: string[] }> {
  const report = await verifyAuditChain(db, { expect: options.expect });
  if (report.broken) {
    const where = [
      report.broken.seq !== null ? ` en el registro ${report.broken.seq}` : "",
      report.broken.id !== null ? ` (id ${report.broken.id})` : "",
    ].join("");
    return {
      code: 1,
      lines: [
        `Cadena ROTA${where}: ${report.broken.reason}`,
        `${records(report.checked, "correcto", "correctos")} antes de ese punto. Compare con un respaldo anterior (docs/operations.md).`,
      ],
    };
  }
  const lines = [`Registro de cambios íntegro: ${records(report.checked, "encadenado", "encadenados")}.`];
  if (options.expect) lines.push(`El registro ${options.expect.seq} sigue siendo el anotado.`);
  if (report.head.seq > 0) {
    lines.push(`Cabeza: ${report.head.seq}:${report.head.hash}`);
    lines.push("Anótela fuera del servidor; para comprobar más adelante que nada se reescribió: npm run audit:verify -- --expect <esa cabeza>");
  }
  return { code: 0, lines };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log("Uso: npm run audit:verify [-- --expect <número>:<huella>]");
    return 0;
  }
  try {
    loadEnvFile();
    const config = loadConfig();
    const expectText = parseFlag(args, "expect");
    const expected = expectText === undefined ? undefined : parseExpectedHead(expectText);
    const dir = pgliteDir(config);
    if (!config.databaseUrl && !databaseExists(dir)) throw new AuditVerifyError(`No hay base de datos en ${dir}.`);
    // Never beside a running server on the same DATA_DIR (decision 150); PostgreSQL needs no lock.
    if (!config.databaseUrl) lockDataDir(config.dataDir, "npm run audit:verify");
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dir, poolSize: 1 });
    try {
      const { code, lines } = await verifyCommand(database.db, { expect: expected });
      for (const line of lines) (code === 0 ? console.log : console.error)(line);
      return code;
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

await runIfScript("audit-verify", main);
