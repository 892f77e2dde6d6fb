// Declared vs measured (issue 32 item 5) over HTTP: the client's pre-alert and edit store and
// return the declared content, value (USD) and store, refusing bad values in Spanish; Recepción
// shows them to staff; a weight or content difference flagged at receipt is stored, audited and
// shown to the client on /rastreo; and the volumetric rule (docs/decisions/159): off, the amount is
// the per-gram one of today; on, the greater of actual and volumetric weight is charged on receipt,
// repricing and Sin dueño's assign, and the client reads "Peso cobrado: volumétrico …".
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { registerTestClient } from "../../test/clients";
import { auditLog, clientTrackings } from "../../db/schema";
import type { TClientTracking, TClientTrackingsResponse } from "../../../shared/api/trackings";
import type { TReceiveResponse, TWarehouseScanResponse } from "../../../shared/api/admin/warehouse";
import { loadConfig } from "../../config";
import { DECLARED_VALUE_DECIMALS, DECLARED_VALUE_TOO_HIGH, DISCREPANCY_NOTE_REQUIRED } from "../../../shared/api/declared";

interface Kit {
  staff: TestStaff;
  rate: number;
}

function kitFor(t: TestApp): Kit {
  const kit = {} as Kit;
  beforeAll(async () => {
    kit.staff = await createTestStaff(t, "bodega", "Bodeguero Solís");
    kit.rate = (await t.app.inject({ method: "GET", url: "/api/exchange-rate" })).json<{ rate: number }>().rate;
  });
  return kit;
}

async function clientWithPreAlert(t: TestApp, declared: object = {}): Promise<{ clientCode: string; tracking: TClientTracking }> {
  const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients/trackings",
    payload: { clientCode: client.clientCode, trackingCode: uniqueTrackingCode("1Z"), ...declared },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { clientCode: client.clientCode, tracking: res.json() as TClientTracking };
}

async function portalPackage(t: TestApp, clientCode: string, id: number): Promise<TClientTracking> {
  const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TClientTrackingsResponse).trackings.find((p) => p.id === id)!;
}

function receive(t: TestApp, kit: Kit, body: object) {
  return t.app.inject({ method: "POST", url: "/api/admin/warehouse/receive", headers: kit.staff.headers, payload: body });
}

