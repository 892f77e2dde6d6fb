// What guessing a staff password costs once the free failures are spent (decision 143), at the
// default settings (POW_COST, POW_MAX_COUNTER): times one ordinary challenge solved on one core
// with the same solver the browser's workers run (altcha-lib, PBKDF2/SHA-256), one challenge of
// `--work` ordinary ones, and one password comparison (scrypt), then prints what a guesser and an
// honest person pay per 15-minute window. Figures go to docs/security.md.
//
//   node --import tsx bench/login-guessing.ts [--solves 20] [--work 4] [--cores 1]
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { loadConfig } from "../src/server/config";
import { ABUSE_LIMITS } from "../src/server/lib/abuse-limit-table";
import { hashPassword, verifyPassword } from "../src/server/lib/password-hash";
import { MAX_PRICE, newChallenge } from "../src/server/lib/proof-of-work";
import type { AppContext } from "../src/server/context";
import { loginWork } from "../src/server/modules/auth/login-guard";
import { numberArg } from "./args";

const solves = numberArg("solves", 20);
const work = numberArg("work", 4);
const cores = numberArg("cores", 1);

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "login-bench-")) });
const ctx = { config, powSecret: "bench-secret" } as unknown as AppContext;

/** CPU seconds of this process for one solve: what it costs a core, whatever else the machine runs. */
async function timeSolve(w: number): Promise<number> {
  const challenge = await newChallenge(ctx, { price: w });
  const start = process.cpuUsage();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 3_600_000 });
  if (!solution) throw new Error("not solved");
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

// The counter is drawn from 1 to price × POW_MAX_COUNTER (decision 144): solves vary a lot, so
// take many.
const single: number[] = [];
for (let i = 0; i < solves; i++) single.push(await timeSolve(1));
const perSolve = single.reduce((a, b) => a + b, 0) / single.length;
const worked = await timeSolve(work);

const hash = await hashPassword("una-clave-de-prueba-larga");
const compareStart = performance.now();
for (let i = 0; i < 5; i++) await verifyPassword("otra-clave-cualquiera", hash);
const compare = (performance.now() - compareStart) / 5 / 1000;

const free = ABUSE_LIMITS.adminLoginAccount.challengeAfter;
const windowSeconds = ABUSE_LIMITS.adminLoginAccount.windowMs / 1000;
/** Passwords a guesser gets compared in one window with `budget` ordinary solves to spend. */
function passwordsFor(budget: number): { passwords: number; solves: number } {
  let spent = 0;
  let passwords = free;
  for (let count = free + 1; ; count++) {
    const price = loginWork(count, free);
    if (spent + price > budget) return { passwords, solves: spent };
    spent += price;
    passwords++;
  }
}
const rampSolves = Array.from({ length: 40 }, (_, i) => loginWork(free + 1 + i, free)).filter((w) => w < MAX_PRICE);

console.log(`POW_COST=${config.pow.cost} POW_MAX_COUNTER=${config.pow.maxCounter}, free failures ${free} per ${windowSeconds / 60} min, cap ${MAX_PRICE}`);
console.log(`one ordinary solve, CPU seconds: ${single.map((s) => s.toFixed(2)).join(", ")} (mean ${perSolve.toFixed(2)})`);
console.log(`one challenge of work ${work}: ${worked.toFixed(2)} s (${(worked / work).toFixed(2)} s per ordinary solve)`);
console.log(`one password compared (scrypt): ${(compare * 1000).toFixed(0)} ms of the server`);
console.log(`ramp before the cap: ${rampSolves.join(" + ")} = ${rampSolves.reduce((a, b) => a + b, 0)} solves for ${rampSolves.length} passwords`);
console.log(`at the cap: ${MAX_PRICE} solves = ${(MAX_PRICE * perSolve).toFixed(0)} core-seconds per password`);
for (const c of [cores, 10, 100, 1000]) {
  const budget = Math.floor((c * windowSeconds) / perSolve);
  const { passwords } = passwordsFor(budget);
  console.log(`guesser with ${c} core(s) for one window (${budget} solves): ${passwords} passwords of one account compared (today: ${free})`);
}
console.log(`honest person: known device 0 solves; new device during an attack at most ${MAX_PRICE} solves = ${(MAX_PRICE * perSolve).toFixed(0)} core-seconds (${((MAX_PRICE * perSolve) / 4).toFixed(0)} s on 4 cores)`);
