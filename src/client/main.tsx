// Browser entry: the global error net and the referral capture run once, before the first render.

import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPage } from "./app";
import { installGlobalErrorHandlers } from "./lib/global-errors";
import { installLinkPreloading } from "./lib/link-preload";
import { captureReferralCode } from "./lib/referral";
import "./styles.css";

// zod (loaded later, with the form pages) probes for eval by calling `new Function` once; the
// CSP forbids eval, so the probe is logged as a CSP violation. zod reads this shared global
// config when it loads and skips the probe in jitless mode. Set here so no zod code ships in
// the entry chunk.
const zodConfigHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfigHolder.__zod_globalConfig = { ...zodConfigHolder.__zod_globalConfig, jitless: true };

installGlobalErrorHandlers();
captureReferralCode();
// The next page's code is on its way before the click (first-click navigation, issue 17).
installLinkPreloading(preloadPage);

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root en index.html");
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages come prerendered (vite.config.ts): their text and pictures are already on
// screen, and React takes over that HTML (hydrateRoot) once the page's chunk is here, so the
// first render matches it instead of showing the loading state. The staff panels (and a
// rebranded server's pages until its own render of them is ready) send an empty #root: rendered here.
// On a very slow connection the first render waits at most FIRST_PAGE_WAIT_MS for the chunk,
// then goes ahead with the loading state (hydration keeps the server's HTML until the chunk
// arrives). It runs as a transition: React renders in small slices, yielding to the browser
// between them instead of holding the main thread in one long task.
const FIRST_PAGE_WAIT_MS = 2000;
const prerendered = root.hasChildNodes();
void Promise.race([
  preloadPage(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]).then(() => {
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
