// Renders the public pages with the build's server bundle (<build>/.ssr/entry-server.js, written
// by scripts/lib/prerender-plugin.ts) in a worker thread. The build uses it with the default
// brand; a server whose brand is overridden uses it at start with its own (static-site.ts), so
// its pages paint before their scripts too (decision 110). A worker, because the client's
// modules read the brand once, at import: each render gets fresh module state, and the
// server's own thread keeps answering meanwhile.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
// With its extension: vite.config.ts loads this file too (the prerender plugin).
import { SERVER_BRAND_GLOBAL } from "../../shared/brand.ts";

/** The build's folder (inside dist/client) holding the server bundle; never served as files. */
export const SSR_DIR = ".ssr";
const SSR_ENTRY = "entry-server.js";

/** Long enough for a slow machine (about a second on an idle one), short enough to stop a hang. */
const RENDER_TIMEOUT_MS = 60_000;

// Plain JavaScript, evaluated by the worker: the bundle is plain JavaScript too, so the worker
// needs no TypeScript loader. The brand goes in before the bundle is imported.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
if (workerData.brandData !== undefined) globalThis[workerData.brandGlobal] = workerData.brandData;
import(workerData.entry)
  .then((bundle) => bundle.prerenderSite(workerData.template))
  .then(
    (pages) => parentPort.postMessage({ pages }),
    (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
  );
`;

/** The server bundle's entry in a build folder (dist/client). */
export const ssrEntryOf = (staticDir: string) => path.join(staticDir, SSR_DIR, SSR_ENTRY);

/**
 * Every public page and the not-found page as HTML, by prerendered file name. `template` is the
 * index.html to fill; `brandData` the brand overrides' JSON as the page carries it (none: the
 * default brand). Rejects on a render error, a worker crash, the time limit or `signal`.
 */
export function renderSite(options: {
  entry: string;
  template: string;
  brandData?: string;
  signal?: AbortSignal;
}): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // No loader flags of the parent (tsx): nothing here is TypeScript.
      execArgv: [],
      workerData: {
        entry: pathToFileURL(options.entry).href,
        template: options.template,
        brandData: options.brandData,
        brandGlobal: SERVER_BRAND_GLOBAL,
      },
    });
    let settled = false;
    const finish = (error: Error | undefined, pages?: Record<string, string>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // Done with it either way: nothing it holds (timers, handles) may outlive the render.
      void worker.terminate();
      if (error) reject(error);
      else resolve(pages!);
    };
    const onAbort = () => finish(new Error("page render cancelled"));
    const timer = setTimeout(() => finish(new Error(`page render took over ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS);
    timer.unref();
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort);
    worker.once("message", (message: { pages?: Record<string, string>; error?: string }) =>
      finish(message.error ? new Error(message.error) : undefined, message.pages),
    );
    worker.once("error", (error) => finish(error));
    worker.once("exit", (code) => finish(new Error(`page render worker exited with code ${code}`)));
  });
}
