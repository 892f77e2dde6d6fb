import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { PROCESS_TESTS } from "./tests/tiers.ts";

/**
 * Vitest's order (slowest and failed first), with the jsdom files after the node ones. A worker
 * keeps its process for the next file only when that file has the same environment; mixed, each
 * switch started a new process that loaded the libraries again.
 */
class NodeFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const jsdom = (file: TestSpecification) => /@vitest-environment\s+jsdom/.test(readFileSync(file.moduleId, "utf8").slice(0, 500));
    return [...sorted.filter((file) => !jsdom(file)), ...sorted.filter(jsdom)];
  }
}

// Unit and HTTP-level tests: beside the code in src/ and scripts/. The files that start the
// compiled server or an operator command as a process run with vitest.processes.config.ts, the
// browser journeys in tests/e2e with vitest.e2e.config.ts (tests/tiers.ts, decision 239).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "tests/*.test.ts"],
    exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
    environment: "node",
    setupFiles: ["src/client/test/setup.ts"],
    // The migrated database that every test file copies, made once per run.
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Files share their worker: the libraries are loaded once per worker rather than once per
    // file (about half the CPU time of the suite). The set-up file gives each file fresh project
    // modules and a reset window, so no file depends on another (src/client/test/setup.ts).
    isolate: false,
    // One worker per core. Vitest's default (cores - 1) runs a single worker on a 2-core machine,
    // where the main process is mostly idle: every file then waits for the one before it.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: NodeFilesFirst },
  },
});
