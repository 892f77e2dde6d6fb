import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createDrainLoop } from "./drain-loop";

/** A queue whose steps wait until the test lets them go, counting how many run at once. */
function gatedQueue(items: number) {
  let due = items;
  let active = 0;
  let most = 0;
  let steps = 0;
  const waiting: (() => void)[] = [];
  return {
    add: (n: number) => void (due += n),
    get due() {
      return due;
    },
    get most() {
      return most;
    },
    get steps() {
      return steps;
    },
    release: () => waiting.splice(0).forEach((go) => go()),
    step: async () => {
      // Claims at the start, as a worker's query does, then waits to be let go.
      steps++;
      active++;
      most = Math.max(most, active);
      const claimed = due > 0;
      if (claimed) due--;
      await new Promise<void>((go) => waiting.push(go));
      active--;
      return claimed;
    },
  };
}

async function releaseUntil(queue: ReturnType<typeof gatedQueue>, done: Promise<void>) {
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    queue.release();
    await new Promise((r) => setImmediate(r));
  }
}

describe("createDrainLoop", () => {
  it("takes work until a step finds none, one step at a time, and a wake-up during a drain goes round once more", async () => {
    const queue = gatedQueue(0);
    const wake = new EventEmitter();
    const loop = createDrainLoop({ step: queue.step, pollMs: 3_600_000, wake: { emitter: wake, event: "more" }, onError: () => {} });
    loop.start();
    const first = loop.drain();
    // Work arrives while the drain's step has found none: the wake-up joins the same drain, which
    // goes round once more instead of ending with it still due.
    queue.add(2);
    wake.emit("more");
    expect(loop.drain()).toBe(first);
    await releaseUntil(queue, first);
    expect(queue.due).toBe(0);
    expect(queue.most).toBe(1);
    await loop.stop();
  });

  it("starts no step after stop, and stop gives the drain under way", async () => {
    const queue = gatedQueue(5);
    const loop = createDrainLoop({ step: queue.step, pollMs: 3_600_000, onError: () => {} });
    const running = loop.drain();
    const stopped = loop.stop();
    await releaseUntil(queue, stopped);
    await running;
    expect(queue.steps).toBe(1);
    expect(queue.due).toBe(4);
  });

  it("hands a step's error to onError and is ready for the next drain", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const loop = createDrainLoop({
      step: async () => {
        if (fail) throw new Error("sin conexión");
        return false;
      },
      pollMs: 3_600_000,
      onError: (error) => errors.push(error),
    });
    await loop.drain();
    expect(errors).toHaveLength(1);
    fail = false;
    await loop.drain();
    expect(errors).toHaveLength(1);
  });
});
