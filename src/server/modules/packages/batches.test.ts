// createTrackings and updateTrackings: the batch forms the Excel import uses. The same rules as
// one package at a time — history rows, WhatsApp messages unless notify: false, the delivery rules
// (coupon, referral) in input order — and all-or-nothing on a duplicate or an unknown package.
import { TEST_ADMIN_ACTOR, TEST_IMPORT_ACTOR } from "../../test/actors";
import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../../lib/rate-limiter";
import { UNPAID_DELIVERY_CODE, UNPRICED_CODE } from "../../../shared/api/admin/trackings";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { clientTrackings, clients, coupons, notificationOutbox, referrals, trackingStatusHistory } from "../../db/schema";
import { TRACKING_DUPLICATE, TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import { registerTestClient } from "../../test/clients";
import { createTracking, createTrackings, updateTrackings } from "./service";
import { trackingStatusMessage } from "../../../shared/domain/messages";

const t = useTestApp();

const code = uniqueTrackingCode;

async function idOf(clientCode: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, clientCode));
  return row.id;
}

describe("createTrackings", () => {
  it("creates every package in input order with its first history row, queuing messages only when asked", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await idOf(client.clientCode);
    const codes = Array.from({ length: 1203 }, () => code("BULK"));
    const created = await t.ctx.db.transaction((tx) =>
      createTrackings(
        tx,
        codes.map((trackingCode, i) => ({
          clientId,
          trackingCode,
          estado: i % 2 ? "EN_BODEGA_MIAMI" : undefined,
          descripcionPaquete: `Artículo ${i}`,
          actor: TEST_IMPORT_ACTOR,
          notes: i === 0 ? "  primera  " : undefined,
          notify: i < 2,
        })),
      ),
    );
    expect(created.map((c) => c.tracking.trackingCode)).toEqual(codes);
    expect(created[0].tracking.estado).toBe("SEGUIMIENTO_INTERNACIONAL");
    expect(created[1].tracking.estado).toBe("EN_BODEGA_MIAMI");
    expect(created[1202].tracking.descripcionPaquete).toBe("Artículo 1202");

    const ids = created.map((c) => c.tracking.id);
    const history = await t.ctx.db.select().from(trackingStatusHistory).where(inArray(trackingStatusHistory.trackingId, ids));
    expect(history).toHaveLength(codes.length);
    const first = history.find((h) => h.trackingId === ids[0])!;
    expect(first).toMatchObject({ previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", notes: "primera", changedBy: "Importación Excel" });

    const messages = await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.trackingId, ids));
    expect(messages.map((m) => m.trackingId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(created[0].notificationId).toBe(messages.find((m) => m.trackingId === ids[0])!.id);
    expect(created[2].notificationId).toBeNull();
  });

  it("refuses a pair given twice or already existing with 409, and writes nothing", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await idOf(client.clientCode);
    const taken = code("TAKEN");
    await t.ctx.db.transaction((tx) => createTracking(tx, { clientId, trackingCode: taken, actor: TEST_ADMIN_ACTOR }));
    const fresh = code("FRESH");
    for (const batch of [
      [fresh, taken],
      [fresh, fresh],
    ]) {
      await expect(
        t.ctx.db.transaction((tx) =>
          createTrackings(
            tx,
            batch.map((trackingCode) => ({ clientId, trackingCode, actor: TEST_IMPORT_ACTOR })),
          ),
        ),
      ).rejects.toMatchObject({ statusCode: 409, message: TRACKING_DUPLICATE });
    }
    const rows = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, clientId));
    expect(rows.map((r) => r.trackingCode)).toEqual([taken]);
  });

  it("runs the delivery rules in order: the referred client's coupon, then the referrer's reward on a later package", async () => {
    const referrer = await registerTestClient(t.app);
    const referred = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    const bystander = await registerTestClient(t.app);
    const [referrerId, referredId, bystanderId] = await Promise.all([referrer, referred, bystander].map((c) => idOf(c.clientCode)));

    const created = await t.ctx.db.transaction((tx) =>
      createTrackings(tx, [
        { clientId: referrerId, trackingCode: code("EARLY"), estado: "ENTREGADO", pesoPieCubicos: "1000", montoColones: 10_000, actor: TEST_IMPORT_ACTOR, notify: false },
        { clientId: referredId, trackingCode: code("REF"), estado: "ENTREGADO", pesoPieCubicos: "1000", montoColones: 10_000, actor: TEST_IMPORT_ACTOR, notify: false },
        { clientId: bystanderId, trackingCode: code("BY"), estado: "ENTREGADO", pesoPieCubicos: "1000", montoColones: 10_000, actor: TEST_IMPORT_ACTOR, notify: false },
        { clientId: referrerId, trackingCode: code("LATE"), estado: "ENTREGADO", pesoPieCubicos: "1000", montoColones: 10_000, actor: TEST_IMPORT_ACTOR, notify: false },
        { clientId: referrerId, trackingCode: code("TRANSIT"), estado: "EN_ADUANAS", actor: TEST_IMPORT_ACTOR, notify: false },
      ]),
    );
    const [early, ref, by, late, transit] = created;
    // The referrer had no coupon yet when the first package was delivered.
    expect(early.rewards).toEqual({ couponApplied: null, referralCompleted: null });
    expect(early.tracking.discountPercent).toBeNull();
    // The referred client's first delivery uses the 5 % welcome coupon and completes the referral.
    expect(ref.tracking.discountPercent).toBe(5);
    const [welcome] = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, referredId));
    expect(welcome).toMatchObject({ discountPercent: 5, status: "USADO", usedOnTrackingId: ref.tracking.id });
    expect(ref.rewards?.couponApplied?.couponId).toBe(welcome.id);
    expect(ref.rewards?.referralCompleted?.referrerClientId).toBe(referrerId);
    expect(by.rewards).toEqual({ couponApplied: null, referralCompleted: null });
    // The referrer's later package takes the 10 % reward just issued.
    expect(late.tracking.discountPercent).toBe(10);
    expect(late.tracking.couponId).toBe(ref.rewards?.referralCompleted?.rewardCouponId);
    expect(transit.rewards).toBeNull();

    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, referredId));
    expect(referral.status).toBe("COMPLETADO");
    const referrerCoupons = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, referrerId));
    expect(referrerCoupons.map((c) => [c.discountPercent, c.status, c.usedOnTrackingId])).toEqual([[10, "USADO", late.tracking.id]]);
  });
});

