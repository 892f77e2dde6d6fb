// Issue 34, done-when: "Numbering stays gap-free and unique under 20 concurrent payments across two
// instances on PostgreSQL" (decision 185), end to end: two app instances (two buildApps, each with
// its own connection pool) on one PostgreSQL database, invoicing on, 20 payments recorded at once
// over HTTP, 10 through each. Every payment gets exactly one comprobante, and per branch, terminal
// and document type the consecutivos are 1…N with no gap and no repeat.
// Note: payments of one day also queue on the cash day's advisory lock (decision 147) before the
// number is taken, so this end-to-end test alone does not catch an unlocked number (verified: an
// unlocked read-then-write still passes here); numbering.test.ts races bare transactions for that.
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { clients, clientTrackings, invoiceDocuments } from "../../db/schema";
import { createTestApp, TEST_ADMIN_PASSWORD, uniqueTrackingCode, type TestApp } from "../../test/app";
import { openDatabase } from "../../db/client";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import { testInvoicing } from "../../test/hacienda";

const PAYMENTS = 20;

// PGlite is one embedded connection in one process: two instances cannot share it (its
// transactions simply queue), so this runs only on PostgreSQL (DATABASE_URL), as CI's second pass does.
describe("comprobante numbering across two app instances on one PostgreSQL (issue 34)", () => {
  let setup: TestApp | undefined;
  const pools: Database[] = [];
  const instances: FastifyInstance[] = [];
  let cleanup: (() => Promise<void>) | undefined;

  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const pool of pools) await pool.close();
    await setup?.close();
    await cleanup?.();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "20 concurrent payments, 10 through each instance: one comprobante each, consecutivos 1…N per branch, terminal and type",
    { timeout: 180_000 },
    async () => {
      const made = await testInvoicing();
      cleanup = made.cleanup;
      setup = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { invoicing: made.invoicing } });
      const t = setup;
      // Two instances, each its own buildApp and its own pool, large enough that no request waits
      // for a connection (the test's 3 s acquire time-out would turn a slow machine into 503s):
      // the payments wait on each other only inside PostgreSQL, on the sequence row.
      for (let i = 0; i < 2; i++) {
        const pool = await openDatabase({ databaseUrl: t.database.url!, poolSize: PAYMENTS });
        pools.push(pool);
        const { app } = await buildApp({ config: t.config, database: pool, adminPassword: TEST_ADMIN_PASSWORD, invoicing: made.invoicing, slowDown: async () => {} });
        await app.ready();
        instances.push(app);
      }
      const staff = await createTestStaff(t, "oficina");

      // 20 clients owing one package each; half hold an identification (Factura 01), half not (Tiquete 04).
      const owing = [];
      for (let i = 0; i < PAYMENTS; i++) {
        const { clientCode } = await registerTestClient(t.app);
        const clientId = await clientIdOf(t.ctx.db, clientCode);
        if (i % 2 === 0) await t.ctx.db.update(clients).set({ taxIdType: "FISICA", taxIdNumber: String(109870000 + i) }).where(eq(clients.id, clientId));
        const pkg = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("NUM"), "LISTO_PARA_ENTREGAR");
        await t.ctx.db.update(clientTrackings).set({ montoColones: 10_000 + i * 137 }).where(eq(clientTrackings.id, pkg.id));
        const [stored] = await t.ctx.db.select({ total: clientTrackings.totalColones }).from(clientTrackings).where(eq(clientTrackings.id, pkg.id));
        owing.push({ clientCode, trackingId: pkg.id, total: stored.total ?? 0 });
      }

      // All at once, alternating instances: each request holds its number's row lock until its payment commits.
      const answers = await Promise.all(
        owing.map((o, i) =>
          instances[i % 2].inject({
            method: "POST",
            url: "/api/admin/payments",
            headers: staff.headers,
            payload: { clientCode: o.clientCode, method: "EFECTIVO", allocations: [{ trackingId: o.trackingId, amountColones: o.total }] },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body.slice(0, 200)).join("\n")).toEqual(Array(PAYMENTS).fill(201));
      const paymentIds = answers.map((a) => (a.json() as { payment: { id: number } }).payment.id);

      const docs = await t.ctx.db
        .select({ paymentId: invoiceDocuments.paymentId, consecutivo: invoiceDocuments.consecutivo, number: invoiceDocuments.number, state: invoiceDocuments.state, documentType: invoiceDocuments.documentType })
        .from(invoiceDocuments)
        .orderBy(asc(invoiceDocuments.id));
      // Exactly one comprobante per payment, every one numbered (none refused for its data).
      expect(docs.map((d) => d.paymentId).sort((a, b) => a - b)).toEqual([...paymentIds].sort((a, b) => a - b));
      expect(docs.every((d) => d.state === "pendiente" && d.consecutivo !== null)).toBe(true);

      // Per (branch, terminal, type): 1…N, no gap, no repeat; the consecutivo carries the row's number.
      const byPoint = new Map<string, number[]>();
      for (const d of docs) {
        const c = d.consecutivo!;
        expect(c).toMatch(/^\d{20}$/);
        expect(Number(c.slice(10))).toBe(d.number);
        expect(c.slice(8, 10)).toBe(d.documentType);
        const key = `${c.slice(0, 3)}-${c.slice(3, 8)}-${c.slice(8, 10)}`;
        byPoint.set(key, [...(byPoint.get(key) ?? []), Number(c.slice(10))]);
      }
      expect([...byPoint.keys()].sort()).toEqual(["001-00001-01", "001-00001-04"]);
      for (const [key, numbers] of byPoint) {
        expect(numbers.sort((a, b) => a - b), key).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      }
      expect(byPoint.get("001-00001-01")).toHaveLength(PAYMENTS / 2);
      expect(byPoint.get("001-00001-04")).toHaveLength(PAYMENTS / 2);
    },
  );
});
