// A file's wait for a PGlite template that the run's globalSetup is still making (./template-ready.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pendingTemplateBuild, templateReady } from "./template-ready";

const dir = mkdtempSync(path.join(os.tmpdir(), "ei-template-ready-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const paths = () => ({ file: path.join(dir, `pglite-${++n}.tar`), failed: path.join(dir, `build-${n}.failed`) });

/** The pause between two looks: one turn of the event loop, no clock. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("waiting for a PGlite test template", () => {
  it("goes on at once when the template is there, with or without a build under way", async () => {
    const { file, failed } = paths();
    writeFileSync(file, "x");
    await expect(templateReady(file, null)).resolves.toBeUndefined();
    await expect(templateReady(file, { builder: process.pid, failed })).resolves.toBeUndefined();
  });

  it("refuses a missing template when no build is under way", async () => {
    const { file } = paths();
    await expect(templateReady(file, null)).rejects.toThrow(/missing/);
  });

  it("waits while the builder runs and goes on once the template is in place", async () => {
    const { file, failed } = paths();
    let settled = false;
    let looks = 0;
    let lookedThrice!: () => void;
    const thrice = new Promise<void>((resolve) => (lookedThrice = resolve));
    const pause = () => {
      if (++looks === 3) lookedThrice();
      return nextTurn();
    };
    const waiting = templateReady(file, { builder: process.pid, failed }, pause).finally(() => (settled = true));
    await Promise.race([thrice, waiting.catch(() => {})]);
    expect(settled).toBe(false);
    writeFileSync(file, "x");
    await expect(waiting).resolves.toBeUndefined();
  });

  it("fails with the build's output when the build failed", async () => {
    const { file, failed } = paths();
    const waiting = templateReady(file, { builder: process.pid, failed }, nextTurn);
    writeFileSync(failed, "initdb: sin memoria");
    await expect(waiting).rejects.toThrow(/could not be made:\ninitdb: sin memoria/);
  });

  it("fails, rather than waiting for ever, when the builder ended without making the template", async () => {
    const { file, failed } = paths();
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    await expect(templateReady(file, { builder: ended, failed }, nextTurn)).rejects.toThrow(`(${ended}) ended without making`);
  });

  it("learns of a build under way from what globalSetup put in the environment", () => {
    expect(pendingTemplateBuild({})).toBeNull();
    expect(pendingTemplateBuild({ EI_TEST_PGLITE_TEMPLATES_BUILDER: "4242", EI_TEST_PGLITE_TEMPLATES_FAILED: "/x/build.failed" })).toEqual({
      builder: 4242,
      failed: "/x/build.failed",
    });
  });
});
