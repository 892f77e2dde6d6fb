import { defineConfig } from "vitest/config";

// Browser journeys in Debian Chromium, driven by playwright-core against the production build.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // The journeys run one after another in one process: a new process per file loaded vitest,
    // playwright-core and the helpers again (about 3 s a file). The files share the run's one
    // Chromium (a context per page, decision 193) and close any server they start (decision 180).
    isolate: false,
  },
});
