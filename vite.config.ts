import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { prerenderPages } from "./scripts/lib/prerender-plugin.ts";

const brotli = promisify(brotliCompress);

/**
 * Writes a best-quality Brotli copy (name.br) beside every script, style sheet, picture and
 * WebAssembly file (the warehouse's barcode reader, about 1 MB; decision 129) of the build; the server sends it as it is (@fastify/static preCompressed). About a sixth
 * smaller than compressing on each request, which also costs the server time per answer.
 */
function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: "express-import:precompress",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    writeBundle(options) {
      outDir = options.dir;
    },
    async closeBundle() {
      if (!outDir) return;
      // Not the server's own folders (the prerender plugin's .ssr bundle is never sent).
      const files = (await readdir(outDir, { recursive: true })).filter((file) => /\.(js|css|svg|wasm)$/.test(file) && !file.startsWith("."));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir!, file));
          if (source.length < 1024) return; // the server leaves small answers uncompressed anyway
          const compressed = await brotli(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          await writeFile(path.join(outDir!, `${file}.br`), compressed);
        }),
      );
    },
  };
}

// The browser app lives in src/client; the server serves dist/client in production. The same
// config builds src/client/entry-server.tsx for Node (isSsrBuild), which the prerender plugin
// runs at the end of the browser build to write each public page's HTML.
export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress(), prerenderPages()],
  build: isSsrBuild ? { sourcemap: false, copyPublicDir: false } : {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: the server reads it to preload each page's chunks with the page
    // (src/server/static-site.ts, registerStaticSite).
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Few, larger files: on a phone each extra request costs a round trip, and the bundler's
        // own splitting made a page of twenty small chunks. See docs/decisions/091.
        codeSplitting: {
          groups: [
            // Everything the first paint needs, in the entry file itself (one request).
            { name: "app", tags: ["$initial"], priority: 100 },
            // The query library and the app's client, for the pages that load data.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]client[\\/]lib[\\/](query-client|api)\.ts$/, priority: 30 },
            // Small pieces most pages share: icons, page header, deferred-part wrapper, form
            // primitives, shared rules and client helpers. Not the close icon: the menu sheet and
            // the toasts, fetched on Inicio when idle, need it alone. Not the staff panels' helpers
            // (lib/admin/) nor the helpers that moved out of features in issue 16 (copy-text,
            // use-exchange-rate, upload-image): they stay in the chunks that use them, as before.
            {
              name: "kit",
              test: /node_modules[\\/]lucide-react[\\/](?!dist[\\/]esm[\\/]icons[\\/]x\.mjs$)|[\\/]src[\\/]client[\\/]components[\\/](page-header|after-first-paint|ui[\\/](form-field|input|label|textarea|card|badge|table))\.tsx$|[\\/]src[\\/]shared[\\/]domain[\\/]|[\\/]src[\\/]client[\\/]lib[\\/](?!query-provider|admin[\\/]|copy-text|use-exchange-rate|upload-image)/,
              minShareCount: 2,
              priority: 25,
            },
            // zod and the form library: only forms need them, and they are fetched with the form
            // (after the first paint where the form is not the first thing on the page).
            { name: "zod", test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]shared[\\/]validation\.ts$/, priority: 20 },
            { name: "forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 20 },
            // Radix's small building blocks (contexts, refs, collection, presence, ids): since the
            // desktop menu left the first download (issue 37 item 5) the tabs, menus and dialogs
            // share them in one chunk, not five tiny ones.
            {
              name: "radix",
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(primitive|context|compose-refs|collection|presence|id|direction|use-[a-z-]+))[\\/]/,
              minShareCount: 2,
              priority: 15,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://127.0.0.1:5000",
      "/objects": "http://127.0.0.1:5000",
    },
  },
}));
