// How Debian Chromium is started for the journeys: by the global set-up (the run's one browser,
// shared by the files through its endpoint) and by a file that needs flags of its own.
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return { executablePath: CHROMIUM, headless: true, args: [...FLAGS, ...extraArgs] };
}
