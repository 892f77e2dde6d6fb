// Measures the Excel import and exports through the real app, each on its own fresh database
// (in-memory PGlite, or a throw-away PostgreSQL database when DATABASE_URL is set):
//   1. import: a workbook of --import-rows Trackings rows (and a tenth as many Clientes rows)
//      into an empty database, then the same rows with another status and note (updates) → time
//      and rows per second of each;
//   2. exports: the full seed (--clients, --trackings; default 10 000 and 100 000) downloaded over
//      real HTTP on 127.0.0.1, the body read and dropped → time, size, the growth of the process's
//      peak RSS over the level before the download, and the largest live JS heap growth. With
//      --expose-gc a full GC runs every 0.5 s while downloading, so the figures show what the
//      export holds rather than garbage V8 has not collected yet (without it V8, having room,
//      lets garbage pile up to a few hundred MB before collecting).
//   0. first, the import's XML scanner (no database): a --scanner-mb MB sheet (default 10) read
//      clean, with one '&' without ';' before a long text run, and with a 1 MB tag holding one
//      attribute name without '=' — shapes that once made the scanner rescan or backtrack (decision 101) —
//      each beside a generous bound: at most 3 × the clean read + 1 s. --scanner-only stops there.
//
//   node --expose-gc --import tsx scripts/bench-excel.ts [--clients 10000] [--trackings 100000] [--import-rows 10000] [--scanner-mb 10] [--scanner-only]
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { seedDatabase } from "../src/server/seed/seed";
import { createTestDatabase } from "../src/server/test/database";
import { EXPORT_KINDS, ZImportResponseSchema } from "../src/shared/api/excel";
import { benchImportWorkbook } from "../bench/import-workbook";
import { buildZip, multipartFile, workbookParts } from "../src/server/test/workbooks";
import { readSpreadsheet } from "../src/server/lib/xlsx/spreadsheet";
import { monitorEventLoopDelay } from "node:perf_hooks";

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} debe ser un entero`);
  return value;
}
const CLIENTS = option("clients", 10_000);
const TRACKINGS = option("trackings", 100_000);
const IMPORT_ROWS = option("import-rows", 10_000);
const SCANNER_MB = option("scanner-mb", 10);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

async function openApp() {
  const database = await createTestDatabase();
  const config = loadConfig({ ...process.env, NODE_ENV: "production", RATE_LIMIT: "off", LOG_LEVEL: "silent" });
  const { app, ctx } = await buildApp({ config, database, adminPassword: "bench-excel-password" });
  await app.ready();
  const headers = { authorization: `Bearer ${(await ctx.sessions.issue()).token}` };
  return {
    app,
    database,
    headers,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function benchImport(): Promise<void> {
  const target = await openApp();
  try {
    for (const revision of [0, 1]) {
      const bytes = await benchImportWorkbook(IMPORT_ROWS, revision);
      const { payload, headers } = multipartFile(bytes, "bench.xlsx");
      const started = performance.now();
      const res = await target.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...target.headers } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`importación → ${res.statusCode} ${res.body.slice(0, 300)}`);
      const result = ZImportResponseSchema.parse(res.json());
      const rows = IMPORT_ROWS + Math.ceil(IMPORT_ROWS / 10);
      console.log(
        `Importación ${revision ? "de cambios" : "nueva"} (${target.database.kind}): ${IMPORT_ROWS} filas de Trackings + ${Math.ceil(IMPORT_ROWS / 10)} de Clientes, ${mb(bytes.length)}: ` +
          `${(ms / 1000).toFixed(1)} s (${Math.round(rows / (ms / 1000))} filas/s); clientes creados ${result.clients.created}, ` +
          `paquetes creados ${result.trackings.created}, actualizados ${result.trackings.updated}, errores ${result.clients.errors.length + result.trackings.errors.length}`,
      );
    }
  } finally {
    await target.close();
  }
}

async function benchExports(): Promise<void> {
  const source = await openApp();
  try {
    const seeded = performance.now();
    await seedDatabase(source.database.db, { clients: CLIENTS, trackings: TRACKINGS, seed: 1 });
    console.log(`Siembra: ${CLIENTS} clientes, ${TRACKINGS} paquetes en ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const address = await source.app.listen({ host: "127.0.0.1", port: 0 });
    for (const kind of EXPORT_KINDS) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const baseline = process.memoryUsage();
      let peak = baseline.rss;
      let liveGrowth = 0;
      let ticks = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        if (gc && ++ticks % 25 === 0) {
          gc();
          liveGrowth = Math.max(liveGrowth, process.memoryUsage().heapUsed - baseline.heapUsed);
        }
      }, 20);
      const started = performance.now();
      const res = await fetch(`${address}/api/export/${kind}`, { headers: source.headers });
      if (!res.ok || !res.body) throw new Error(`exportación ${kind} → ${res.status}`);
      let size = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `Exportación ${kind.padEnd(9)}: ${(ms / 1000).toFixed(1)} s, archivo ${mb(size)}, ` +
          `RSS antes ${mb(baseline.rss)}, pico ${mb(peak)}, crecimiento del pico ${mb(peak - baseline.rss)}` +
          (gc ? `, heap vivo máximo +${mb(liveGrowth)}` : ""),
      );
    }
  } finally {
    await source.close();
  }
}

