// The one-import-at-a-time slot (docs/decisions/101) and what runs once an import is over: the
// collection of the garbage it left (docs/decisions/234).
import { afterEach, describe, expect, it, vi } from "vitest";
import { IMPORT_BUSY } from "../../../shared/api/excel";
import { COLLECT_AFTER_MS, collectGarbageSoon } from "../../lib/collect-garbage";
import { ImportGate } from "./import-gate";

describe("ImportGate", () => {
  it("runs its after-import step once per import that took the slot, however it ended, and not for a refused one", async () => {
    const afterRun = vi.fn();
    const gate = new ImportGate(afterRun);
    let finish: (value: string) => void = () => {};
    const first = gate.run(() => new Promise<string>((resolve) => (finish = resolve)));
    // A second import while one runs: 429, and the step does not run for it.
    await expect(gate.run(async () => "otra")).rejects.toMatchObject({ statusCode: 429, message: IMPORT_BUSY });
    expect(afterRun).not.toHaveBeenCalled();
    finish("hecho");
    await expect(first).resolves.toBe("hecho");
    expect(afterRun).toHaveBeenCalledTimes(1);
    await expect(gate.run(() => Promise.reject(new Error("falló")))).rejects.toThrow("falló");
    expect(afterRun).toHaveBeenCalledTimes(2);
  });
});

describe("collectGarbageSoon", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("schedules one full collection after the job's answer, however often it is asked meanwhile", () => {
    vi.useFakeTimers();
    collectGarbageSoon();
    collectGarbageSoon();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(COLLECT_AFTER_MS);
    expect(vi.getTimerCount()).toBe(0);
    // Once it has run, the next job schedules its own.
    collectGarbageSoon();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(COLLECT_AFTER_MS);
    expect(vi.getTimerCount()).toBe(0);
  });
});
