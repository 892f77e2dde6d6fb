// One number, one rule (issue 21): for every package of a seeded database — amounts, coupons,
// extra lines, payments full, partial and reversed — the client portal (/rastreo's lookup), the
// back office (Paquetes), the Excel export and the payment receipts show the same stored total,
// paid amount and balance, equal to the database's own columns.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNotNull, isNull } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { loadWorkbook, sheetValues } from "../../test/workbooks";
import { clients, clientTrackings, packageCharges, paymentAllocations, payments } from "../../db/schema";
import { seedDatabase } from "../../seed/seed";
import { formatColones } from "../../../shared/domain/format";

const t = useTestApp();
let owner: TestStaff;
let work: string;

interface Stored {
  id: number;
  clientCode: string;
  trackingCode: string;
  totalColones: number | null;
  pagadoColones: number;
  saldoColones: number | null;
}
let stored: Stored[];
/** Packages with a coupon, extra lines on a package, reversed payments: each kind the comparison must meet. */
let variety: { discounted: number; extraLines: number; reversed: number };

/**
 * The seeded database: small (every receipt is a PDF drawn and read; 400 packages drew 302 of
 * them), and a seed whose plan holds each kind of amount: coupons, extra lines, payments full,
 * partial and reversed (the first test checks they are there).
 */
const SEED = { clients: 10, trackings: 100, seed: 28 };

beforeAll(async () => {
  await seedDatabase(t.ctx.db, { ...SEED, now: new Date("2026-11-20T15:00:00Z") });
  owner = await createTestStaff(t, "dueno");
  work = mkdtempSync(path.join(tmpdir(), "amounts-agree-"));
  stored = await t.ctx.db
    .select({
      id: clientTrackings.id,
      clientCode: clients.clientCode,
      trackingCode: clientTrackings.trackingCode,
      totalColones: clientTrackings.totalColones,
      pagadoColones: clientTrackings.pagadoColones,
      saldoColones: clientTrackings.saldoColones,
    })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId));
  variety = {
    discounted: (await t.ctx.db.select({ id: clientTrackings.id }).from(clientTrackings).where(isNotNull(clientTrackings.couponId))).length,
    extraLines: (await t.ctx.db.select({ id: packageCharges.id }).from(packageCharges)).length,
    reversed: (await t.ctx.db.select({ id: payments.id }).from(payments).where(isNotNull(payments.reversedAt))).length,
  };
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

const triple = (s: { totalColones: number | null; pagadoColones: number | null; saldoColones: number | null }) => [s.totalColones, s.pagadoColones, s.saldoColones];
const storedTriple = (s: Stored) => (s.totalColones === null ? null : triple(s));

