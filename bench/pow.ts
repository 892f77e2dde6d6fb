// What a solved challenge costs, measured for real (docs/security.md, "What a guess costs"):
// challenges made by the server's own code at the configured POW_COST and POW_MAX_COUNTER, at
// the price levels misses set (decision 144), solved with altcha-lib's solver on one core
// (Node's native PBKDF2, as a browser's WebCrypto), timed. Prints the mean time per solve at
// each price — wall-clock and CPU seconds of the process (on a shared machine the CPU seconds
// are the core-seconds a solve costs) — the tries per CPU second, and the cost to a guesser
// for the day's schedule.
//
//   node --import tsx bench/pow.ts [--solves 10] [--dear-solves 2] [--cost 2000] [--max-counter 5000]
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { loadConfig } from "../src/server/config";
import type { AppContext } from "../src/server/context";
import { missPrice } from "../src/server/lib/abuse-limits";
import { MAX_MISS_PRICE, newChallenge } from "../src/server/lib/proof-of-work";
import { numberArg } from "./args";

const cost = numberArg("cost", 2000);
const maxCounter = numberArg("max-counter", 5000);
const solves = numberArg("solves", 10);
const dearSolves = numberArg("dear-solves", 2);
const config = loadConfig({ POW_COST: String(cost), POW_MAX_COUNTER: String(maxCounter), POW_SECRET: "bench" });
const ctx = { config, powSecret: "bench" } as unknown as AppContext;

async function measure(price: number, n: number): Promise<{ seconds: number; cpu: number; tries: number }> {
  let seconds = 0;
  let cpu = 0;
  let tries = 0;
  for (let i = 0; i < n; i++) {
    const challenge = await newChallenge(ctx, { price, code: "EXBENCH1" });
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 3_600_000 });
    const used = process.cpuUsage(cpuStart);
    cpu += (used.user + used.system) / 1e6;
    seconds += Number(process.hrtime.bigint() - start) / 1e9;
    if (!solution) throw new Error("not solved");
    tries += solution.counter + 1;
  }
  return { seconds: seconds / n, cpu: cpu / n, tries: tries / n };
}

const base = await measure(1, solves);
const dear = await measure(MAX_MISS_PRICE, dearSolves);
// Tries per CPU second over every solve: what one core does, whatever else the machine runs.
const triesPerSecond = (base.tries * solves + dear.tries * dearSolves) / (base.cpu * solves + dear.cpu * dearSolves);
const secondsPerBase = (maxCounter / 2 + 1) / triesPerSecond;
console.log(`POW_COST ${cost}, POW_MAX_COUNTER ${maxCounter}, one core (${process.version})`);
const line = (price: number, n: number, r: { seconds: number; cpu: number; tries: number }) =>
  `price ${price}: ${n} solves, mean ${r.cpu.toFixed(2)} CPU s (${r.seconds.toFixed(2)} s wall-clock), ${Math.round(r.tries)} tries`;
console.log(line(1, solves, base));
console.log(line(MAX_MISS_PRICE, dearSolves, dear));
console.log(`${Math.round(triesPerSecond)} tries per CPU second = ${(triesPerSecond * cost / 1e6).toFixed(2)} M PBKDF2 iterations; expected base solve ${secondsPerBase.toFixed(2)} core-seconds, at ${MAX_MISS_PRICE}: ${(secondsPerBase * MAX_MISS_PRICE).toFixed(1)}`);
// The day's schedule for one address: work in base solves for the first N misses.
for (const guesses of [200, 300, 500, 1000]) {
  let work = 0;
  for (let m = 1; m <= guesses; m++) work += missPrice(config, m);
  console.log(`${guesses} guesses: ${guesses - (config.rateLimits.codeMisses?.challengeAfter ?? 10)} solves, ${work} base solves ≈ ${((work * secondsPerBase) / 3600).toFixed(2)} core-hours`);
}
