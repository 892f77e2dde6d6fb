// SheetJS 0.18.5, the registry's `xlsx`, polluted Object.prototype on a crafted file
// (CVE-2023-30533: a comment whose cell reference is "__proto__"); the app now uses `@e965/xlsx`,
// the fixed SheetJS 0.20.3 republished (decision 166), still in a worker (decision 074). The test
// builds such a file, shows the patched SheetJS leaves even its own thread clean, parses it through
// parseXlsInWorker and checks that the server's objects stay clean; and that no server file but
// the worker loads SheetJS at all.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import semver from "semver";
import { afterEach, describe, expect, it } from "vitest";
import { parseXlsInWorker } from "./xls-reader";
import { buildZip, type RawZipEntry } from "../../test/workbooks";
import { inflateEntry, readZipDirectory } from "./zip-archive";

/** A workbook with one cell comment, rewritten so the comment points at "__proto__". */
async function pollutingWorkbook(): Promise<Buffer> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Clientes");
  sheet.addRow(["client_code", "nombre"]);
  sheet.getCell("A1").note = "nota";
  const original = Buffer.from(await workbook.xlsx.writeBuffer());
  const entries: RawZipEntry[] = [];
  for (const entry of readZipDirectory(original).values()) {
    const chunks: Buffer[] = [];
    for await (const chunk of inflateEntry(original, entry)) chunks.push(chunk);
    let data = Buffer.concat(chunks);
    if (/comments\d*\.xml$/.test(entry.name)) data = Buffer.from(data.toString("utf8").replace(/ref="A1"/g, 'ref="__proto__"'));
    entries.push({ name: entry.name, data });
  }
  return buildZip(entries);
}

/** Parses with SheetJS in a bare thread and reports what Object.prototype gained there. */
function pollutionInsideThread(bytes: Buffer): Promise<string[]> {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const XLSX = require("@e965/xlsx");
    try { XLSX.read(Buffer.from(workerData), { type: "buffer" }); } catch {}
    parentPort.postMessage(Object.getOwnPropertyNames(Object.prototype).filter((k) => !${JSON.stringify(
      Object.getOwnPropertyNames(Object.prototype),
    )}.includes(k)));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: new Uint8Array(bytes) });
    worker.once("message", (keys: string[]) => {
      void worker.terminate();
      resolve(keys);
    });
    worker.once("error", reject);
  });
}

const cleanPrototype = Object.getOwnPropertyNames(Object.prototype);

afterEach(() => {
  // Should a test ever pollute this thread, undo it so other files are not affected.
  for (const key of Object.getOwnPropertyNames(Object.prototype)) {
    if (!cleanPrototype.includes(key)) delete (Object.prototype as Record<string, unknown>)[key];
  }
});

describe("legacy .xls parsing is isolated in a worker", () => {
  it("runs the patched SheetJS (0.20.3 or later), which no longer pollutes even its own thread", async () => {
    // The package the worker imports, resolved from the worker's folder and read without loading it here.
    const worker = await readFile(new URL("./xls-worker.mjs", import.meta.url), "utf8");
    const specifier = /^import \* as XLSX from "([^"]+)";$/m.exec(worker)?.[1];
    expect(specifier).toBe("@e965/xlsx");
    const main = createRequire(import.meta.url).resolve(specifier!);
    const { version } = JSON.parse(await readFile(path.join(path.dirname(main), "package.json"), "utf8")) as { version: string };
    expect(semver.gte(version, "0.20.3"), `SheetJS ${version}`).toBe(true);
    expect(await pollutionInsideThread(await pollutingWorkbook())).toEqual([]);
  });

  it("parseXlsInWorker leaves the server's Object.prototype untouched and answers plain data", async () => {
    const sheets = await parseXlsInWorker(await pollutingWorkbook(), { maxRows: 100, maxColumns: 10 });
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(cleanPrototype);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    expect(sheets[0].name).toBe("Clientes");
    expect(sheets[0].rows[0].cells.slice(0, 2)).toEqual(["client_code", "nombre"]);
    expect(Object.getPrototypeOf(sheets[0])).toBe(Object.prototype);
  });

  it("no server module but the worker imports SheetJS", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    const offenders: string[] = [];
    async function walk(dir: string): Promise<void> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
          const text = await readFile(full, "utf8");
          if (/(from\s+|require\(\s*|import\(\s*)["'](@e965\/)?xlsx["']/.test(text)) offenders.push(path.relative(root, full));
        }
      }
    }
    await walk(root);
    expect(offenders).toEqual([path.join("server", "lib", "xlsx", "xls-worker.mjs")]);
  });

  it("answers a workbook's rows from a real .xls the worker reads", async () => {
    // SheetJS writes BIFF8 too; the bytes come from a thread so this one never loads the library.
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(
        `const { parentPort } = require("node:worker_threads");
         const XLSX = require("@e965/xlsx");
         const wb = XLSX.utils.book_new();
         XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["client_code", "nombre"], ["EXAB1234", "Ana"], [], ["EXAB1235", 12.5]]), "Clientes");
         parentPort.postMessage(XLSX.write(wb, { type: "buffer", bookType: "biff8" }));`,
        { eval: true },
      );
      worker.once("message", (data: Uint8Array) => {
        void worker.terminate();
        resolve(Buffer.from(data));
      });
      worker.once("error", reject);
    });
    const sheets = await parseXlsInWorker(bytes, { maxRows: 100, maxColumns: 10 });
    expect(sheets).toEqual([
      {
        name: "Clientes",
        declaredRows: 4,
        rows: [
          { row: 1, cells: ["client_code", "nombre"] },
          { row: 2, cells: ["EXAB1234", "Ana"] },
          { row: 4, cells: ["EXAB1235", 12.5] },
        ],
      },
    ]);
  });
});
