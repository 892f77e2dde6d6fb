// `.env` in the working directory, when present, fills in what the environment does not set
// (a variable already in the environment wins, as with Node's --env-file). Read by the server
// and the operator scripts before their configuration; tests never read it.
import { existsSync } from "node:fs";
import path from "node:path";

export function loadEnvFile(file = path.resolve(".env")): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
