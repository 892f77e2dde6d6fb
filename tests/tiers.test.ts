// The process tests' own run (decision 239): every test file that starts the compiled server or
// an operator command as a process is in it, nothing else is, `npm test` leaves them out and CI
// runs them. A new file that starts the compiled server and is not listed would otherwise run in
// `npm test` unnoticed; one listed by mistake would run nowhere but here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import unit from "../vitest.config";
import processes from "../vitest.processes.config";
import { PROCESS_TESTS } from "./tiers";

const root = path.resolve(import.meta.dirname, "..");
/** What starts the compiled server or an operator command (scripts/lib/processes.ts). */
const STARTS_COMPILED = /\b(compiledEntry|compiledServer|startProductionServer)\b/;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join("/")));
}

describe("the process tests' run", () => {
  it("lists every test file that starts the compiled server or an operator command, and only those", () => {
    const starting = [...testFiles("src"), ...testFiles("scripts")].filter((file) => STARTS_COMPILED.test(readFileSync(path.join(root, file), "utf8")));
    // Equal to files found on disk: a listed file that was moved or removed fails here too.
    expect(starting.sort()).toEqual([...PROCESS_TESTS].sort());
  });

  it("is left out of npm test and is the whole of npm run test:processes", () => {
    expect(unit.test?.exclude).toEqual(expect.arrayContaining([...PROCESS_TESTS]));
    expect(processes.test?.include).toEqual([...PROCESS_TESTS]);
    // The same set-up as the unit run: the database templates and the run's one server build.
    expect(processes.test?.globalSetup).toEqual(unit.test?.globalSetup);
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.test).toBe("vitest run");
    expect(scripts["test:processes"]).toBe("vitest run --config vitest.processes.config.ts");
    expect(scripts.validate).toContain("npm run test:processes");
  });

  it("runs in CI", () => {
    const ci = readFileSync(path.join(root, ".ci/run"), "utf8");
    expect(ci).toMatch(/vitest\.mjs run --config vitest\.processes\.config\.ts/);
  });
});
