// Reading the barcodes of a PDF in tests (issue 20): poppler's pdftoppm rasterises each page to a
// PNG at 200 dpi and zxing-wasm's reader decodes it in Node, with its .wasm read from
// node_modules (never fetched from a CDN).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const run = promisify(execFile);
let ready: Promise<unknown> | null = null;

function prepareReader(): Promise<unknown> {
  ready ??= (async () => {
    const wasmPath = path.resolve("node_modules/zxing-wasm/dist/reader/zxing_reader.wasm");
    const wasmBinary = new Uint8Array(await readFile(wasmPath)).buffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** The PNG of every page of the PDF (pdftoppm -r 200), in page order. */
export async function rasterizePdf(pdf: Uint8Array, dpi = 200): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "pdf-raster-"));
  try {
    await writeFile(path.join(dir, "doc.pdf"), pdf);
    await run("pdftoppm", ["-r", String(dpi), "-png", path.join(dir, "doc.pdf"), path.join(dir, "page")], { timeout: 60_000 });
    const pages = (await readdir(dir)).filter((f) => f.endsWith(".png")).sort();
    return Promise.all(pages.map((f) => readFile(path.join(dir, f))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Code 128 texts found on each page of the PDF. */
export async function readPdfBarcodes(pdf: Uint8Array): Promise<string[][]> {
  await prepareReader();
  const pages = await rasterizePdf(pdf);
  const out: string[][] = [];
  for (const png of pages) {
    const results = await readBarcodes(new Uint8Array(png), { formats: ["Code128"], maxNumberOfSymbols: 32, tryHarder: true });
    out.push(results.filter((r) => r.isValid).map((r) => r.text));
  }
  return out;
}
