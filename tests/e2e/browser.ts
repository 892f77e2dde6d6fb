// Debian Chromium driven by playwright-core, plus helpers every journey uses: a page at a
// phone or desktop width that records console errors and CSP violations, and an axe check.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { inject } from "vitest";
import { chromiumOptions } from "./chromium";

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The run's one Chromium (started by the global set-up), for this file: every page a journey
 * opens is in a context of its own, and `close()` ends this file's contexts and connection, not
 * the browser. `extraArgs` (more Chromium flags, e.g. a fake camera playing a file,
 * warehouse-camera.test.ts) need a browser of their own: one is launched for the file.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return chromium.launch(chromiumOptions(extraArgs));
  return chromium.connect(inject("browserEndpoint"));
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** console.error lines and CSP violations seen so far. */
  problems: string[];
}

export const baseUrl = () => inject("baseUrl");
export const adminPassword = () => inject("adminPassword");

export async function openPage(browser: Browser, path: string, viewport = PHONE): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, locale: "es-CR", timezoneId: "America/Costa_Rica" });
  // Nothing leaves the machine: any request to another host is aborted.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" && !/net::ERR_FAILED|ERR_BLOCKED_BY_CLIENT/.test(text)) problems.push(text);
    if (/Content Security Policy/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  await gotoSettled(page, baseUrl() + path);
  return { page, context, problems };
}

interface Traffic {
  open: Set<Request>;
  started: number;
  /** Called when a request is answered or fails. */
  wake?: () => void;
}
const traffic = new WeakMap<Page, Traffic>();

/** Counts the page's requests from now on: those started and those not yet answered. */
function watchTraffic(page: Page): Traffic {
  let seen = traffic.get(page);
  if (!seen) {
    const t: Traffic = { open: new Set(), started: 0 };
    page.on("request", (request) => {
      t.open.add(request);
      t.started++;
    });
    const done = (request: Request) => {
      t.open.delete(request);
      t.wake?.();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    traffic.set(page, t);
    seen = t;
  }
  return seen;
}

/** `page.goto` that returns once the page has settled (see `settled`). */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  watchTraffic(page);
  await page.goto(url, { waitUntil: "load" });
  await settled(page);
}

/** `page.reload` that returns once the page has settled (see `settled`). */
export async function reloadSettled(page: Page): Promise<void> {
  watchTraffic(page);
  await page.reload({ waitUntil: "load" });
  await settled(page);
}

/**
 * What `waitUntil: "networkidle"` waited for, as a condition instead of half a second of
 * silence after every load: no request of the page is open, and after a frame and an idle period
 * of its main thread (React has rendered what came back and run its effects; hydration, sliced
 * in transitions, keeps the thread busy until it ends) none has started and none is open. Twice,
 * so what a response's rendering starts is waited for too. Only for a page whose requests were
 * counted from its navigation (`openPage`, `gotoSettled`); any other page gets `networkidle`.
 */
export async function settled(page: Page, timeout = 30_000): Promise<void> {
  const seen = traffic.get(page);
  if (!seen) return page.waitForLoadState("networkidle", { timeout });
  const deadline = Date.now() + timeout;
  let quietRounds = 0;
  while (quietRounds < 2) {
    if (Date.now() > deadline) {
      throw new Error(`The page did not settle within ${timeout / 1000} s; open: ${[...seen.open].map((r) => r.url()).join(", ")}`);
    }
    if (seen.open.size > 0) {
      quietRounds = 0;
      await new Promise<void>((resolve) => {
        seen.wake = resolve;
        setTimeout(resolve, 1000); // looks at the deadline again
      });
      seen.wake = undefined;
      continue;
    }
    const startedBefore = seen.started;
    const idle = page
      .evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))))
      .then(
        () => true,
        () => true, // a navigation in between: the next round looks again
      );
    let timer: NodeJS.Timeout | undefined;
    const idled = await Promise.race([idle, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()) + 1)))]);
    clearTimeout(timer);
    if (!idled) continue; // the main thread never idled: the deadline above reports it
    quietRounds = seen.open.size === 0 && seen.started === startedBefore ? quietRounds + 1 : 0;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe in the page (through the debugger, so the page's CSP does not block it). With a
 * selector, only that part is checked: an open modal's backdrop darkens what lies under it,
 * which axe would otherwise count as low contrast.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  // A toast in its 150 ms fade is half transparent, and axe reads its title as low contrast (a
  // toast title was flagged once in CI on Pagos at 320 px): with reduced motion a fade takes 1 ms.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await animationsDone(page);
  const violations = await page.evaluate(async (scope) => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run((scope ? document.querySelector(scope) : document) as Document, {
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, selector);
  await page.emulateMedia({ reducedMotion: null });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.targets.join(", ")}`);
}

/** Waits for sliding panels and toasts to arrive: a box in mid-flight is not the layout. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Signs in on the staff sign-in form the page shows (the owner's password by default); callers wait for their own screen. */
export async function signInStaff(page: Page, password: string = adminPassword()): Promise<void> {
  const field = page.getByLabel("Contraseña de administrador");
  await field.fill(password);
  await field.press("Enter");
}
