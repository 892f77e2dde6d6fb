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
    // playwright-core and the helpers again (about 3 s a file). Each file still launches and
    // closes its own browser and any server it starts (decision 180).
    isolate: false,
  },
});
