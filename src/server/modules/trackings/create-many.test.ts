// createTrackings: the batch form of createTracking the Excel import uses. The same rules as one
// package at a time — first history row, WhatsApp message unless notify: false, the delivery
// rules (coupon, referral) in input order — and all-or-nothing on a duplicate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clientTrackings, clients, coupons, notificationOutbox, referrals, trackingStatusHistory } from "../../db/schema";
import { TRACKING_DUPLICATE } from "../../../shared/api/trackings";
import { registerTestClient } from "../clients/test-helpers";
import { CHANGED_BY, createTracking, createTrackings } from "./service";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;

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
          changedBy: CHANGED_BY.import,
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
    expect(first).toMatchObject({ previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", notes: "primera", changedBy: "importacion" });

    const messages = await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.trackingId, ids));
    expect(messages.map((m) => m.trackingId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(created[0].notificationId).toBe(messages.find((m) => m.trackingId === ids[0])!.id);
    expect(created[2].notificationId).toBeNull();
  });

  it("refuses a pair given twice or already existing with 409, and writes nothing", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await idOf(client.clientCode);
    const taken = code("TAKEN");
    await t.ctx.db.transaction((tx) => createTracking(tx, { clientId, trackingCode: taken, changedBy: CHANGED_BY.admin }));
    const fresh = code("FRESH");
    for (const batch of [
      [fresh, taken],
      [fresh, fresh],
    ]) {
      await expect(
        t.ctx.db.transaction((tx) =>
          createTrackings(
            tx,
            batch.map((trackingCode) => ({ clientId, trackingCode, changedBy: CHANGED_BY.import })),
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
        { clientId: referrerId, trackingCode: code("EARLY"), estado: "ENTREGADO", changedBy: CHANGED_BY.import, notify: false },
        { clientId: referredId, trackingCode: code("REF"), estado: "ENTREGADO", changedBy: CHANGED_BY.import, notify: false },
        { clientId: bystanderId, trackingCode: code("BY"), estado: "ENTREGADO", changedBy: CHANGED_BY.import, notify: false },
        { clientId: referrerId, trackingCode: code("LATE"), estado: "ENTREGADO", changedBy: CHANGED_BY.import, notify: false },
        { clientId: referrerId, trackingCode: code("TRANSIT"), estado: "EN_ADUANAS", changedBy: CHANGED_BY.import, notify: false },
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
