// The server's layering as ESLint rules (docs/architecture.md, decisions 171 and 177):
// - no-module-cycle: an import from one server module (src/server/modules/<name>) into another
//   is refused when the other already reaches back to it, directly or through others: the modules'
//   graph stays free of cycles. The graph is read once per ESLint run from the production files.
// - lower-layers: src/server/core imports no module; src/server/lib, db and providers import no
//   module and no value from config.ts (an `import type` is erased: no environment is read).
// Production files only: a test may import any module to set up its data.
import fs from "node:fs";
import path from "node:path";

const IMPORT_PATTERN =
  /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+["'](\.[^"']*)["']|\bimport\(\s*["'](\.[^"']*)["']\s*\)|^\s*import\s+["'](\.[^"']*)["']/gms;

/** The production files under a folder (no tests, no test/ folders, no migrations). */
export function productionFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" || entry.name === "migrations" ? [] : productionFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The relative imports of a source text (static, side-effect, re-exports and dynamic), resolved. */
export function importsOf(file, source = fs.readFileSync(file, "utf8")) {
  const found = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const spec = match[3] ?? match[4] ?? match[5];
    found.push({ target: path.resolve(path.dirname(file), spec), typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** The module a path belongs to: its first folder under `modules`, or null. */
export function moduleOf(modules, file) {
  const relative = path.relative(modules, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

/** Module → the modules it imports (each edge once, self-imports left out). */
export function moduleGraph(modules) {
  const graph = new Map();
  for (const file of productionFiles(modules)) {
    const from = moduleOf(modules, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { target } of importsOf(file)) {
      const to = moduleOf(modules, target);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** A path of modules from `from` to `to` in the graph (both included), or null. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) {
      const route = [];
      for (let at = to; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();
/** The graph of a tree, read once per ESLint process and tree. */
function graphFor(modules) {
  if (!graphs.has(modules)) graphs.set(modules, moduleGraph(modules));
  return graphs.get(modules);
}

const SERVER_FILE = /^(.*\/src\/server)\/(.*)$/;
const isTest = (file) => /\.test\.tsx?$/.test(file) || /\/src\/server\/test\//.test(file);

function sources(node) {
  const spec = node.source?.value;
  return typeof spec === "string" && spec.startsWith(".") ? spec : null;
}

export const serverLayering = {
  rules: {
    "no-module-cycle": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join("/");
        const match = SERVER_FILE.exec(file);
        if (!match || isTest(file)) return {};
        const modules = path.join(match[1], "modules");
        const own = moduleOf(modules, context.filename);
        if (!own) return {};
        const check = (node) => {
          const spec = sources(node);
          if (!spec) return;
          const other = moduleOf(modules, path.resolve(path.dirname(context.filename), spec));
          if (!other || other === own) return;
          const back = pathBetween(graphFor(modules), other, own);
          if (back) {
            context.report({
              node: node.source,
              message: `Este import cierra un ciclo entre módulos del servidor: ${[own, ...back].join(" → ")}. Lo que dos módulos comparten va a core/ o a uno solo de ellos (decisión 171).`,
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    "lower-layers": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join("/");
        const match = SERVER_FILE.exec(file);
        if (!match || isTest(file)) return {};
        const layer = match[2].split("/")[0];
        if (!["core", "lib", "db", "providers"].includes(layer)) return {};
        const modules = path.join(match[1], "modules");
        const config = path.join(match[1], "config");
        const check = (node) => {
          const spec = sources(node);
          if (!spec) return;
          const target = path.resolve(path.dirname(context.filename), spec);
          if (moduleOf(modules, target) !== null || target === modules) {
            context.report({ node: node.source, message: `server/${layer} no importa módulos: los módulos usan ${layer}, no al revés (decisión 171).` });
          } else if (layer !== "core" && target.replace(/\.ts$/, "") === config && node.importKind !== "type" && node.exportKind !== "type") {
            context.report({ node: node.source, message: `server/${layer} no importa valores de config.ts (solo tipos): recibe lo que necesita como parámetro (decisión 171).` });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
