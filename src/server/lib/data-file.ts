// A value generated once and kept in DATA_DIR (mode 600): the admin password, the session secret.
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The value stored in DATA_DIR/`name`, or `generate()`'s, written there first. Written whole under
 * another name, then linked into place: link fails if the file exists, so processes starting
 * together on one DATA_DIR all end up with the first one's value, and none reads a half-written
 * file. An empty file (a copy gone wrong) is replaced. `created` says whether this call wrote it.
 */
export function storedOnce(dataDir: string, name: string, generate: () => string): { value: string; created: boolean } {
  const file = path.join(dataDir, name);
  const stored = readValue(file);
  if (stored) return { value: stored, created: false };
  mkdirSync(dataDir, { recursive: true });
  const value = generate();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, `${value}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (!readValue(file)) {
      unlinkSync(file);
      linkSync(temporary, file);
    }
  } finally {
    unlinkSync(temporary);
  }
  const kept = readValue(file);
  if (!kept) throw new Error(`No se pudo guardar ${file}`);
  return { value: kept, created: kept === value };
}

function readValue(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, "utf8").trim() || undefined;
}
