// Build-time entry (vite.config.ts, prerender plugin): renders one public page to HTML with
// React's own server renderer, as the browser's first render will draw it, so main.tsx can
// hydrate it. Browser-only state (session, storage, clock, window size, exchange rate) is not
// here: those parts render after hydration (lib/use-hydrated.ts, useAfterPaint, queries).

import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { App, preloadPage } from "./app";
import { queryClient } from "./lib/query-client";
import { takeServerPageMeta } from "./lib/use-page-meta";

export interface PrerenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  title?: string;
  description?: string;
}

/** Renders the page of `path` (a public path, or any unknown path for the not-found page). */
export async function renderPage(path: string): Promise<PrerenderedPage> {
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
  // Nothing is fetched at build time; what the render put in the cache (and its five-minute
  // clean-up timers, which would hold the build process open) goes.
  queryClient.clear();
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString("utf8"), ...takeServerPageMeta() };
}
