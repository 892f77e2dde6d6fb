// The server's layering (docs/architecture.md, decision 171), checked on every test run in CI:
// - no import cycle between modules (a module = one folder src/server/modules/<name>; its files
//   may import each other freely);
// - src/server/core never imports a module;
// - src/server/lib, src/server/db and src/server/providers import no module and nothing from
//   config.ts but its types (an `import type` is erased when compiled: no environment is read).
// Production files only: a test may import any module to set up its data.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname);
const MODULES = path.join(SERVER, "modules");

interface Import {
  target: string;
  typeOnly: boolean;
}

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" || entry.name === "migrations" ? [] : productionFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The relative imports of a file (static, side-effect, re-exports and dynamic), resolved to absolute paths. */
function importsOf(file: string): Import[] {
  const source = fs.readFileSync(file, "utf8");
  const found: Import[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+["'](\.[^"']*)["']|\bimport\(\s*["'](\.[^"']*)["']\s*\)|^\s*import\s+["'](\.[^"']*)["']/gms;
  for (const match of source.matchAll(pattern)) {
    const spec = match[3] ?? match[4] ?? match[5];
    found.push({ target: path.resolve(path.dirname(file), spec), typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** The module a path belongs to: the first folder under src/server/modules, or null. */
function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith("..")) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

/** Module → the modules it imports (each edge once, self-imports left out). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of productionFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { target } of importsOf(file)) {
      const to = moduleOf(target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

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
