// How Debian Chromium is started for the journeys: by the global set-up (the run's one browser,
// shared by the files through its endpoint) and by a file that needs flags of its own.
// The journeys run in Debian's headless shell (`apt-get install chromium-headless-shell`): the
// same Chromium release, Blink and V8 as the `chromium` package, without the desktop browser
// around them, which is what Playwright runs for headless by default. The full browser in its
// headless mode cost about three times the CPU per page opened (decision 210). Without the shell,
// /usr/bin/chromium is used; CHROMIUM_PATH names another.
import { existsSync } from "node:fs";

/** Debian's chromium-headless-shell (its /usr/bin wrapper starts it without exec, so the binary itself). */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER;
}

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** How the run's Chromium is started: the global set-up's shared one and a file's own alike. */
export function chromiumOptions(extraArgs: string[] = []) {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH)`,
    );
  }
  return { executablePath, headless: true, args: [...FLAGS, ...extraArgs] };
}
