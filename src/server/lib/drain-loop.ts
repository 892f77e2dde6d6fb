// The loop every queue worker shares (the outbox, the WhatsApp webhook events and files, the
// comprobantes): a drain takes work until a step finds none or the loop stops; a wake-up during
// a drain runs it once more when it ends, so two never overlap and no wake-up is lost; the poll
// timer is unref'd (it never keeps a finished process alive). What work is, when a worker may
// start and how long its shutdown waits stay with each worker.
import type { EventEmitter } from "node:events";

export interface DrainLoop {
  /** The poll and the wake-ups (no drain yet: the worker starts its first one). Twice: once. */
  start(): void;
  /** No new step starts; the drain under way, if any (the worker decides how long to wait for it). */
  stop(): Promise<void>;
  /** Works until nothing is due (also what the poll and a wake-up call). */
  drain(): Promise<void>;
}

export function createDrainLoop(options: {
  /** One step of work; false when nothing was due. */
  step: () => Promise<boolean>;
  pollMs: number;
  /** The event that says work arrived. */
  wake?: { emitter: EventEmitter; event: string };
  /** A drain that threw (it is logged, the next poll tries again). */
  onError: (error: unknown) => void;
}): DrainLoop {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  const drain = (): Promise<void> => {
    if (running) {
      // A wake-up during a drain: go round once more when this one ends.
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while (!stopping && (await options.step()));
      } while (again && !stopping);
    })()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const onWake = () => void drain();
  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(onWake, options.pollMs);
      timer.unref();
      options.wake?.emitter.on(options.wake.event, onWake);
    },
    stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      options.wake?.emitter.off(options.wake.event, onWake);
      return running ?? Promise.resolve();
    },
    drain,
  };
}