describe("updateTrackings", () => {
  async function packagesOf(clientId: number, count: number) {
    return t.ctx.db.transaction((tx) =>
      createTrackings(
        tx,
        Array.from({ length: count }, (_, i) => ({
          clientId,
          trackingCode: code("UPD"),
          descripcionPaquete: `Original ${i}`,
          pesoEstimado: 100 + i,
          notas: "nota vieja",
          actor: TEST_ADMIN_ACTOR,
          notify: false,
        })),
      ),
    );
  }

  it("sets only the given fields, moves statuses with history and messages, and answers in input order", async () => {
    const client = await registerTestClient(t.app, { nombre: "Lucía Brenes" });
    const clientId = await idOf(client.clientCode);
    const created = await packagesOf(clientId, 4);
    const [a, b, c, d] = created.map((x) => x.tracking);
    const results = await t.ctx.db.transaction((tx) =>
      updateTrackings(tx, [
        { trackingId: c.id, changes: { estado: "EN_ADUANAS", notas: null }, actor: TEST_IMPORT_ACTOR, notes: "lote", brandName: "Marca" },
        { trackingId: a.id, changes: { pesoEstimado: 2500.5, costo: 12500 }, actor: TEST_IMPORT_ACTOR },
        { trackingId: d.id, changes: { estado: "SEGUIMIENTO_INTERNACIONAL", tiendaOrigen: "Amazon" }, actor: TEST_IMPORT_ACTOR },
        { trackingId: b.id, changes: { estado: "EN_ADUANAS" }, actor: TEST_IMPORT_ACTOR, notify: false },
      ]),
    );
    expect(results.map((r) => r.tracking.id)).toEqual([c.id, a.id, d.id, b.id]);
    const [rc, ra, rd, rb] = results;
    // c: status moved, note cleared, other fields kept.
    expect(rc.tracking).toMatchObject({ estado: "EN_ADUANAS", notas: null, descripcionPaquete: "Original 2", pesoEstimado: 102 });
    expect(rc.statusChange).toMatchObject({ changed: true, previousStatus: "SEGUIMIENTO_INTERNACIONAL" });
    // a: fields only, no status change.
    expect(ra.tracking).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", pesoEstimado: 2500.5, costo: 12500, notas: "nota vieja" });
    expect(ra.tracking.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
    expect(ra.statusChange).toBeNull();
    // d: the same status is no change; the field is set.
    expect(rd.statusChange).toBeNull();
    expect(rd.tracking.tiendaOrigen).toBe("Amazon");

    const history = await t.ctx.db
      .select()
      .from(trackingStatusHistory)
      .where(inArray(trackingStatusHistory.trackingId, [a.id, b.id, c.id, d.id]));
    const moved = history.filter((h) => h.previousStatus !== null);
    expect(moved.map((h) => [h.trackingId, h.previousStatus, h.newStatus, h.changedBy]).sort()).toEqual(
      [
        [b.id, "SEGUIMIENTO_INTERNACIONAL", "EN_ADUANAS", "Importación Excel"],
        [c.id, "SEGUIMIENTO_INTERNACIONAL", "EN_ADUANAS", "Importación Excel"],
      ].sort(),
    );
    expect(moved.find((h) => h.trackingId === c.id)?.notes).toBe("lote");

    const messages = await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.trackingId, [a.id, b.id, c.id, d.id]));
    expect(messages).toHaveLength(1);
    expect(messages[0].id).toBe(rc.statusChange?.notificationId);
    expect(messages[0].body).toBe(trackingStatusMessage({ nombre: "Lucía Brenes", trackingCode: c.trackingCode, estado: "EN_ADUANAS", brandName: "Marca" }));
    expect(rb.statusChange?.notificationId).toBeNull();
  });

  it("writes each package once: its fields and its status move are one new row version, with the move's dates (docs/decisions/233)", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await idOf(client.clientCode);
    const [a, b, c] = (await packagesOf(clientId, 3)).map((x) => x.tracking);
    const now = new Date("2026-11-28T09:00:00.000Z");
    // This transaction's row versions of the packages table: the statistics view's count after
    // the call less before it (it may also hold earlier transactions' counts not yet reported).
    const updatedSoFar = async (tx: Parameters<Parameters<typeof t.ctx.db.transaction>[0]>[0]) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(sum(n_tup_upd), 0)::int as n from pg_stat_xact_user_tables where relname = 'client_trackings'`))[0].n;
    const { results, updatedRows } = await t.ctx.db.transaction(async (tx) => {
      const before = await updatedSoFar(tx);
      const results = await updateTrackings(tx, [
        // Fields and a move; a move alone; fields alone; and one priced and made collectable at once.
        { trackingId: a.id, changes: { estado: "EN_ADUANAS", notas: "nota nueva" }, actor: TEST_IMPORT_ACTOR, now, notify: false },
        { trackingId: b.id, changes: { estado: "EN_BODEGA_CR" }, actor: TEST_IMPORT_ACTOR, now, notify: false },
        { trackingId: c.id, changes: { pesoPieCubicos: "2", montoColones: 7_000, estado: "LISTO_PARA_ENTREGAR" }, actor: TEST_IMPORT_ACTOR, now, notify: false },
      ]);
      return { results, updatedRows: (await updatedSoFar(tx)) - before };
    });
    // Three packages, three row versions (the fields and the move used to be two writes each);
    // the coupon rules write nothing here (the client has no coupon).
    expect(updatedRows).toBe(3);
    const [ra, rb, rc] = results.map((r) => r.tracking);
    expect(ra).toMatchObject({ estado: "EN_ADUANAS", notas: "nota nueva", cobrableAt: null });
    expect(ra.lastStatusChangeDate).toEqual(now);
    expect(ra.updatedAt).toEqual(now);
    expect(rb).toMatchObject({ estado: "EN_BODEGA_CR", notas: "nota vieja", cobrableAt: null });
    expect(rc).toMatchObject({ estado: "LISTO_PARA_ENTREGAR", montoColones: 7_000 });
    expect(rc.cobrableAt).toEqual(now);

    // A move refused after the write (staff delivering with a balance due) takes the package's
    // fields back with it: the caller's transaction rolls back as a whole.
    await expect(
      t.ctx.db.transaction((tx) =>
        updateTrackings(tx, [{ trackingId: c.id, changes: { estado: "ENTREGADO", notas: "entregado" }, actor: TEST_ADMIN_ACTOR, notify: false }]),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: UNPAID_DELIVERY_CODE });
    const [stillC] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, c.id));
    expect(stillC).toMatchObject({ estado: "LISTO_PARA_ENTREGAR", notas: "nota vieja" });

    // A later move keeps the first collectable instant; an unpriced package is refused before anything is written.
    const later = new Date("2026-11-29T09:00:00.000Z");
    const [{ tracking: delivered }] = await t.ctx.db.transaction((tx) =>
      updateTrackings(tx, [{ trackingId: c.id, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR, now: later, notify: false }]),
    );
    expect(delivered.cobrableAt).toEqual(now);
    expect(delivered.lastStatusChangeDate).toEqual(later);
    await expect(
      t.ctx.db.transaction((tx) =>
        updateTrackings(tx, [
          { trackingId: a.id, changes: { notas: "otra" }, actor: TEST_IMPORT_ACTOR, notify: false },
          { trackingId: b.id, changes: { estado: "LISTO_PARA_ENTREGAR" }, actor: TEST_IMPORT_ACTOR, notify: false },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: UNPRICED_CODE });
    const [stillA] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, a.id));
    expect(stillA.notas).toBe("nota nueva");
  });

  it("delivers through the coupon rules, and refuses an unknown package or a repeated code with nothing written", async () => {
    const referrer = await registerTestClient(t.app);
    const referred = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    const referredId = await idOf(referred.clientCode);
    const [{ tracking: first }, { tracking: second }] = await packagesOf(referredId, 2);
    // Weighed and priced: a package without an amount is never delivered (docs/decisions/152).
    await t.ctx.db.update(clientTrackings).set({ pesoPieCubicos: "1000", montoColones: 10_000 }).where(inArray(clientTrackings.id, [first.id, second.id]));

    await expect(
      t.ctx.db.transaction((tx) =>
        updateTrackings(tx, [
          { trackingId: first.id, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR },
          { trackingId: 2_000_000_000, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: TRACKING_NOT_FOUND });
    await expect(
      t.ctx.db.transaction((tx) =>
        updateTrackings(tx, [
          { trackingId: first.id, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR },
          { trackingId: second.id, changes: { trackingCode: first.trackingCode }, actor: TEST_IMPORT_ACTOR },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: TRACKING_DUPLICATE });
    const untouched = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, referredId));
    expect(untouched.map((r) => r.estado)).toEqual(["SEGUIMIENTO_INTERNACIONAL", "SEGUIMIENTO_INTERNACIONAL"]);

    const [delivered, other] = await t.ctx.db.transaction((tx) =>
      updateTrackings(tx, [
        { trackingId: first.id, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR, notify: false },
        { trackingId: second.id, changes: { estado: "ENTREGADO" }, actor: TEST_IMPORT_ACTOR, notify: false },
      ]),
    );
    // One coupon per client: the first package in the batch takes the 5 % welcome coupon.
    expect(delivered.tracking.discountPercent).toBe(5);
    expect(delivered.statusChange?.rewards?.referralCompleted).not.toBeNull();
    expect(other.tracking.discountPercent).toBeNull();
  });
});
