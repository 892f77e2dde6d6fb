// Debian Chromium driven by playwright-core, plus helpers every journey uses: a page at a
// phone or desktop width that records console errors and CSP violations, and an axe check.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** `extraArgs`: more Chromium flags, e.g. a fake camera playing a file (warehouse-camera.test.ts). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...extraArgs,
    ],
  });
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
  await page.goto(baseUrl() + path, { waitUntil: "networkidle" });
  return { page, context, problems };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe in the page (through the debugger, so the page's CSP does not block it). With a
 * selector, only that part is checked: an open modal's backdrop darkens what lies under it,
 * which axe would otherwise count as low contrast.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (scope) => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run((scope ? document.querySelector(scope) : document) as Document, {
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, selector);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.targets.join(", ")}`);
}
