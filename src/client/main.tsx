// Browser entry: the global error net and the referral capture run once, before the first render.

import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage } from "./app";
import { installGlobalErrorHandlers } from "./lib/global-errors";
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

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root en index.html");
const reactRoot = createRoot(root);
// The first render waits for the page's chunk (the server already asked the browser for it
// with the page), so the page appears in one go rather than after a loading state; on a very
// slow connection it waits at most FIRST_PAGE_WAIT_MS, then the shell shows with the loading
// state as for any lazy page. It runs as a transition: React renders in small slices, yielding
// to the browser between them instead of holding the main thread in one long task.
const FIRST_PAGE_WAIT_MS = 2000;
void Promise.race([
  preloadPage(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]).then(() => {
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