/**
 * A Trackings sheet of about `megabytes` MB: a header, a thousand rows, and between two rows a run
 * of pseudo-random letters (deflate keeps them under the 200:1 bomb ratio, as an attacker would)
 * that fills it up. `shape` puts a lone '&' before the run, or a 1 MB tag of words without '='.
 */
function scannerWorkbook(megabytes: number, shape: "clean" | "amp" | "attributes"): Buffer {
  const rows = ['<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  rows.push(`<row r="1">${["client_code", "tracking_code", "origen", "forma_envio"].map((v, i) => cell(`${"ABCD"[i]}1`, v)).join("")}</row>`);
  for (let r = 2; r <= 1001; r++) rows.push(`<row r="${r}">${cell(`A${r}`, "EXAB12CD")}${cell(`B${r}`, `TBA${r}`)}${cell(`C${r}`, "USA")}${cell(`D${r}`, "AVION")}</row>`);
  const tail = "</sheetData></worksheet>";
  const head = rows.join("");
  const fill = megabytes * 1024 * 1024 - head.length - tail.length;
  let seed = 1;
  const letters = Buffer.alloc(fill);
  for (let i = 0; i < fill; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    letters[i] = 97 + ((seed >>> 16) % 26);
  }
  if (shape === "amp") letters[0] = 0x26; // '&'
  // A tag "<x " + 1 MB of letters + "/>" inside the run: one attribute name without '=' (it made
  // the old attribute regex backtrack over the whole tag at every position).
  if (shape === "attributes") Buffer.from("<x ").copy(letters, 0);
  if (shape === "attributes") Buffer.from("/>").copy(letters, 1024 * 1024);
  const sheet = Buffer.concat([Buffer.from(head), letters, Buffer.from(tail)]);
  return buildZip([...workbookParts("Trackings"), { name: "xl/worksheets/sheet1.xml", data: sheet }]);
}

async function benchScanner(): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const shapes = ["clean", "amp", "attributes"] as const;
  const files = new Map(shapes.map((shape) => [shape, scannerWorkbook(SCANNER_MB, shape)]));
  // Three rounds over the shapes (the first also warms the code up); each figure is the median.
  const times = new Map<string, number[]>(shapes.map((shape) => [shape, []]));
  const blocked = new Map<string, number>();
  for (let round = 0; round < 3; round++) {
    for (const shape of shapes) {
      gc?.();
      delay.reset();
      delay.enable();
      const started = performance.now();
      const workbook = await readSpreadsheet(files.get(shape)!, { wantSheet: () => true });
      times.get(shape)!.push(performance.now() - started);
      delay.disable();
      blocked.set(shape, Math.max(blocked.get(shape) ?? 0, delay.max / 1e6));
      if (workbook.sheets[0]?.rows.length !== 1001) throw new Error(`lectura ${shape}: filas inesperadas`);
    }
  }
  const median = (shape: string) => times.get(shape)!.sort((a, b) => a - b)[1];
  const clean = median("clean");
  const bound = 3 * clean + 1000;
  for (const shape of shapes) {
    const ms = median(shape);
    const label = { clean: "limpia", amp: "con un '&' sin ';'", attributes: "con una etiqueta de 1 MB sin '='" }[shape];
    const limit = shape === "clean" ? "" : ` (límite: ${Math.round(bound)} ms = 3 × limpia + 1 s${ms <= bound ? "" : "; SUPERADO"})`;
    console.log(
      `Escáner XML, hoja de ${SCANNER_MB} MB ${label} (${mb(files.get(shape)!.length)} comprimida): lectura ${Math.round(ms)} ms, ` +
        `bloqueo máximo del event loop ${Math.round(blocked.get(shape)!)} ms${limit}`,
    );
  }
}

async function main(): Promise<void> {
  await benchScanner();
  if (args.includes("--scanner-only")) return;
  console.log(
    gc
      ? "Memoria: GC completo cada 0,5 s durante cada descarga (node --expose-gc)."
      : "Memoria: sin --expose-gc las cifras incluyen basura que V8 aún no recogió.",
  );
  await benchImport();
  await benchExports();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
