// Run before each journey file (setupFiles): a file that shares the run's server takes its turn
// on it before its own hooks and gives it back after them (turns.ts, decision 210).
import type { Socket } from "node:net";
import { afterAll, beforeAll, inject } from "vitest";
import { runsBesideOthers, takeTurn } from "./turns";

let turn: Socket | undefined;

// The file is the hook's second argument; vitest requires the first (the context) destructured.
// eslint-disable-next-line no-empty-pattern
beforeAll(async ({}, suite) => {
  if (runsBesideOthers(suite.file.filepath)) return;
  if (process.env.E2E_TURN_LOG) console.log(`turn wanted ${suite.file.name} ${Date.now() % 1e6}`);
  turn = await takeTurn(inject("turnPort"));
  if (process.env.E2E_TURN_LOG) console.log(`turn taken ${suite.file.name} ${Date.now() % 1e6}`);
}, 30 * 60_000);

// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  if (turn && process.env.E2E_TURN_LOG) console.log(`turn given back ${suite.file.name} ${Date.now() % 1e6}`);
  turn?.end();
  turn = undefined;
});
