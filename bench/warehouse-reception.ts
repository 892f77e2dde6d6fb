// "Receive 100 packages by keyboard scanner" (issue 20, docs/decisions/128), two figures against
// the production server, each for 100 pre-alerted packages in a row:
// - the HTTP sequence Recepción sends per package (the scan lookup, then the receipt with its
//   weight): the server's time per package, p50 and p95;
// - the same in Chromium at 390×844, as the e2e test does it: the scanner types the number and
//   Enter, the weight and Enter, until the screen counts the package and the focus is back on the
//   scan field. Keys are typed without delay, so the figure is what the system adds to the
//   seconds a person spends scanning and weighing each package.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const PACKAGES = 100;
/** Budget per package (p95): far below the seconds a person spends scanning and weighing one. */
export const RECEIVE_BUDGET_MS = 500;

/** Budget for 100 packages in Chromium: 0.6 s each, a tenth of the ~6 s a person takes to scan, weigh and type. */
export const RECEIVE_BROWSER_BUDGET_MS = 60_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface ReceptionFigure {
  packages: number;
  totalMs: number;
  p50Ms: number;
  p95Ms: number;
}

async function call(base: string, admin: Record<string, string>, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...admin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** 100 new pre-alerted packages of one new client: their tracking numbers. */
async function preAlerted(base: string, admin: Record<string, string>, prefix: string): Promise<string[]> {
  const stamp = Date.now().toString(36).toUpperCase();
  const phone = `8${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const { client } = (await call(base, admin, "POST", "/api/admin/clients", {
    nombre: "Bodega Banco Prueba",
    telefono: phone,
    direccion: "Grecia centro, frente al parque",
    // The two reception runs each make this client: the second is "parecido" to the first on purpose.
    confirmar: true,
  })) as { client: { clientCode: string } };
  const codes: string[] = [];
  for (let i = 0; i < PACKAGES; i++) {
    const trackingCode = `${prefix}${stamp}${String(i).padStart(3, "0")}`;
    await call(base, admin, "POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode });
    codes.push(trackingCode);
  }
  return codes;
}

export async function benchReception(base: string, admin: Record<string, string>): Promise<ReceptionFigure> {
  const codes = await preAlerted(base, admin, "RCV");
  const times: number[] = [];
  const started = performance.now();
  for (const code of codes) {
    const t0 = performance.now();
    const scan = (await call(base, admin, "GET", `/api/admin/warehouse/scan?code=${encodeURIComponent(code)}`)) as { packages: { id: number }[] };
    await call(base, admin, "POST", "/api/admin/warehouse/receive", { trackingId: scan.packages[0].id, pesoGramos: 500 + times.length });
    times.push(performance.now() - t0);
  }
  const totalMs = performance.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { packages: PACKAGES, totalMs, p50Ms: at(0.5), p95Ms: at(0.95) };
}

/** The keyboard-scanner flow in Chromium for 100 packages: total milliseconds, or why it was not measured. */
export async function benchReceptionInBrowser(base: string, admin: Record<string, string>, password: string): Promise<number | string> {
  if (!existsSync(CHROMIUM)) return `Chromium not found at ${CHROMIUM}`;
  const codes = await preAlerted(base, admin, "1ZKBD");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${base}/admin/recepcion`, { waitUntil: "networkidle" });
    await page.getByLabel("Contraseña de administrador").fill(password);
    await page.getByLabel("Contraseña de administrador").press("Enter");
    await page.getByLabel("Número de guía o etiqueta").waitFor();
    await page.getByLabel("Número de guía o etiqueta").focus();
    const focused = (id: string) => page.waitForFunction((want) => document.activeElement?.id === want, id, { polling: "raf" });
    const started = performance.now();
    for (const [index, code] of codes.entries()) {
      await focused("recepcion-scan");
      await page.keyboard.type(code);
      await page.keyboard.press("Enter");
      await focused("recibir-peso");
      await page.keyboard.type(String(400 + index));
      await page.keyboard.press("Enter");
      await page.getByText(`Recibidos en esta sesión: ${index + 1}`, { exact: true }).waitFor();
    }
    await focused("recepcion-scan");
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}