describe("declared content, value and store (volumetric rule off, the default)", () => {
  const t = useTestApp();
  const kit = kitFor(t);

  it("the pre-alert stores and returns what the client declared, and the lookup shows it", async () => {
    const { clientCode, tracking } = await clientWithPreAlert(t, { descripcionPaquete: "  2 camisas\ty audífonos ", valorDeclarado: 49.99, tiendaOrigen: "Amazon.com" });
    expect(tracking).toMatchObject({ descripcionPaquete: "2 camisas y audífonos", valorDeclarado: 49.99, tiendaOrigen: "Amazon.com", diferencia: null });
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ descripcionPaquete: "2 camisas y audífonos", valorDeclarado: 49.99, tiendaOrigen: "Amazon.com" });
    expect(await portalPackage(t, clientCode, tracking.id)).toMatchObject({ descripcionPaquete: "2 camisas y audífonos", valorDeclarado: 49.99, tiendaOrigen: "Amazon.com" });
  });

  it("the client's edit changes the declared fields while editable; an absent field stays", async () => {
    const { clientCode, tracking } = await clientWithPreAlert(t, { descripcionPaquete: "Zapatos", valorDeclarado: 80, tiendaOrigen: "Nike" });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${tracking.id}`,
      payload: { clientCode, trackingCode: tracking.trackingCode, valorDeclarado: 95.5, tiendaOrigen: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ descripcionPaquete: "Zapatos", valorDeclarado: 95.5, tiendaOrigen: null });
  });

  it("refuses a value with three decimals, one above the ceiling and a text with control characters, in Spanish, creating nothing", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const cases: [object, string][] = [
      [{ valorDeclarado: 10.555 }, DECLARED_VALUE_DECIMALS],
      [{ valorDeclarado: 100_000.01 }, DECLARED_VALUE_TOO_HIGH],
      [{ tiendaOrigen: "Ama\u0000zon" }, "caracteres de control"],
    ];
    for (const [declared, message] of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: client.clientCode, trackingCode: uniqueTrackingCode("1Z"), ...declared } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const lookup = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${client.clientCode}` });
    expect((lookup.json() as TClientTrackingsResponse).trackings).toHaveLength(0);
  });

  it("Recepción shows staff what the client declared", async () => {
    const { tracking } = await clientWithPreAlert(t, { descripcionPaquete: "Audífonos", valorDeclarado: 120, tiendaOrigen: "Best Buy" });
    const res = await t.app.inject({ method: "GET", url: `/api/admin/warehouse/scan?code=${tracking.trackingCode}`, headers: kit.staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [pkg] = (res.json() as TWarehouseScanResponse).packages;
    expect(pkg).toMatchObject({ descripcionPaquete: "Audífonos", valorDeclarado: 120, tiendaOrigen: "Best Buy", diferencia: null });
  });

  it("a difference flagged at receipt is stored, audited and shown to the client", async () => {
    const { clientCode, tracking } = await clientWithPreAlert(t, { descripcionPaquete: "Un libro", valorDeclarado: 15 });
    const diferencia = { tipo: "PESO_Y_CONTENIDO", nota: "Declaró un libro; llegaron 3 libros, 3 400 g" };
    const res = await receive(t, kit, { trackingId: tracking.id, pesoGramos: 3400, diferencia });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TReceiveResponse).package.diferencia).toEqual(diferencia);
    expect((await portalPackage(t, clientCode, tracking.id)).diferencia).toEqual(diferencia);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "paquete.diferencia_declarada"), eq(auditLog.entityId, String(tracking.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: "Bodeguero Solís", summary: `${tracking.trackingCode} · Peso y contenido: ${diferencia.nota}` });
  });

  it("a flag without its note is refused in Spanish and the package stays unreceived", async () => {
    const { tracking } = await clientWithPreAlert(t);
    const res = await receive(t, kit, { trackingId: tracking.id, pesoGramos: 500, diferencia: { tipo: "PESO", nota: "  " } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(DISCREPANCY_NOTE_REQUIRED);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ receivedAt: null, diferenciaTipo: null, montoColones: null });
  });

  it("off: a light, bulky air package is charged on its actual weight, as today (1 500 g → 24.00 USD)", async () => {
    const { clientCode, tracking } = await clientWithPreAlert(t);
    const res = await receive(t, kit, { trackingId: tracking.id, pesoGramos: 1500, largoCm: 40, anchoCm: 30, altoCm: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ pesoPieCubicos: "1500", montoColones: Math.round(24 * kit.rate), pesoVolumetricoGramos: null });
    expect((await portalPackage(t, clientCode, tracking.id)).pesoVolumetricoGramos).toBeNull();
  });
});

