// Which vitest run a test file belongs to (decision 239).
// - `npm test` (vitest.config.ts): unit and HTTP-level tests, the app in the test's own process.
// - `npm run test:processes` (vitest.processes.config.ts): the files below, which start the
//   compiled server or an operator command (backup, restore, seed, staff:recover) as real
//   processes, after `scripts/build-server.ts` has bundled them: signals, the data folder's lock,
//   the backup files, a first start on an empty folder. CI runs them as a step of their own.
// - `npm run test:e2e` (vitest.e2e.config.ts): the browser journeys in tests/e2e.
// A test file that imports what starts the compiled server (compiledEntry, compiledServer,
// startProductionServer from scripts/lib/processes.ts) must be listed here: tests/tiers.test.ts.

export const PROCESS_TESTS = [
  "scripts/backup-restore.test.ts",
  "scripts/build-server.test.ts",
  "scripts/data-dir-lock.test.ts",
  "src/server/shutdown.test.ts",
] as const;
