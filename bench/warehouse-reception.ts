// "Receive 100 packages by keyboard scanner" (issue 20, docs/decisions/128): the HTTP sequence
// Recepción sends per package — the scan lookup, then the receipt with its weight — for 100
// pre-alerted packages in a row against the production server. The figure is the system's time
// per package (what staff would wait for after Enter), not the person's scanning and weighing.

const PACKAGES = 100;
/** Budget per package (p95): far below the seconds a person spends scanning and weighing one. */
export const RECEIVE_BUDGET_MS = 500;

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

export async function benchReception(base: string, admin: Record<string, string>): Promise<ReceptionFigure> {
  const stamp = Date.now().toString(36).toUpperCase();
  const phone = `8${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const { client } = (await call(base, admin, "POST", "/api/admin/clients", {
    nombre: "Bodega Banco Prueba",
    telefono: phone,
    direccion: "Grecia centro, frente al parque",
  })) as { client: { clientCode: string } };
  const codes: string[] = [];
  for (let i = 0; i < PACKAGES; i++) {
    const trackingCode = `RCV${stamp}${String(i).padStart(3, "0")}`;
    await call(base, admin, "POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode });
    codes.push(trackingCode);
  }
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
