// The key of the admin sessions' password fingerprint: SESSION_SECRET when set; otherwise 32
// random bytes generated on first start and kept in DATA_DIR/session-secret (mode 600), beside
// the database, like the generated admin password. Never derived from the password: a key
// derived from it made every leaked token an offline password oracle (issue 15 item 4).
import { randomBytes } from "node:crypto";
import { storedOnce } from "./data-file";

export const SESSION_SECRET_FILE = "session-secret";

export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  return storedOnce(dataDir, SESSION_SECRET_FILE, () => randomBytes(32).toString("base64url")).value;
}
