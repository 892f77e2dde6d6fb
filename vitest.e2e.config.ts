import { defineConfig } from "vitest/config";
import TurnSequencer from "./tests/e2e/sequencer";

// Browser journeys in Debian Chromium's headless shell, driven by playwright-core against the
// production build.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    // A file that shares the run's server takes its turn on it (tests/e2e/turns.ts).
    setupFiles: ["tests/e2e/turn-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time (decision 210): most of a journey is waiting on the page and the
    // server, so a second file fills the other core. Those that share the run's server still run
    // one after another (their turn, turns.ts); the others run beside them. The sequencer
    // alternates the two kinds.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: TurnSequencer },
    // The journeys run one after another in each worker process: a new process per file loaded
    // vitest, playwright-core and the helpers again (about 3 s a file). The files share the run's
    // one Chromium (a context per page, decision 193) and close any server they start (decision 180).
    isolate: false,
  },
});