describe("the volumetric rule on (PRICING_VOLUMETRIC=on, divisor 5000 cm³/kg)", () => {
  const t = useTestApp({ env: { RATE_LIMIT: "off", PRICING_VOLUMETRIC: "on", PRICING_VOLUMETRIC_DIVISOR: "5000" } });
  const kit = kitFor(t);

  it("receipt charges the greater weight: 40 × 30 × 20 cm = 4 800 g volumetric over 1 500 g actual → 72.00 USD", async () => {
    const { clientCode, tracking } = await clientWithPreAlert(t);
    const res = await receive(t, kit, { trackingId: tracking.id, pesoGramos: 1500, largoCm: 40, anchoCm: 30, altoCm: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TReceiveResponse).package.pesoVolumetricoGramos).toBe(4800);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    // 4 800 g × 0.015 USD/g (the 2–5 kg tier) = 72.00 USD; the measure stays the actual weight.
    expect(row).toMatchObject({ pesoPieCubicos: "1500", pesoGramos: 1500, montoColones: Math.round(72 * kit.rate), montoRate: kit.rate, pesoVolumetricoGramos: 4800 });
    expect(await portalPackage(t, clientCode, tracking.id)).toMatchObject({ pesoVolumetricoGramos: 4800, montoColones: Math.round(72 * kit.rate) });
  });

  it("a heavy, small package is still charged on its actual weight (3 000 g over 480 g volumetric → 45.00 USD)", async () => {
    const { tracking } = await clientWithPreAlert(t);
    const res = await receive(t, kit, { trackingId: tracking.id, pesoGramos: 3000, largoCm: 20, anchoCm: 12, altoCm: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ montoColones: Math.round(45 * kit.rate), pesoVolumetricoGramos: null });
  });

  it("repricing uses the same rule, and an amount typed by hand clears the volumetric mark", async () => {
    const office = await createTestStaff(t, "oficina");
    const { tracking } = await clientWithPreAlert(t);
    await receive(t, kit, { trackingId: tracking.id, pesoGramos: 1500, largoCm: 40, anchoCm: 30, altoCm: 20 });
    await t.ctx.db.update(clientTrackings).set({ montoColones: 1, pesoVolumetricoGramos: null }).where(eq(clientTrackings.id, tracking.id));
    const repriced = await t.app.inject({ method: "POST", url: `/api/admin/trackings/${tracking.id}/reprice`, headers: office.headers });
    expect(repriced.statusCode, repriced.body).toBe(200);
    let [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ montoColones: Math.round(72 * kit.rate), pesoVolumetricoGramos: 4800 });
    const typed = await t.app.inject({ method: "PATCH", url: `/api/trackings/${tracking.id}`, headers: office.headers, payload: { montoColones: 30000 } });
    expect(typed.statusCode, typed.body).toBe(200);
    [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ montoColones: 30000, pesoVolumetricoGramos: null });
  });

  it("Sin dueño's assign prices the claimed package with the greater weight", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/warehouse/unclaimed",
      headers: kit.staff.headers,
      payload: { trackingCode: uniqueTrackingCode("1Z"), pesoGramos: 1500, largoCm: 40, anchoCm: 30, altoCm: 20 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { unclaimed: { id: number } }).unclaimed.id;
    const assigned = await t.app.inject({
      method: "POST",
      url: `/api/admin/warehouse/unclaimed/${id}/assign`,
      headers: kit.staff.headers,
      payload: { clientCode: client.clientCode, formaEnvio: "AVION" },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const trackingId = (assigned.json() as { package: { id: number } }).package.id;
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId));
    expect(row).toMatchObject({ pesoPieCubicos: "1500", montoColones: Math.round(72 * kit.rate), pesoVolumetricoGramos: 4800 });
  });

  it("the page's brand tells the calculator the divisor", async () => {
    expect(t.ctx.config.brand.pricing).toEqual({ volumetricDivisorCm3PerKg: 5000 });
    expect(t.ctx.config.pricing.volumetric).toEqual({ divisorCm3PerKg: 5000 });
  });
});

describe("PRICING_VOLUMETRIC and PRICING_VOLUMETRIC_DIVISOR (docs/decisions/159)", () => {
  it("off by default: no rule, and the page's brand is the build's", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.pricing.volumetric).toBeNull();
    expect(config.brand.pricing).toEqual({ volumetricDivisorCm3PerKg: 0 });
    expect(config.brandOverridden).toBe(false);
  });

  it("on: the rule with its divisor, carried by the page's brand (so the public pages are drawn with it)", () => {
    const config = loadConfig({ NODE_ENV: "test", PRICING_VOLUMETRIC: "on", PRICING_VOLUMETRIC_DIVISOR: "6000" });
    expect(config.pricing.volumetric).toEqual({ divisorCm3PerKg: 6000 });
    expect(config.brand.pricing).toEqual({ volumetricDivisorCm3PerKg: 6000 });
    expect(config.brandOverridden).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", PRICING_VOLUMETRIC: "on" }).pricing.volumetric).toEqual({ divisorCm3PerKg: 5000 });
  });

  it("refuses to start with a divisor out of range or a value other than on / off", () => {
    expect(() => loadConfig({ NODE_ENV: "test", PRICING_VOLUMETRIC: "on", PRICING_VOLUMETRIC_DIVISOR: "50" })).toThrow(/PRICING_VOLUMETRIC_DIVISOR/);
    expect(() => loadConfig({ NODE_ENV: "test", PRICING_VOLUMETRIC: "si" })).toThrow(/PRICING_VOLUMETRIC/);
  });
});
