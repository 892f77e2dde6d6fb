// The referral and coupon programme as every delivery path runs it (through
// changeTrackingStatus): the first delivery completes the referral and rewards the referrer,
// each shipment uses the client's best unexpired coupon (at most 10 %) once; plus the
// client's coupons and referrals answers.
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { clientTrackings, clients, coupons, referrals } from "../../db/schema";
import type { TClientCouponsResponse } from "../../../shared/api/coupons";
import type { TClientReferralsResponse } from "../../../shared/api/referrals";
import type { TClientTracking, TClientTrackingsResponse } from "../../../shared/api/trackings";
import { registerTestClient } from "../../test/clients";
import { changeTrackingStatus } from "../packages/service";
import { maskReferredName } from "./service";

const t = useTestApp();

const uniqueTracking = () => uniqueTrackingCode("REF");
const DAY = 86_400_000;

async function clientIdOf(code: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, code));
  return row.id;
}

async function preAlert(clientCode: string): Promise<TClientTracking> {
  const res = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode, trackingCode: uniqueTracking() } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function deliver(trackingId: number, now?: Date) {
  return t.ctx.db.transaction(async (tx) => {
    // Weighed and priced at ₡0 if it was not: a package without an amount is never delivered (docs/decisions/152).
    await tx
      .update(clientTrackings)
      .set({ pesoPieCubicos: "1000", montoColones: 0 })
      .where(and(eq(clientTrackings.id, trackingId), isNull(clientTrackings.montoColones)));
    return changeTrackingStatus(tx, { trackingId, newStatus: "ENTREGADO", actor: TEST_ADMIN_ACTOR, now });
  });
}

async function couponsOf(clientId: number) {
  return t.ctx.db.select().from(coupons).where(eq(coupons.clientId, clientId)).orderBy(coupons.id);
}

async function giveCoupon(clientId: number, discountPercent: number, expiresAt: Date) {
  const [row] = await t.ctx.db
    .insert(coupons)
    .values({ clientId, discountPercent, reason: "REFERIDO", expiresAt })
    .returning();
  return row;
}

