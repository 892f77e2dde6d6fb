// Set-up of every test file (vitest.config.ts).
//
// Test files share their worker process (isolate: false): what node_modules holds (Fastify,
// drizzle, PGlite's compiled WebAssembly, React, jsdom's window) is loaded once per worker, not
// once per file. So that no file depends on what another left behind:
// - the project's own modules are loaded afresh for each file (vi.resetModules below): module
//   state such as caches, singletons, counters and lazily loaded chunks starts new in every file,
//   and a file's vi.mock applies to it;
// - after each file, stubbed globals and environment variables, spies and fake timers are undone;
// - in the jsdom files, the shared window is reset before each file: storage, cookies, address,
//   page content and title, and the window/document listeners an earlier file added.
// In the jsdom files also: each test's render is unmounted after it (no tree left mounted into
// the next test, whatever the file forgets), and Testing Library's findBy/waitFor wait up to 10 s
// for their condition instead of 1 s, so a lazily loaded chunk that arrives late on a busy
// machine is waited for, not failed on. They still return as soon as the condition holds.
import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, afterEach, vi } from "vitest";

vi.resetModules();

/**
 * The AsyncLocalStorage instances used since the worker started (by a project module such as
 * core/outbox.ts, loaded again for every file, or a library): disabled after each file. Node 20
 * keeps every instance once used in one list that it walks at every promise's creation, for as
 * long as the process lives, so each file's new instance made every later promise in the worker
 * slower. A library's own instance is enabled again by its next use.
 */
const usedStorages: Set<AsyncLocalStorage<unknown>> = ((globalThis as Record<symbol, unknown>)[Symbol.for("ei.test.storages")] ??= recordStorages()) as Set<
  AsyncLocalStorage<unknown>
>;

function recordStorages(): Set<AsyncLocalStorage<unknown>> {
  const used = new Set<AsyncLocalStorage<unknown>>();
  const proto = AsyncLocalStorage.prototype as unknown as Record<"run" | "enterWith", (this: AsyncLocalStorage<unknown>, ...args: unknown[]) => unknown>;
  for (const name of ["run", "enterWith"] as const) {
    const original = proto[name];
    proto[name] = function (this: AsyncLocalStorage<unknown>, ...args: unknown[]) {
      used.add(this);
      return original.apply(this, args);
    };
  }
  return used;
}

type Listener = [type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions];
/** Listeners added to the window and document, kept on globalThis: this module is loaded again for every file. */
const added: Map<EventTarget, Listener[]> = ((globalThis as Record<symbol, unknown>)[Symbol.for("ei.test.listeners")] ??= new Map()) as Map<
  EventTarget,
  Listener[]
>;

afterAll(() => {
  for (const storage of usedStorages) storage.disable();
  usedStorages.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

if (typeof document !== "undefined") {
  resetWindow();
  const { cleanup, configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => cleanup());
}

/** The state of the shared jsdom window as a fresh one would have it. */
function resetWindow(): void {
  for (const [target, listeners] of added) {
    for (const [type, listener, options] of listeners) target.removeEventListener(type, listener, options);
  }
  added.clear();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, "", "/");
  document.title = "";
  document.head.replaceChildren();
  document.body.replaceChildren();
  // Listeners added from now on (this file's) are removed before the next file.
  for (const target of [window, document] as EventTarget[]) {
    const recording = Symbol.for("ei.test.recording");
    if ((target as unknown as Record<symbol, boolean>)[recording]) continue; // patched by an earlier file
    Object.defineProperty(target, recording, { value: true });
    const original = target.addEventListener;
    Object.defineProperty(target, "addEventListener", {
      configurable: true,
      writable: true,
      value(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
        if (listener) {
          const list = added.get(target) ?? [];
          list.push([type, listener, typeof options === "object" ? { capture: options.capture } : options]);
          added.set(target, list);
        }
        return original.call(this, type, listener, options);
      },
    });
  }
}
