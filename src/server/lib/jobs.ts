// Background jobs of the app (outbox worker, refreshers, clean-ups) and how they end. A job
// runs on an unref'd timer (it never keeps a finished process alive), never overlaps itself,
// and stops when the app closes: no new run starts, and a run under way may finish until the
// shutdown limit, when the app's deadline signal tells it to give up (closeWithin in
// shutdown.ts aborts it; a job hands the signal to whatever it waits on).
import type { FastifyInstance } from "fastify";

const deadlines = new WeakMap<FastifyInstance, AbortController>();

function deadlineController(app: FastifyInstance): AbortController {
  let controller = deadlines.get(app);
  if (!controller) {
    controller = new AbortController();
    deadlines.set(app, controller);
  }
  return controller;
}

/** Aborted when the app's shutdown limit is reached: jobs stop waiting for work under way. */
export function shutdownDeadline(app: FastifyInstance): AbortSignal {
  return deadlineController(app).signal;
}

/** Called once the shutdown limit has passed (see closeWithin). */
export function reachShutdownDeadline(app: FastifyInstance): void {
  deadlineController(app).abort(new Error("shutdown limit reached"));
}

/** Resolves when `work` settles or `signal` aborts, whichever comes first; never rejects. */
export function settledOrAborted(work: Promise<unknown> | undefined, signal: AbortSignal): Promise<void> {
  if (!work || signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
    work.then(done, done);
  });
}

export interface PeriodicJobOptions {
  /** For the log. */
  name: string;
  everyMs: number;
  /** Delay of the first run (default: everyMs). */
  firstAfterMs?: number;
  /** One run; `signal` aborts at the shutdown limit. A failure is logged, the next run still comes. */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface PeriodicJob {
  /** Runs now unless a run is under way (then waits for that one). */
  runNow(): Promise<void>;
  /** No more runs; waits for the one under way until the shutdown deadline. Also on app close. */
  stop(): Promise<void>;
}

export function startPeriodicJob(app: FastifyInstance, options: PeriodicJobOptions): PeriodicJob {
  const signal = shutdownDeadline(app);
  let running: Promise<void> | undefined;
  let stopped = false;

  const runNow = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (!running) {
      const current: Promise<void> = Promise.resolve()
        .then(() => options.run(signal))
        .then(
          () => {},
          (error: unknown) => app.log.warn({ err: error, job: options.name }, "background job failed"),
        )
        .finally(() => {
          if (running === current) running = undefined;
        });
      running = current;
    }
    return running;
  };

  const first = setTimeout(() => void runNow(), options.firstAfterMs ?? options.everyMs);
  const timer = setInterval(() => void runNow(), options.everyMs);
  first.unref();
  timer.unref();

  const stop = async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await settledOrAborted(running, signal);
  };
  app.addHook("onClose", stop);
  return { runNow, stop };
}
