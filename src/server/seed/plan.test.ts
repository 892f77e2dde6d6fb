import { describe, expect, it } from "vitest";
import { detectCarrier } from "../../shared/domain/carriers";
import { CLIENT_CODE_PATTERN } from "../../shared/domain/client-code";
import { computeMontoColones } from "../../shared/domain/pricing";
import { COUPON_VALIDITY_DAYS } from "../../shared/domain/coupons";
import { TRACKING_STATUSES, type TrackingStatus } from "../../shared/domain/statuses";
import { CARRIER_FORMATS } from "./data";
import { DAY, SEED_EXCHANGE_RATE, deliveredAt, monthStart, planSeed } from "./plan";

const now = new Date("2026-03-15T15:00:00Z");
const options = { clients: 50, trackings: 300, seed: 1, now };
const plan = planSeed(options);

/** The order a package moves in; every history is a subsequence of it starting at the first. */
const ORDER: TrackingStatus[] = [...TRACKING_STATUSES];

describe("planSeed determinism", () => {
  it("gives the same data for the same seed, counts and now", () => {
    const again = planSeed(options);
    expect(again.clients.slice(0, 5)).toEqual(plan.clients.slice(0, 5));
    expect(again.trackings.map((t) => t.trackingCode)).toEqual(plan.trackings.map((t) => t.trackingCode));
    expect(again).toEqual(plan);
  });

  it("gives other data for another seed", () => {
    const other = planSeed({ ...options, seed: 2 });
    expect(other.clients.map((c) => c.clientCode)).not.toEqual(plan.clients.map((c) => c.clientCode));
    expect(other.trackings[0].trackingCode).not.toBe(plan.trackings[0].trackingCode);
  });

  it("takes client codes from the source it is given and leaves every other value as it was", () => {
    let n = 0;
    const own = planSeed({ ...options, clientCodes: () => `EXZZ${String(++n).padStart(4, "0")}` });
    expect(own.clients.map((c) => c.clientCode).sort()).toEqual(plan.clients.map((_, i) => `EXZZ${String(i + 1).padStart(4, "0")}`));
    const withoutCodes = (p: typeof plan) => ({ ...p, clients: p.clients.map(({ clientCode: _code, ...rest }) => rest) });
    expect(withoutCodes(own)).toEqual(withoutCodes(plan));
  });

  it("keeps the clients when only the number of packages changes", () => {
    const more = planSeed({ ...options, trackings: 900 });
    expect(more.clients).toEqual(plan.clients);
  });
});

