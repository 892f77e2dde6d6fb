// `.env` in the working directory, when present, fills in what the environment does not set
// (a variable already in the environment wins, as with Node's --env-file). Read by the server
// and the operator scripts before their configuration. ENV_FILE names another file, or "none"
// to read no file (the tests that start the server or a script as a child process say so).
import { existsSync } from "node:fs";
import path from "node:path";

export function loadEnvFile(file = process.env.ENV_FILE || ".env"): boolean {
  if (file === "none") return false;
  const resolved = path.resolve(file);
  if (!existsSync(resolved)) return false;
  process.loadEnvFile(resolved);
  return true;
}
