// The server's layering (docs/architecture.md, decision 171), checked on every test run in CI:
// - no import cycle between modules (a module = one folder src/server/modules/<name>; its files
//   may import each other freely);
// - src/server/core never imports a module;
// - src/server/lib, src/server/db and src/server/providers import no module and nothing from
//   config.ts but its types (an `import type` is erased when compiled: no environment is read).
// Production files only: a test may import any module to set up its data.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
// The same graph the ESLint rule reads (eslint/server-layering.js): one reading of the imports.
import { importsOf as importsOfFile, moduleGraph as graphOf, productionFiles } from "../../eslint/server-layering.js";

const SERVER = path.resolve(import.meta.dirname);
const MODULES = path.join(SERVER, "modules");
const ROOT = path.resolve(SERVER, "../..");

interface Import {
  target: string;
  typeOnly: boolean;
}

const importsOf = (file: string): Import[] => importsOfFile(file);
const moduleGraph = (): Map<string, Set<string>> => graphOf(MODULES);

/** The strongly connected components of more than one node (Tarjan), each sorted: every cycle. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets])]);
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** "file → target" for every import of the files under `layer` that `forbidden` refuses. */
function crossings(layer: string, forbidden: (imported: Import) => boolean): string[] {
  return productionFiles(path.join(SERVER, layer)).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map(({ target }) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, target)}`),
  );
}

const isModule = ({ target }: Import): boolean => !path.relative(MODULES, target).startsWith("..");
const isConfigValue = ({ target, typeOnly }: Import): boolean => !typeOnly && target.replace(/\.ts$/, "") === path.join(SERVER, "config");

/** What ESLint's layering rules say of a source text put at a path of the real tree. */
async function lintAs(relativePath: string, source: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintText(source, { filePath: path.join(ROOT, relativePath) });
  return result.messages.filter((m) => m.ruleId?.startsWith("layering/")).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("server layering", () => {
  it("finds the cycle of a small graph, and none where the arrows run one way", () => {
    const graph = new Map([
      ["packages", new Set(["clients", "payments"])],
      ["payments", new Set(["cash"])],
      ["cash", new Set(["packages"])],
      ["clients", new Set<string>()],
      ["warehouse", new Set(["packages"])],
    ]);
    expect(cyclesOf(graph)).toEqual([["cash", "packages", "payments"]]);
    graph.get("cash")!.delete("packages");
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("reads imports, re-exports and dynamic imports of the real tree", () => {
    const graph = moduleGraph();
    expect(graph.get("warehouse")).toContain("packages");
    expect(graph.size).toBeGreaterThan(15);
  });

  it("the ESLint rule refuses an import that closes a cycle between modules, and lets a one-way import pass", async () => {
    const graph = moduleGraph();
    expect(graph.get("warehouse")).toContain("packages");
    // warehouse → packages exists: packages importing warehouse would close a cycle.
    const closing = await lintAs("src/server/modules/packages/closing-a-cycle.ts", 'export { resolveScan } from "../warehouse/scan";\n');
    expect(closing).toEqual([expect.stringMatching(/^layering\/no-module-cycle: .*packages → warehouse → packages/)]);
    const oneWay = await lintAs("src/server/modules/warehouse/one-way.ts", 'export { changeTrackingStatus } from "../packages/service";\n');
    expect(oneWay).toEqual([]);
    const core = await lintAs("src/server/core/reaching-up.ts", 'export { resolveScan } from "../modules/warehouse/scan";\n');
    expect(core).toEqual([expect.stringMatching(/^layering\/lower-layers: /)]);
  });

  it("has no import cycle between server modules", () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });

  it("core imports no module", () => {
    expect(crossings("core", isModule)).toEqual([]);
  });

  it("lib, db and providers import no module and no value from config", () => {
    const refused = (imported: Import): boolean => isModule(imported) || isConfigValue(imported);
    expect([...crossings("lib", refused), ...crossings("db", refused), ...crossings("providers", refused)]).toEqual([]);
  });
});
