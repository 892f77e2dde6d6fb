// "Close a 1 000-package shipment" (issue 20, docs/decisions/130): over real HTTP, staff create a
// shipment, list the received packages ready to consolidate, add them all, close it, download
// the manifest (.xlsx and PDF) and move every package one status on (one WhatsApp message each).
// npm run bench runs it on its seeded server (prepareShipmentPackages before the server starts,
// measureShipmentClose after); on its own, on a fresh database (embedded PGlite, or a throw-away
// PostgreSQL database when DATABASE_URL is set):
//   node --import tsx bench/shipments.ts [--packages 1000]
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import type { Db } from "../src/server/db/client";
import { addReceivedPackages } from "../src/server/test/shipments";

/** Budgets in ms for 1 000 packages, each step and the whole (decision 130). */
export const SHIPMENT_BUDGETS_MS = { add: 3000, close: 500, manifestXlsx: 2000, manifestPdf: 5000, move: 5000, total: 15000 };

/** Received packages waiting at Miami for the bench's shipment (before the server starts: PGlite has one owner). */
export async function prepareShipmentPackages(db: Db, count: number): Promise<void> {
  await addReceivedPackages(db, count, { clients: Math.max(1, Math.ceil(count / 10)) });
}

export interface ShipmentFigure {
  label: string;
  ms: number;
  budgetMs: number;
}

/** The steps above against a running server; throws when a step does not answer 2xx. */
export async function measureShipmentClose(base: string, headers: Record<string, string>, count: number): Promise<ShipmentFigure[]> {
  const json = { ...headers, "content-type": "application/json" };
  const step = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? headers : json, body: body === undefined ? undefined : JSON.stringify(body) });
    const bytes = await res.arrayBuffer();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${Buffer.from(bytes).toString("utf8").slice(0, 200)}`);
    return { ms, data: res.headers.get("content-type")?.includes("json") ? JSON.parse(Buffer.from(bytes).toString("utf8")) : null };
  };
  const created = await step("POST", "/api/admin/shipments", { formaEnvio: "AVION", numeroGuia: `BENCH-${Date.now()}`, transporte: "AV 601", fecha: "2026-11-26" });
  const id = created.data.shipment.id as number;
  const ready = await step("GET", `/api/admin/shipments/${id}/ready`);
  const ids = (ready.data.packages as { id: number }[]).slice(0, count).map((p) => p.id);
  if (ids.length < count) throw new Error(`only ${ids.length} packages ready, ${count} wanted`);
  const add = await step("POST", `/api/admin/shipments/${id}/packages`, { trackingIds: ids });
  const close = await step("POST", `/api/admin/shipments/${id}/close`);
  const xlsx = await step("GET", `/api/admin/shipments/${id}/manifest.xlsx`);
  const pdf = await step("GET", `/api/admin/shipments/${id}/manifest.pdf`);
  const move = await step("POST", `/api/admin/shipments/${id}/status`, { estado: "EN_ADUANAS" });
  if (move.data.moved !== count) throw new Error(`moved ${move.data.moved}, expected ${count}`);
  const total = created.ms + ready.ms + add.ms + close.ms + xlsx.ms + pdf.ms + move.ms;
  const b = SHIPMENT_BUDGETS_MS;
  return [
    { label: `Shipment: add ${count} packages (ready list + add)`, ms: ready.ms + add.ms, budgetMs: b.add },
    { label: "Shipment: close", ms: close.ms, budgetMs: b.close },
    { label: `Shipment: manifest .xlsx (${count} rows)`, ms: xlsx.ms, budgetMs: b.manifestXlsx },
    { label: `Shipment: manifest PDF (${count} rows)`, ms: pdf.ms, budgetMs: b.manifestPdf },
    { label: `Shipment: move ${count} to En aduanas (${count} messages)`, ms: move.ms, budgetMs: b.move },
    { label: `Close a ${count}-package shipment, all steps`, ms: total, budgetMs: b.total },
  ];
}

const formatShipmentFigure = (f: ShipmentFigure) =>
  [f.label.padEnd(52), `${Math.round(f.ms)} ms`.padEnd(12), `budget ≤ ${f.budgetMs} ms: ${f.ms <= f.budgetMs ? "met" : "NOT MET"}`].join(" ");

async function standalone(): Promise<void> {
  const argv = process.argv.slice(2);
  const i = argv.indexOf("--packages");
  const count = i >= 0 ? Number(argv[i + 1]) : 1000;
  const { buildApp } = await import("../src/server/app");
  const { loadConfig } = await import("../src/server/config");
  const { createTestDatabase } = await import("../src/server/test/database");
  const database = await createTestDatabase();
  const config = loadConfig({ ...process.env, NODE_ENV: "production", RATE_LIMIT: "off", LOG_LEVEL: "silent", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red" });
  const { app, ctx } = await buildApp({ config, database, adminPassword: "bench-shipments-password" });
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${(await ctx.sessions.issue()).token}` };
    await prepareShipmentPackages(database.db, count);
    const figures = await measureShipmentClose(base, headers, count);
    console.log(`\nEmbarques — ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${count} packages\n`);
    for (const f of figures) console.log(formatShipmentFigure(f));
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  standalone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