describe("clients", () => {
  it("have unique EX + 6 codes, +506 mobiles and registration dates within two years", () => {
    const codes = plan.clients.map((c) => c.clientCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of plan.clients) {
      expect(c.clientCode).toMatch(CLIENT_CODE_PATTERN);
      expect(c.telefono).toMatch(/^\+506[678]\d{7}$/);
      expect(c.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(c.createdAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - 2 * 365 * DAY);
    }
    // Ordered by registration, as ids will be.
    const times = plan.clients.map((c) => c.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("have the welcome message sent after registration, except some recent ones", () => {
    for (const c of plan.clients) {
      if (c.whatsappEnviado === "ENVIADO") {
        expect(c.whatsappEnviadoAt!.getTime()).toBeGreaterThan(c.createdAt.getTime());
        expect(c.whatsappEnviadoAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      } else expect(c.whatsappEnviadoAt).toBeNull();
    }
    const sent = plan.clients.filter((c) => c.whatsappEnviado === "ENVIADO").length;
    expect(sent).toBeGreaterThan(plan.clients.length / 2);
  });

  it("count this month's parts searches (Costa Rica months) within their limit", () => {
    const start = monthStart(now.getTime());
    expect(new Date(start).toISOString()).toBe("2026-03-01T06:00:00.000Z");
    plan.clients.forEach((c, index) => {
      const thisMonth = plan.partsSearches.filter((s) => s.clientIndex === index && s.createdAt.getTime() >= start).length;
      expect(c.searchCount).toBe(thisMonth);
      if (c.unlimitedAccess === 0) expect(c.searchCount).toBeLessThanOrEqual(c.searchLimit);
      expect(c.lastResetDate).toBe("2026-03-01");
    });
    for (const s of plan.partsSearches) expect(s.parte ?? s.descripcion).toBeTruthy();
  });
});

describe("trackings", () => {
  it("spread over clients: some with none, some with many", () => {
    const perClient = plan.clients.map((_, i) => plan.trackings.filter((t) => t.clientIndex === i).length);
    expect(perClient.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(Math.max(...perClient)).toBeGreaterThanOrEqual(15);
  });

  it("cover every status, most of them delivered", () => {
    // EN_BODEGA_CR is rare (the admin panel no longer offers it), so a bigger sample.
    const current = planSeed({ ...options, trackings: 3000 }).trackings.map((t) => t.steps.at(-1));
    for (const status of TRACKING_STATUSES) expect(current).toContain(status);
    expect(current.filter((s) => s === "ENTREGADO").length).toBeGreaterThan(current.length / 2);
  });

  it("have a history from creation to the current status with increasing dates", () => {
    for (const t of plan.trackings) {
      expect(t.steps[0]).toBe("SEGUIMIENTO_INTERNACIONAL");
      expect(t.steps.length).toBe(t.times.length);
      expect(t.stepNotes.length).toBe(t.steps.length);
      const positions = t.steps.map((s) => ORDER.indexOf(s));
      for (let i = 1; i < positions.length; i++) {
        expect(positions[i]).toBeGreaterThan(positions[i - 1]);
        expect(t.times[i]).toBeGreaterThan(t.times[i - 1]);
      }
      expect(t.times[0]).toBeGreaterThanOrEqual(plan.clients[t.clientIndex].createdAt.getTime());
      expect(t.times.at(-1)!).toBeLessThanOrEqual(now.getTime());
      // Chinese packages never pass through Miami.
      if (t.origen === "CHINA") expect(t.steps).not.toContain("EN_BODEGA_MIAMI");
    }
  });

  it("use the carrier's format, origin and name, with unique codes", () => {
    const byName = new Map<string, (typeof CARRIER_FORMATS)[keyof typeof CARRIER_FORMATS]>(
      Object.values(CARRIER_FORMATS).map((c) => [c.name, c]),
    );
    for (const t of plan.trackings) {
      const carrier = byName.get(t.carrier)!;
      expect(t.trackingCode).toMatch(carrier.pattern);
      // The app's own detection names the same carrier for the number.
      expect(detectCarrier(t.trackingCode)).toBe(t.carrier);
      if (carrier.origin) expect(t.origen).toBe(carrier.origin);
    }
    expect(new Set(plan.trackings.map((t) => t.trackingCode)).size).toBe(plan.trackings.length);
    expect(plan.trackings.filter((t) => t.formaEnvio === "BARCO").length).toBeGreaterThan(0);
    expect(plan.trackings.filter((t) => t.formaEnvio === "AVION").length).toBeGreaterThan(plan.trackings.length / 2);
  });

  it("price measured packages with the shared pricing rule, in whole non-negative colones", () => {
    const priced = plan.trackings.filter((t) => t.pesoPieCubicos !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.some((t) => t.formaEnvio === "BARCO")).toBe(true);
    for (const t of priced) {
      expect(Number(t.pesoPieCubicos!.replace(",", "."))).toBeGreaterThan(0);
      expect(t.montoColones).toBe(computeMontoColones({ formaEnvio: t.formaEnvio, pesoPieCubicos: t.pesoPieCubicos, rate: SEED_EXCHANGE_RATE }));
      expect(Number.isInteger(t.montoColones)).toBe(true);
      expect(t.montoColones).toBeGreaterThan(0);
      if (t.costo !== null) expect(t.costo).toBeGreaterThanOrEqual(t.montoColones! * 0.9);
    }
    for (const t of plan.trackings.filter((t) => t.pesoPieCubicos === null)) {
      expect(t.montoColones).toBeNull();
      expect(t.costo).toBeNull();
    }
  });
});

describe("referrals and coupons", () => {
  const big = planSeed({ clients: 400, trackings: 3000, seed: 3, now });

  it("complete with the friend's first delivery and reward the referrer", () => {
    expect(big.referrals.length).toBeGreaterThan(0);
    big.referrals.forEach((r, index) => {
      expect(r.referrerIndex).toBeLessThan(r.referredIndex);
      const firstDelivery = Math.min(
        ...big.trackings.filter((t) => t.clientIndex === r.referredIndex).map((t) => deliveredAt(t) ?? Infinity),
      );
      const coupons = big.coupons.filter((c) => c.referralIndex === index);
      expect(coupons.find((c) => c.reason === "BIENVENIDA")!.discountPercent).toBe(5);
      if (r.status === "COMPLETADO") {
        expect(r.completedAt!.getTime()).toBe(firstDelivery);
        const reward = coupons.find((c) => c.reason === "REFERIDO")!;
        expect(reward.clientIndex).toBe(r.referrerIndex);
        expect(reward.discountPercent).toBe(10);
      } else {
        expect(r.status).toBe("REGISTRADO");
        expect(firstDelivery).toBe(Infinity);
        expect(coupons).toHaveLength(1);
      }
    });
    expect(new Set(big.referrals.map((r) => r.status))).toEqual(new Set(["REGISTRADO", "COMPLETADO"]));
  });

  it("are valid 60 days, used once on one of the owner's delivered packages, or expired", () => {
    const used = new Set<number>();
    for (const c of big.coupons) {
      expect(c.expiresAt.getTime() - c.createdAt.getTime()).toBe(COUPON_VALIDITY_DAYS * DAY);
      if (c.status === "USADO") {
        const t = big.trackings[c.usedOnTrackingIndex!];
        expect(t.clientIndex).toBe(c.clientIndex);
        expect(c.usedAt!.getTime()).toBe(deliveredAt(t));
        expect(c.usedAt!.getTime()).toBeLessThanOrEqual(c.expiresAt.getTime());
        expect(used.has(c.usedOnTrackingIndex!)).toBe(false);
        used.add(c.usedOnTrackingIndex!);
      } else {
        expect(c.usedAt).toBeNull();
        expect(c.usedOnTrackingIndex).toBeNull();
        if (c.status === "EXPIRADO") expect(c.expiresAt.getTime()).toBeLessThan(now.getTime());
      }
    }
    expect(new Set(big.coupons.map((c) => c.status))).toEqual(new Set(["DISPONIBLE", "USADO", "EXPIRADO"]));
  });
});

describe("other entities", () => {
  it("give at least 5 contact messages, WhatsApp customers and notices", () => {
    expect(plan.contactMessages.length).toBeGreaterThanOrEqual(5);
    expect(planSeed({ ...options, clients: 1000, trackings: 0 }).contactMessages).toHaveLength(10);
    expect(plan.whatsappCustomers.length).toBeGreaterThanOrEqual(5);
    expect(plan.notices.length).toBeGreaterThanOrEqual(5);
    for (const m of plan.contactMessages) expect(m.mensaje.length).toBeGreaterThanOrEqual(10);
  });

  it("give notices in progress or done an EIC id, unique", () => {
    const many = planSeed({ clients: 2000, trackings: 0, seed: 1, now }).notices;
    const ids = many.map((n) => n.trackingIdAsignado).filter((id): id is string => id !== null);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const n of many) {
      if (n.estado === "EN_PROCESO" || n.estado === "COMPLETADO") expect(n.trackingIdAsignado).toMatch(/^EIC\d{8}$/);
      else expect(n.trackingIdAsignado).toBeNull();
      expect(n.updatedAt.getTime()).toBeGreaterThanOrEqual(n.createdAt.getTime());
    }
  });

  it("give WhatsApp customers unique numbers and entries updated after they were created", () => {
    const numbers = plan.whatsappCustomers.map((c) => c.whatsapp);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const c of plan.whatsappCustomers) {
      expect(c.whatsapp).toMatch(/^\+506[678]\d{7}$/);
      expect(c.entries.length).toBeGreaterThan(0);
      expect(c.entries.length).toBeLessThanOrEqual(10);
      for (const e of c.entries) {
        expect(e.updatedAt.getTime()).toBeGreaterThanOrEqual(e.createdAt.getTime());
        expect(e.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  });
});
