// Waiting for a PGlite template that the run's globalSetup may still be making (./global-setup.ts):
// on a fresh clone it makes them in a child process while the workers start and import their
// first files, and the files wait here, at their first database, for the one they need.
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { processAlive } from "./process-alive";

/** What globalSetup tells the workers about a template build still under way. */
export interface TemplateBuild {
  /** The pid of the process making the templates. */
  builder: number;
  /** Where globalSetup writes the build's error output when it fails. */
  failed: string;
}

/** The build under way in this run, from the environment globalSetup set (none when the templates were already there). */
export function pendingTemplateBuild(env: NodeJS.ProcessEnv = process.env): TemplateBuild | null {
  const builder = Number(env.EI_TEST_PGLITE_TEMPLATES_BUILDER);
  const failed = env.EI_TEST_PGLITE_TEMPLATES_FAILED;
  return builder && failed ? { builder, failed } : null;
}

/**
 * Resolves when `file` exists (the builder renames each template into place whole); at once when
 * no build is under way. Rejects with the build's output when it failed, or when the builder is
 * gone and `file` is still missing, rather than waiting for ever. Between two looks it awaits
 * `pause` (50 ms of node:timers, which a test's fake timers do not replace).
 */
export async function templateReady(
  file: string,
  build: TemplateBuild | null = pendingTemplateBuild(),
  pause: () => Promise<unknown> = () => sleep(50),
): Promise<void> {
  while (!existsSync(file)) {
    if (!build) throw new Error(`PGlite test template ${file} is missing`);
    if (existsSync(build.failed)) throw new Error(`the PGlite test templates could not be made:\n${readFileSync(build.failed, "utf8")}`);
    if (!processAlive(build.builder)) {
      // It may have renamed the file into place, or written its failure, just before it ended.
      if (existsSync(file)) return;
      if (existsSync(build.failed)) continue;
      throw new Error(`the process making the PGlite test templates (${build.builder}) ended without making ${file}`);
    }
    await pause();
  }
}
