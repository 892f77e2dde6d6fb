// A full garbage collection once a bulk job is over (docs/decisions/234). An import of 10 000 rows
// leaves the V8 heap at its peak: on PostgreSQL the server measured heap used 121–191 MB and heap
// total 214–216 MB after the import, unchanged 10 s later (no allocation, so no collection is
// triggered, and V8 keeps the pages it grew). One collection a second after the job frees that
// garbage and the pages it filled. V8 offers it only with --expose-gc; the flag is set here at run
// time, once, so the server's start command (Dockerfile, npm start, the benches) stays as it is.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** After the job, the collection waits this long: the job's answer is sent first. */
export const COLLECT_AFTER_MS = 1000;

let collector: (() => void) | undefined;

/** V8's full collection: `gc` when node runs with --expose-gc, otherwise exposed to a fresh context. */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

let pending = false;

/**
 * Runs a full collection COLLECT_AFTER_MS from now (the timer does not keep the process alive);
 * asked again before it has run, it still runs once.
 */
export function collectGarbageSoon(): void {
  if (pending) return;
  collector ??= fullCollection();
  const run = collector;
  pending = true;
  setTimeout(() => {
    pending = false;
    run();
  }, COLLECT_AFTER_MS).unref();
}
