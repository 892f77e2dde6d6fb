import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit and HTTP-level tests: beside the code in src/. Browser journeys live in tests/e2e
// and run with vitest.e2e.config.ts.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
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
  },
});
