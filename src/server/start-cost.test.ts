// What the compiled server loads before it answers (decision 194): main.ts bundled exactly as
// `npm run build` bundles it (scripts/build-server.ts), then its static imports followed from the
// entry. Libraries only some requests or some configurations need are imported with import(), so
// they sit behind a dynamic import: a server that does not invoice never loads the signer, and
// none loads the OpenAPI writer or Swagger UI before someone asks for the document.
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_OPTIONS } from "../../scripts/build-server";

/** Loaded only when used; each one must still be reachable (so the list cannot go stale). */
const LOADED_WHEN_USED: Record<string, string> = {
  xadesjs: "comprobantes: the XAdES signature",
  "node-forge": "comprobantes: the business's .p12",
  xmlbuilder2: "comprobantes: the XML",
  xpath: "comprobantes: the signature",
  "@xmldom/xmldom": "comprobantes: the signature",
  "pdf-lib": "PDF receipts, manifests and labels",
  "@pdf-lib/fontkit": "PDF fonts",
  "subset-font": "PDF fonts",
  "bwip-js": "label barcodes",
  "@smithy/signature-v4": "S3 signatures (a server on local disk never signs)",
  "@smithy/hash-node": "S3 signatures",
  "@fastify/swagger": "the OpenAPI document, written on its first request",
  "@fastify/swagger-ui": "the API reference page",
  "fastify-type-provider-zod": "the zod → JSON Schema transform of the document",
};

const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

let outputs: Metafile["outputs"];
let entry: string;

beforeAll(async () => {
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: { main: path.resolve("src/server/main.ts") },
    outdir: path.resolve(".tmp/start-cost"),
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: "error",
  });
  outputs = result.metafile.outputs;
  // The entry itself (every dynamic import's chunk is an entry point of its own too).
  entry = Object.keys(outputs).find((key) => outputs[key].entryPoint?.endsWith("src/server/main.ts"))!;
}, 60_000);

/** The packages a chunk loads, following only the imports of `kinds`. */
function packagesFrom(start: string, kinds: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const imported of outputs[chunk].imports) {
      if (!kinds.has(imported.kind)) continue;
      if (imported.external) packages.add(packageOf(imported.path));
      else queue.push(imported.path);
    }
  }
  return packages;
}

describe("the compiled server's start", () => {
  it("loads no library that only some requests or configurations need", () => {
    const atStart = packagesFrom(entry, new Set(["import-statement"]));
    expect(Object.keys(LOADED_WHEN_USED).filter((name) => atStart.has(name))).toEqual([]);
  });

  it("still reaches each of them when it is needed", () => {
    const whenUsed = packagesFrom(entry, new Set(["import-statement", "dynamic-import"]));
    expect(Object.keys(LOADED_WHEN_USED).filter((name) => !whenUsed.has(name))).toEqual([]);
  });

  it("serves the .xlsx manifest without the PDF libraries", () => {
    const chunk = Object.keys(outputs).find((key) => Object.keys(outputs[key].inputs).some((input) => input.endsWith("modules/shipments/manifest-xlsx.ts")))!;
    expect(chunk).toBeDefined();
    const loaded = packagesFrom(chunk, new Set(["import-statement"]));
    expect(["pdf-lib", "@pdf-lib/fontkit", "subset-font", "bwip-js"].filter((name) => loaded.has(name))).toEqual([]);
  });
});
