// The key of the admin sessions' password fingerprint: SESSION_SECRET when set; otherwise 32
// random bytes generated on first start and kept in DATA_DIR/session-secret (mode 600), beside
// the database, like the generated admin password. Never derived from the password: a key
// derived from it made every leaked token an offline password oracle (issue 15 item 4).
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SESSION_SECRET_FILE = "session-secret";

export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  const stored = readSecret(file);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: link fails if the file exists, so
  // processes starting together on one DATA_DIR all end up with the first one's secret, and none
  // ever reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // An empty file (a copy gone wrong) is replaced: the secret only ends sessions when it changes.
    if (!readSecret(file)) {
      unlinkSync(file);
      linkSync(temporary, file);
    }
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`No se pudo guardar la clave de sesiones en ${file}`);
  return secret;
}

function readSecret(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, "utf8").trim() || undefined;
}
