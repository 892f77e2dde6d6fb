// The overview numbers over HTTP: packages by status and per week, and the referrals and coupons
// card (counters, latest rows, an expired coupon shown as EXPIRADO), which need a session.
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, coupons } from "../../db/schema";
import { registerTestClient } from "../../test/clients";
import { changeTrackingStatus, createTracking } from "../packages/service";
import { STATS_WEEKS, type TAdminCouponsResponse, type TAdminReferralsResponse, type TAdminStatsResponse } from "../../../shared/api/admin/stats";
import { firstChartWeek } from "./service";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: "GET", url, headers: t.adminHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function clientIdOf(code: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, code));
  return row.id;
}

let n = 0;
async function addPackage(clientCode: string) {
  const clientId = await clientIdOf(clientCode);
  const { tracking } = await t.ctx.db.transaction((tx) =>
    createTracking(tx, { clientId, trackingCode: `STAT${Date.now()}${++n}`, pesoPieCubicos: "1000", montoColones: 0, actor: TEST_ADMIN_ACTOR, notify: false }),
  );
  return tracking;
}

describe("GET /api/admin/stats", () => {
  it("counts packages by status and new packages in the current week", async () => {
    const before = await get<TAdminStatsResponse>("/api/admin/stats");
    const client = await registerTestClient(t.app);
    await addPackage(client.clientCode);
    const moved = await addPackage(client.clientCode);
    await t.ctx.db.transaction((tx) =>
      changeTrackingStatus(tx, { trackingId: moved.id, newStatus: "EN_ADUANAS", actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    const after = await get<TAdminStatsResponse>("/api/admin/stats");
    const count = (s: TAdminStatsResponse, estado: string) => s.byStatus.find((b) => b.estado === estado)!.count;
    expect(after.byStatus).toHaveLength(6);
    expect(count(after, "SEGUIMIENTO_INTERNACIONAL") - count(before, "SEGUIMIENTO_INTERNACIONAL")).toBe(1);
    expect(count(after, "EN_ADUANAS") - count(before, "EN_ADUANAS")).toBe(1);
    expect(after.perWeek).toHaveLength(STATS_WEEKS);
    expect(after.perWeek.at(-1)!.count - before.perWeek.at(-1)!.count).toBe(2);
  });

  it("starts the chart on a Monday in Costa Rica, eleven weeks before the current week", () => {
    // Sunday 2025-03-09 22:00 in Costa Rica is already Monday 04:00 UTC.
    expect(firstChartWeek(new Date("2025-03-10T04:00:00Z")).toISOString()).toBe("2024-12-16T06:00:00.000Z");
    expect(firstChartWeek(new Date("2025-03-10T07:00:00Z")).toISOString()).toBe("2024-12-23T06:00:00.000Z");
  });
});

describe("GET /api/admin/referrals and /api/admin/coupons", () => {
  it("need a session", async () => {
    for (const url of ["/api/admin/referrals", "/api/admin/coupons", "/api/admin/stats"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });

  it("count referrals and list the newest with both clients, completed after the friend's first delivery", async () => {
    const before = await get<TAdminReferralsResponse>("/api/admin/referrals");
    const referrer = await registerTestClient(t.app, { nombre: "Sofía Referente" });
    const friend = await registerTestClient(t.app, { nombre: "Pablo Amigo", referrerCode: referrer.clientCode });
    const mid = await get<TAdminReferralsResponse>("/api/admin/referrals");
    expect(mid.stats.total - before.stats.total).toBe(1);
    expect(mid.stats.pending - before.stats.pending).toBe(1);
    expect(mid.referrals[0]).toMatchObject({
      referrerName: "Sofía Referente",
      referrerCode: referrer.clientCode,
      referredClientName: "Pablo Amigo",
      referredClientCode: friend.clientCode,
      status: "REGISTRADO",
      completedAt: null,
    });

    const pkg = await addPackage(friend.clientCode);
    await t.ctx.db.transaction((tx) =>
      changeTrackingStatus(tx, { trackingId: pkg.id, newStatus: "ENTREGADO", actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    const after = await get<TAdminReferralsResponse>("/api/admin/referrals");
    expect(after.stats.completed - mid.stats.completed).toBe(1);
    expect(after.stats.pending).toBe(mid.stats.pending - 1);
    expect(after.referrals[0]).toMatchObject({ status: "COMPLETADO", completedAt: expect.any(String) });
    expect(after.referrals.length).toBeLessThanOrEqual(10);
  });

  it("count coupons and show an available coupon past its expiry as EXPIRADO", async () => {
    const before = await get<TAdminCouponsResponse>("/api/admin/coupons");
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { nombre: "Elena Cupón", referrerCode: referrer.clientCode });
    const mid = await get<TAdminCouponsResponse>("/api/admin/coupons");
    expect(mid.stats.total - before.stats.total).toBe(1);
    expect(mid.stats.available - before.stats.available).toBe(1);
    expect(mid.coupons[0]).toMatchObject({ clientName: "Elena Cupón", clientCode: friend.clientCode, discountPercent: 5, status: "DISPONIBLE", usedAt: null });

    await t.ctx.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.clientId, await clientIdOf(friend.clientCode)));
    const after = await get<TAdminCouponsResponse>("/api/admin/coupons");
    expect(after.coupons[0].status).toBe("EXPIRADO");
    expect(after.stats.available).toBe(mid.stats.available - 1);
    expect(after.coupons.length).toBeLessThanOrEqual(15);
  });
});