describe("delivery of a referred client's first package", () => {
  it("uses the 5 % welcome coupon, completes the referral with its date and gives the referrer a 10 % coupon", async () => {
    const referrer = await registerTestClient(t.app, { nombre: "Sofía Arias" });
    const friend = await registerTestClient(t.app, { nombre: "Diego Herrera Salas", referrerCode: referrer.clientCode });
    const friendId = await clientIdOf(friend.clientCode);
    const referrerId = await clientIdOf(referrer.clientCode);
    const pkg = await preAlert(friend.clientCode);

    const at = new Date();
    const result = await deliver(pkg.id, at);
    expect(result.rewards?.couponApplied?.discountPercent).toBe(5);
    expect(result.rewards?.referralCompleted?.referrerClientId).toBe(referrerId);

    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendId));
    expect(referral.status).toBe("COMPLETADO");
    expect(referral.completedAt).toEqual(at);

    const [welcome] = await couponsOf(friendId);
    expect(welcome).toMatchObject({ status: "USADO", usedAt: at, usedOnTrackingId: pkg.id });
    const [tracking] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, pkg.id));
    expect(tracking).toMatchObject({ couponId: welcome.id, discountPercent: 5 });

    const rewards = await couponsOf(referrerId);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ discountPercent: 10, status: "DISPONIBLE", reason: "REFERIDO", referralId: referral.id });
    expect(rewards[0].expiresAt.getTime() - at.getTime()).toBe(60 * DAY);

    // The owner sees the coupon on the package.
    const view = (await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${friend.clientCode}` })).json() as TClientTrackingsResponse;
    expect(view.trackings[0].coupon).toEqual({ discountPercent: 5 });
    expect(view.trackings[0].estado).toBe("ENTREGADO");
  });

  it("completes the referral once: a later package or a second delivery gives nothing more", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    const referrerId = await clientIdOf(referrer.clientCode);
    const friendId = await clientIdOf(friend.clientCode);
    const first = await preAlert(friend.clientCode);
    const second = await preAlert(friend.clientCode);

    await deliver(first.id);
    // Back and forth on the same package: no second coupon for it, no second reward.
    await t.ctx.db.transaction((tx) => changeTrackingStatus(tx, { trackingId: first.id, newStatus: "LISTO_PARA_ENTREGAR", actor: TEST_ADMIN_ACTOR }));
    const spare = await giveCoupon(friendId, 10, new Date(Date.now() + DAY));
    const again = await deliver(first.id);
    expect(again.rewards).toEqual({ couponApplied: null, referralCompleted: null });
    const later = await deliver(second.id);
    expect(later.rewards?.referralCompleted).toBeNull();
    expect(later.rewards?.couponApplied).toEqual({ couponId: spare.id, discountPercent: 10 });

    expect(await couponsOf(referrerId)).toHaveLength(1);
    const [firstRow] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, first.id));
    expect(firstRow.discountPercent).toBe(5);
  });
});

describe("one coupon per shipment, the highest first, at most 10 %", () => {
  it("applies the highest unexpired coupon, then the next one on the next shipment", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(client.clientCode);
    const soon = new Date(Date.now() + 5 * DAY);
    const five = await giveCoupon(id, 5, soon);
    const ten = await giveCoupon(id, 10, soon);
    const a = await preAlert(client.clientCode);
    const b = await preAlert(client.clientCode);
    const c = await preAlert(client.clientCode);

    expect((await deliver(a.id)).rewards?.couponApplied).toEqual({ couponId: ten.id, discountPercent: 10 });
    expect((await deliver(b.id)).rewards?.couponApplied).toEqual({ couponId: five.id, discountPercent: 5 });
    expect((await deliver(c.id)).rewards?.couponApplied).toBeNull();
  });

  it("caps a larger coupon at 10 % and skips expired ones, which show as EXPIRADO", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(client.clientCode);
    const expired = await giveCoupon(id, 10, new Date(Date.now() - DAY));
    const big = await giveCoupon(id, 25, new Date(Date.now() + DAY));
    const pkg = await preAlert(client.clientCode);
    expect((await deliver(pkg.id)).rewards?.couponApplied).toEqual({ couponId: big.id, discountPercent: 10 });

    const res = await t.app.inject({ method: "GET", url: `/api/coupons/${client.clientCode}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TClientCouponsResponse;
    expect(body.available).toEqual([]);
    expect(body.used.map((c) => [c.id, c.status])).toEqual([[big.id, "USADO"]]);
    expect(body.used[0].usedAt).toEqual(expect.any(String));
    expect(body.expired.map((c) => [c.id, c.status])).toEqual([[expired.id, "EXPIRADO"]]);
    // Expired stays stored as available: only its display changes.
    const [stored] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, expired.id));
    expect(stored.status).toBe("DISPONIBLE");
  });

  it("never lets two packages delivered at once use the same coupon", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(client.clientCode);
    await giveCoupon(id, 10, new Date(Date.now() + DAY));
    const a = await preAlert(client.clientCode);
    const b = await preAlert(client.clientCode);
    const results = await Promise.all([deliver(a.id), deliver(b.id)]);
    expect(results.filter((r) => r.rewards?.couponApplied)).toHaveLength(1);
    const discounted = await t.ctx.db
      .select()
      .from(clientTrackings)
      .where(and(eq(clientTrackings.clientId, id), eq(clientTrackings.discountPercent, 10)));
    expect(discounted).toHaveLength(1);
  });
});

describe("GET /api/coupons/{code} and GET /api/referrals/{code}", () => {
  it("groups a new referred client's welcome coupon as available", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    const body = (await t.app.inject({ method: "GET", url: `/api/coupons/${friend.clientCode.toLowerCase()}` })).json() as TClientCouponsResponse;
    expect(body.available).toHaveLength(1);
    expect(body.available[0]).toMatchObject({ discountPercent: 5, status: "DISPONIBLE", usedAt: null });
    expect(body.used).toEqual([]);
    expect(body.expired).toEqual([]);
  });

  it("lists the client's referrals with the friend's first name and initial only", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { nombre: "Valeria Núñez Castro", referrerCode: referrer.clientCode });
    const res = await t.app.inject({ method: "GET", url: `/api/referrals/${referrer.clientCode}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TClientReferralsResponse;
    expect(body.referrals).toEqual([
      { id: expect.any(Number), status: "REGISTRADO", referredClientName: "Valeria N.", createdAt: expect.any(String), completedAt: null },
    ]);
    expect(res.body).not.toContain("Castro");
    expect(res.body).not.toContain(friend.clientCode);
    // The friend made no referrals.
    expect((await t.app.inject({ method: "GET", url: `/api/referrals/${friend.clientCode}` })).json()).toEqual({ referrals: [] });
  });

  it("answers 404 for an unknown client and 400 for a malformed code", async () => {
    for (const path of ["coupons", "referrals"]) {
      expect((await t.app.inject({ method: "GET", url: `/api/${path}/EXNADIE0` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: `/api/${path}/hola` })).statusCode).toBe(400);
    }
  });
});

describe("maskReferredName", () => {
  it.each([
    ["María José Pérez Rojas", "María José P."],
    ["Laura Chaves Ulate", "Laura C."],
    ["Juan Carlos de la Cruz Rojas", "Juan Carlos C."],
    ["  Ana  ", "Ana"],
    ["ana ñuñez", "ana Ñ."],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(maskReferredName(input)).toBe(expected);
  });
});
