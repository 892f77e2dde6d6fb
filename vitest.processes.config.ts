import { configDefaults, defineConfig } from "vitest/config";
import unit from "./vitest.config.ts";
import { PROCESS_TESTS } from "./tests/tiers.ts";

// The tests that start the compiled server or an operator command as a real process
// (tests/tiers.ts, decision 239): the unit run's set-up (the run's database templates and its one
// build of the server, src/server/test/global-setup.ts), these files only.
export default defineConfig({
  ...unit,
  test: { ...unit.test, include: [...PROCESS_TESTS], exclude: [...configDefaults.exclude] },
});
