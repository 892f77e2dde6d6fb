// Server-side entry, built for Node by the prerender plugin (scripts/lib/prerender-plugin.ts)
// into the build's .ssr/ folder: renders the public pages to HTML with React's own server
// renderer, as the browser's first render will draw them, so main.tsx can hydrate them. Run in a
// worker (server/lib/site-render.ts) by the build, with the default brand, and by a rebranded
// server at start, with its own. Browser-only state (session, storage, clock, window size,
// exchange rate) is not here: those parts render after hydration (lib/use-hydrated.ts,
// useAfterPaint, queries).

import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { NOT_FOUND_PAGE, PUBLIC_PAGE_PATHS, prerenderedFileOf } from "../shared/page-routes";
import { App, preloadPage } from "./app";
import { fillTemplate, type PrerenderedPage } from "./lib/page-template";
import { queryClient } from "./lib/query-client";
import { takeServerPageMeta } from "./lib/use-page-meta";

/** A path no route matches: renders the app's 'Página no encontrada'. */
const UNKNOWN_PATH = "/__pagina-inexistente";

/**
 * Every public page and the not-found page as whole HTML documents (`template` is the served
 * index.html, brand data included), by their prerendered file name (shared/page-routes.ts).
 */
export async function prerenderSite(template: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const page of [...PUBLIC_PAGE_PATHS, NOT_FOUND_PAGE] as const) {
    const rendered = await renderPage(page === NOT_FOUND_PAGE ? UNKNOWN_PATH : page);
    pages[prerenderedFileOf(page)] = fillTemplate(template, rendered);
  }
  return pages;
}

/** Renders the page of `path` (a public path, or any unknown path for the not-found page). */
async function renderPage(path: string): Promise<PrerenderedPage> {
  // The same page chunk main.tsx waits for before hydrating: rendered directly, not suspended.
  await preloadPage(path);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
    // One piece of HTML: React would otherwise move a large Suspense boundary's content after
    // it, hidden, with an inline script to reveal it (which the CSP forbids and which needs
    // JavaScript).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // Nothing is fetched while prerendering; what the render put in the cache (and its five-minute
  // clean-up timers, which would hold the worker open) goes.
  queryClient.clear();
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString("utf8"), ...takeServerPageMeta() };
}