describe("every seeded package's amounts agree everywhere", () => {
  it("the seed gives the comparison something to compare: priced, discounted, partly paid and unpaid packages", () => {
    expect(stored.length).toBe(SEED.trackings);
    expect(variety.discounted).toBeGreaterThan(0);
    expect(variety.extraLines).toBeGreaterThan(0);
    expect(variety.reversed).toBeGreaterThan(0);
    expect(stored.filter((s) => s.totalColones !== null && s.saldoColones === 0 && s.pagadoColones > 0).length).toBeGreaterThan(0);
    expect(stored.filter((s) => s.pagadoColones > 0 && (s.saldoColones ?? 0) > 0).length).toBeGreaterThan(0);
    expect(stored.filter((s) => s.totalColones !== null && s.pagadoColones === 0).length).toBeGreaterThan(0);
  });

  it("the client portal shows each of its packages' stored total, paid and balance, and the sum of what is due", async () => {
    const byClient = groupBy(stored, (s) => s.clientCode);
    for (const [code, packages] of byClient) {
      const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        trackings: { id: number; cargo: { totalColones: number; pagadoColones: number; saldoColones: number } | null }[];
        estadoCuenta: { totalPendienteColones: number };
      };
      const seen = new Map(body.trackings.map((p) => [p.id, p.cargo === null ? null : triple(p.cargo)]));
      for (const s of packages) expect(seen.get(s.id), `${code} ${s.trackingCode}`).toEqual(storedTriple(s));
      expect(body.estadoCuenta.totalPendienteColones).toBe(packages.reduce((sum, s) => sum + Math.max(0, s.saldoColones ?? 0), 0));
    }
  });

  it("the back office's Paquetes list shows the same numbers", async () => {
    const seen = new Map<number, unknown>();
    for (let page = 1; seen.size < stored.length; page++) {
      const res = await t.app.inject({ method: "GET", url: `/api/admin/packages?page=${page}&pageSize=100`, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      const { packages } = res.json() as { packages: { id: number; totalColones: number | null; pagadoColones: number | null; saldoColones: number | null }[] };
      expect(packages.length).toBeGreaterThan(0);
      for (const row of packages) seen.set(row.id, row.totalColones === null ? null : triple(row));
    }
    for (const s of stored) expect(seen.get(s.id), s.trackingCode).toEqual(storedTriple(s));
  });

  it("the Excel export's Total, Pagado and Saldo columns are the same numbers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/export/clients", headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const workbook = await loadWorkbook(res.rawPayload);
    const [header, ...rows] = sheetValues(workbook.getWorksheet("Trackings")!);
    const col = (name: string) => header.indexOf(name);
    const seen = new Map(
      rows.map((r) => [`${String(r[col("Código cliente")])}|${String(r[col("Tracking")])}`, [r[col("Total ₡")], r[col("Pagado ₡")], r[col("Saldo ₡")]]]),
    );
    expect(seen.size).toBe(stored.length);
    for (const s of stored) {
      const cells = seen.get(`${s.clientCode}|${s.trackingCode}`);
      expect(cells, s.trackingCode).toEqual([s.totalColones ?? undefined, s.pagadoColones, s.saldoColones]);
    }
  });

  it("each receipt lists its packages with the amounts applied, and those amounts make up each package's paid total", async () => {
    const live = await t.ctx.db
      .select({ paymentId: payments.id, trackingId: paymentAllocations.trackingId, amountColones: paymentAllocations.amountColones })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(isNull(payments.reversedAt));
    const paidBy = new Map<number, number>();
    for (const a of live) paidBy.set(a.trackingId, (paidBy.get(a.trackingId) ?? 0) + a.amountColones);
    for (const s of stored) expect(paidBy.get(s.id) ?? 0, s.trackingCode).toBe(s.pagadoColones);

    const codeOf = new Map(stored.map((s) => [s.id, s.trackingCode]));
    const byPayment = groupBy(live, (a) => a.paymentId);
    expect(byPayment.size).toBeGreaterThan(0);
    // All receipts in one PDF, read by one pdftotext (a process per receipt cost more than the
    // receipts): each receipt's pages are remembered, and pdftotext ends every page with \f.
    const merged = await PDFDocument.create();
    const pagesOf = new Map<number, [number, number]>();
    for (const paymentId of byPayment.keys()) {
      const res = await t.app.inject({ method: "GET", url: `/api/admin/payments/${paymentId}/receipt`, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      const receipt = await PDFDocument.load(res.rawPayload);
      const first = merged.getPageCount();
      for (const page of await merged.copyPages(receipt, receipt.getPageIndices())) merged.addPage(page);
      pagesOf.set(paymentId, [first, merged.getPageCount()]);
    }
    const file = path.join(work, "receipts.pdf");
    writeFileSync(file, await merged.save());
    const pages = execFileSync("pdftotext", ["-layout", file, "-"], { maxBuffer: 256 * 1024 * 1024 }).toString().split("\f");
    for (const [paymentId, allocations] of byPayment) {
      const [from, to] = pagesOf.get(paymentId)!;
      const text = pages.slice(from, to).join("\n");
      for (const a of allocations) {
        const line = text.split("\n").find((l) => l.includes(codeOf.get(a.trackingId)!));
        expect(line, `receipt ${paymentId}`).toBeDefined();
        // The receipt prints formatColones' text, "₡" included (decision 151); spaces compared as plain ones.
        const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");
        expect(plain(line!)).toContain(plain(formatColones(a.amountColones)));
      }
    }
  }, 300_000);
});
