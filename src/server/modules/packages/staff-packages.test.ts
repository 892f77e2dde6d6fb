// Staff's package calls over HTTP: create with the spec's defaults, inline edits, the edit dialog,
// delete, history, and the bulk status change — each status change with its history row (by
// "admin"), its queued WhatsApp message and, on delivery, the referral and coupon rules.
import { DECLARED_VALUE_INVALID, DECLARED_VALUE_TOO_HIGH } from "../../../shared/api/declared";
import { describe, expect, it } from "vitest";
import { and, desc, eq, inArray } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { clientTrackings, clients, coupons, notificationOutbox, referrals, trackingStatusHistory } from "../../db/schema";
import { registerTestClient } from "../../test/clients";
import { TRACKING_CODE_INVALID, TRACKING_CODE_REQUIRED, TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import {
  ADMIN_TRACKING_DUPLICATE,
  BULK_IDS_REQUIRED,
  COSTO_INVALID,
  COSTO_NEGATIVE,
  COSTO_TOO_HIGH,
  MONTO_NEGATIVE,
  MONTO_TOO_HIGH,
  NUMBER_NEGATIVE,
  NUMBER_TOO_HIGH,
  PESO_INVALID,
  PESO_NEGATIVE,
  TRACKING_CHANGE_REQUIRED,
  ZTrackingFormSchema,
  MONTO_TOO_LARGE,
  measureRequiredOnTypeChange,
  createBodyFromForm,
  trackingFormDefaults,
  updateBodyFromForm,
  type TAdminTrackingResponse,
  type TBulkStatusResponse,
  type TTrackingFormValues,
  type TTrackingHistoryResponse,
} from "../../../shared/api/admin/trackings";
import { ADMIN_CLIENT_NOT_FOUND } from "../../../shared/api/admin/clients";
import { BODEGA_FIELDS_FORBIDDEN } from "../../../shared/api/admin/staff";
import { createTestStaff } from "../../test/staff";
import { trackingStatusMessage } from "../../../shared/domain/messages";
import { computeMontoColones } from "../../../shared/domain/pricing";

const t = useTestApp();

const uniqueTracking = (prefix = "ADT") => uniqueTrackingCode(prefix);

function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: t.adminHeaders(), payload });
}

async function create(clientCode: string, extra: object = {}): Promise<TAdminTrackingResponse["tracking"]> {
  const res = await call("POST", "/api/admin/trackings", { clientCode, trackingCode: uniqueTracking(), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as TAdminTrackingResponse).tracking;
}

/** Weighed and priced (₡0): a package without an amount is never ready or delivered (docs/decisions/152). */
const PRICED = { pesoPieCubicos: "1000", montoColones: 0 };

const historyOf = (trackingId: number) =>
  t.ctx.db
    .select()
    .from(trackingStatusHistory)
    .where(eq(trackingStatusHistory.trackingId, trackingId))
    .orderBy(trackingStatusHistory.id);
const messagesOf = (trackingId: number) =>
  t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, trackingId)).orderBy(notificationOutbox.id);

describe("POST /api/admin/trackings", () => {
  it("creates with origen USA, AVION and SEGUIMIENTO_INTERNACIONAL, a first history row by admin and a queued message", async () => {
    const client = await registerTestClient(t.app, { nombre: "Rebeca Vargas" });
    const trackingCode = `1z999aa1${String(Date.now()).slice(-10)}`;
    const res = await call("POST", "/api/admin/trackings", {
      clientCode: client.clientCode.toLowerCase(),
      trackingCode,
      descripcionPaquete: "  ",
      tiendaOrigen: "Amazon",
    });
    expect(res.statusCode).toBe(201);
    const { tracking, notificationQueued } = res.json() as TAdminTrackingResponse;
    expect(tracking).toMatchObject({
      trackingCode: trackingCode.toUpperCase(),
      origen: "USA",
      formaEnvio: "AVION",
      estado: "SEGUIMIENTO_INTERNACIONAL",
      carrier: "UPS",
      descripcionPaquete: null,
      tiendaOrigen: "Amazon",
    });
    expect(notificationQueued).toBe(true);
    const history = await historyOf(tracking.id);
    expect(history).toEqual([expect.objectContaining({ previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", changedBy: "Dueño" })]);
    const [message] = await messagesOf(tracking.id);
    expect(message).toMatchObject({ kind: "TRACKING_STATUS", status: "PENDING", recipient: `506${client.telefono}` });
    expect(tracking.notification).toMatchObject({ id: message.id, status: "PENDING" });
  });

  it("refuses an unknown client, a repeated code and a malformed code", async () => {
    const client = await registerTestClient(t.app);
    const code = uniqueTracking();
    expect((await call("POST", "/api/admin/trackings", { clientCode: "EXQQQQQQ", trackingCode: code })).json()).toMatchObject({
      message: ADMIN_CLIENT_NOT_FOUND,
    });
    await create(client.clientCode, { trackingCode: code });
    const dup = await call("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: code.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as { message: string }).message).toBe(ADMIN_TRACKING_DUPLICATE);
    const bad = await call("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: "ABC/123" });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe(TRACKING_CODE_INVALID);
  });
});

describe("PATCH /api/trackings/{id} (inline controls)", () => {
  it("changes the status with a history row by admin and the client's WhatsApp message; the same status again changes nothing", async () => {
    const client = await registerTestClient(t.app, { nombre: "Gabriel Soto" });
    const pkg = await create(client.clientCode);
    const res = await call("PATCH", `/api/trackings/${pkg.id}`, { estado: "EN_BODEGA_MIAMI" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TAdminTrackingResponse;
    expect(body).toMatchObject({ notificationQueued: true, tracking: { estado: "EN_BODEGA_MIAMI" } });
    expect(new Date(body.tracking.lastStatusChangeDate).getTime()).toBeGreaterThan(new Date(pkg.lastStatusChangeDate).getTime() - 1);

    const history = await historyOf(pkg.id);
    expect(history.at(-1)).toMatchObject({ previousStatus: "SEGUIMIENTO_INTERNACIONAL", newStatus: "EN_BODEGA_MIAMI", changedBy: "Dueño" });
    const messages = await messagesOf(pkg.id);
    expect(messages).toHaveLength(2);
    expect(messages[1].body).toBe(
      trackingStatusMessage({ nombre: "Gabriel Soto", trackingCode: pkg.trackingCode, estado: "EN_BODEGA_MIAMI", origen: "USA", brandName: t.config.brand.name }),
    );

    const again = (await call("PATCH", `/api/trackings/${pkg.id}`, { estado: "EN_BODEGA_MIAMI" })).json() as TAdminTrackingResponse;
    expect(again.notificationQueued).toBe(false);
    expect(await historyOf(pkg.id)).toHaveLength(2);
  });

  it("says whether the queued message will be sent: without WhatsApp configured, messaging.configured is false", async () => {
    expect(t.ctx.providers.messaging.configured).toBe(false);
    const client = await registerTestClient(t.app, { nombre: "Irene Chaves" });
    const pkg = await create(client.clientCode);
    const res = await call("PATCH", `/api/trackings/${pkg.id}`, { estado: "EN_BODEGA_MIAMI" });
    expect(res.json()).toMatchObject({ notificationQueued: true, messaging: { configured: false } });
    const created = await call("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: uniqueTracking() });
    expect(created.json()).toMatchObject({ notificationQueued: true, messaging: { configured: false } });
  });

  it("stores shipping type, cost, weight (comma accepted) and amount, without a status message", async () => {
    const client = await registerTestClient(t.app);
    const pkg = await create(client.clientCode);
    const res = await call("PATCH", `/api/trackings/${pkg.id}`, { formaEnvio: "BARCO", pesoPieCubicos: "2,5", montoColones: 53970, costo: 12500 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({
      formaEnvio: "BARCO",
      pesoPieCubicos: "2,5",
      montoColones: 53970,
      costo: 12500,
      estado: "SEGUIMIENTO_INTERNACIONAL",
    });
    expect(await messagesOf(pkg.id)).toHaveLength(1);
    const cleared = (await call("PATCH", `/api/trackings/${pkg.id}`, { pesoPieCubicos: "", montoColones: null })).json() as TAdminTrackingResponse;
    expect(cleared.tracking).toMatchObject({ pesoPieCubicos: null, montoColones: null });
  });

  it("refuses negative or fractional colones, a weight that is not a number, an empty change and an unknown package", async () => {
    const client = await registerTestClient(t.app);
    const pkg = await create(client.clientCode);
    const cases: [object, number, string][] = [
      [{ costo: -1 }, 400, COSTO_NEGATIVE],
      [{ costo: 10.5 }, 400, COSTO_INVALID],
      [{ costo: 2_000_000_001 }, 400, COSTO_TOO_HIGH],
      [{ montoColones: -5 }, 400, MONTO_NEGATIVE],
      [{ montoColones: 3_000_000_000 }, 400, MONTO_TOO_HIGH],
      [{ pesoPieCubicos: "dos" }, 400, PESO_INVALID],
      [{ pesoPieCubicos: "-5" }, 400, PESO_NEGATIVE],
      [{}, 400, TRACKING_CHANGE_REQUIRED],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call("PATCH", `/api/trackings/${pkg.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    // Nothing of the refused values was saved.
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, pkg.id));
    expect([row.costo, row.pesoPieCubicos, row.montoColones]).toEqual([null, null, null]);
    const missing = await call("PATCH", "/api/trackings/2147483000", { estado: "ENTREGADO" });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe(TRACKING_NOT_FOUND);
  });

  it("on ENTREGADO applies the friend's welcome coupon and completes the referral with the referrer's reward", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    const pkg = await create(friend.clientCode, PRICED);
    // Free of charge (₡0): the delivery needs no payment first.
    await t.ctx.db.update(clientTrackings).set({ montoColones: 0 }).where(eq(clientTrackings.id, pkg.id));
    const res = await call("PATCH", `/api/trackings/${pkg.id}`, { estado: "ENTREGADO" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({ estado: "ENTREGADO", discountPercent: 5 });

    const [friendRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, friend.clientCode));
    const [referrerRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, referrer.clientCode));
    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendRow.id));
    expect(referral.status).toBe("COMPLETADO");
    const rewards = await t.ctx.db.select().from(coupons).where(and(eq(coupons.clientId, referrerRow.id), eq(coupons.reason, "REFERIDO")));
    expect(rewards).toEqual([expect.objectContaining({ discountPercent: 10, status: "DISPONIBLE" })]);
  });
});

describe("PATCH and DELETE /api/admin/trackings/{id}, GET /api/trackings/{id}/history", () => {
  it("edits the code and fields, clears a field with null, and a status change goes to history", async () => {
    const client = await registerTestClient(t.app);
    const pkg = await create(client.clientCode, { descripcionPaquete: "Zapatos", origen: "CHINA" });
    const newCode = uniqueTracking("LX");
    const res = await call("PATCH", `/api/admin/trackings/${pkg.id}`, {
      trackingCode: newCode,
      descripcionPaquete: null,
      valorDeclarado: 45.5,
      estado: "EN_ADUANAS",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({
      trackingCode: newCode,
      descripcionPaquete: null,
      valorDeclarado: 45.5,
      origen: "CHINA",
      estado: "EN_ADUANAS",
    });

    const history = await call("GET", `/api/trackings/${pkg.id}/history`);
    expect(history.statusCode).toBe(200);
    const records = (history.json() as TTrackingHistoryResponse).history;
    expect(records.map((r) => [r.previousStatus, r.newStatus, r.changedBy])).toEqual([
      ["SEGUIMIENTO_INTERNACIONAL", "EN_ADUANAS", "Dueño"],
      [null, "SEGUIMIENTO_INTERNACIONAL", "Dueño"],
    ]);
  });

  it("detects the carrier from the code again when staff clear it", async () => {
    const client = await registerTestClient(t.app);
    const pkg = await create(client.clientCode, { trackingCode: "1Z999AA10123456784", carrier: "DHL" });
    expect(pkg.carrier).toBe("DHL");
    const res = await call("PATCH", `/api/admin/trackings/${pkg.id}`, { carrier: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking.carrier).toBe("UPS");
    const unknown = await create(client.clientCode, { carrier: "Aeropost" });
    const cleared = await call("PATCH", `/api/admin/trackings/${unknown.id}`, { carrier: null });
    expect((cleared.json() as TAdminTrackingResponse).tracking.carrier).toBeNull();
  });

  it("refuses to give a package a code the client already uses", async () => {
    const client = await registerTestClient(t.app);
    const a = await create(client.clientCode);
    const b = await create(client.clientCode);
    const res = await call("PATCH", `/api/admin/trackings/${b.id}`, { trackingCode: a.trackingCode });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe(ADMIN_TRACKING_DUPLICATE);
  });

  it("deletes a package with its history; a second delete and its history answer 404", async () => {
    const client = await registerTestClient(t.app);
    const pkg = await create(client.clientCode);
    expect((await call("DELETE", `/api/admin/trackings/${pkg.id}`)).json()).toEqual({ success: true, id: pkg.id });
    expect(await historyOf(pkg.id)).toEqual([]);
    expect((await call("DELETE", `/api/admin/trackings/${pkg.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/trackings/${pkg.id}/history`)).statusCode).toBe(404);
  });
});

describe("POST /api/admin/trackings/bulk-status", () => {
  it("moves several packages at once, each with its history row and message, counting those already there", async () => {
    const client = await registerTestClient(t.app);
    const a = await create(client.clientCode, PRICED);
    const b = await create(client.clientCode, PRICED);
    const c = await create(client.clientCode, { estado: "LISTO_PARA_ENTREGAR", ...PRICED });
    const res = await call("POST", "/api/admin/trackings/bulk-status", { ids: [a.id, b.id, c.id, a.id], estado: "LISTO_PARA_ENTREGAR" });
    expect(res.statusCode).toBe(200);
    expect(res.json() as TBulkStatusResponse).toEqual({ changed: 2, unchanged: 1 });
    const rows = await t.ctx.db.select().from(clientTrackings).where(inArray(clientTrackings.id, [a.id, b.id]));
    expect(rows.map((r) => r.estado)).toEqual(["LISTO_PARA_ENTREGAR", "LISTO_PARA_ENTREGAR"]);
    for (const id of [a.id, b.id]) {
      expect((await historyOf(id)).at(-1)).toMatchObject({ newStatus: "LISTO_PARA_ENTREGAR", changedBy: "Dueño" });
      const [last] = await t.ctx.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.trackingId, id))
        .orderBy(desc(notificationOutbox.id))
        .limit(1);
      expect(last.payload).toMatchObject({ estado: "LISTO_PARA_ENTREGAR" });
    }
  });

  it("changes nothing when one of the packages does not exist", async () => {
    const client = await registerTestClient(t.app);
    const a = await create(client.clientCode);
    const res = await call("POST", "/api/admin/trackings/bulk-status", { ids: [a.id, 2147483000], estado: "EN_ADUANAS" });
    expect(res.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, a.id));
    expect(row.estado).toBe("SEGUIMIENTO_INTERNACIONAL");
    expect(await historyOf(a.id)).toHaveLength(1);
  });

  it("needs at least one package", async () => {
    const res = await call("POST", "/api/admin/trackings/bulk-status", { ids: [], estado: "EN_ADUANAS" });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(BULK_IDS_REQUIRED);
  });
});

describe("the create / edit dialog's bodies", () => {
  const parse = (values: Partial<TTrackingFormValues>) => ZTrackingFormSchema.parse({ ...trackingFormDefaults(), ...values });

  it("creates with the spec's defaults and leaves empty optional fields out", () => {
    expect(createBodyFromForm("EXAB1234", parse({ trackingCode: " lx 123 cn ", pesoPieCubicos: "1,5" }))).toEqual({
      clientCode: "EXAB1234",
      trackingCode: "LX123CN",
      origen: "USA",
      formaEnvio: "AVION",
      estado: "SEGUIMIENTO_INTERNACIONAL",
      pesoPieCubicos: "1,5",
      pesoEstimado: 1.5,
    });
  });

  it("edits only what changed and clears an emptied field with null", async () => {
    const client = await registerTestClient(t.app);
    const original = await create(client.clientCode, { descripcionPaquete: "Libros", tiendaOrigen: "Amazon", valorDeclarado: 20 });
    const values = parse({ ...trackingFormDefaults(original), descripcionPaquete: "", valorDeclarado: "25", estado: "EN_ADUANAS" });
    expect(updateBodyFromForm(values, original)).toEqual({ descripcionPaquete: null, valorDeclarado: 25, estado: "EN_ADUANAS" });
    expect(updateBodyFromForm(parse(trackingFormDefaults(original)), original)).toEqual({});
  });

  it("names a negative or too large estimated weight or declared value, in the dialog and on the server", async () => {
    // The dialog's one measure field is the row's (decision 114); its declared value is bounded.
    const result = ZTrackingFormSchema.safeParse({ ...trackingFormDefaults(), trackingCode: "LX123CN", pesoPieCubicos: "-5", valorDeclarado: "20000000" });
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["pesoPieCubicos", NUMBER_NEGATIVE],
      // The declared value follows the one rule of what clients declare (shared/api/declared.ts).
      ["valorDeclarado", DECLARED_VALUE_TOO_HIGH],
    ]);
    expect(NUMBER_TOO_HIGH).toMatch(/^El máximo es 10.000.000$/);
    const client = await registerTestClient(t.app);
    const refused = await call("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: uniqueTracking(), pesoEstimado: -5 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toBe(NUMBER_NEGATIVE);
    const tooHigh = await call("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: uniqueTracking(), costo: 2_000_000_001 });
    expect((tooHigh.json() as { message: string }).message).toBe(COSTO_TOO_HIGH);
    const [owner] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, client.clientCode));
    expect(await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, owner.id))).toEqual([]);
  });

  it("requires a tracking code and refuses a value that is not a number", () => {
    const result = ZTrackingFormSchema.safeParse({ ...trackingFormDefaults(), trackingCode: "", valorDeclarado: "veinte" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining([TRACKING_CODE_REQUIRED, DECLARED_VALUE_INVALID]));
  });
});

describe("the stored amount (issue 18 items 2, 4, 5; docs/decisions/114)", () => {
  const todaysRate = async () => (await t.app.inject({ method: "GET", url: "/api/exchange-rate" })).json<{ rate: number }>().rate;

  it("computes and stores the amount on the server when the weight changes, ignoring an amount sent with it", async () => {
    const client = await registerTestClient(t.app);
    const tracking = await create(client.clientCode);
    const rate = await todaysRate();
    const res = await call("PATCH", `/api/trackings/${tracking.id}`, { pesoPieCubicos: "520", montoColones: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const expected = computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "520", rate });
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({ montoColones: expected, montoRate: rate });
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row.montoColones).toBe(expected);
    // An amount typed alone has no rate behind it: the panel will offer to re-price it.
    const typed = await call("PATCH", `/api/trackings/${tracking.id}`, { montoColones: 5000 });
    expect((typed.json() as TAdminTrackingResponse).tracking).toMatchObject({ montoColones: 5000, montoRate: null, pesoPieCubicos: "520" });
  });

  it("creates a package whose weight from the dialog fills the row's weight, with its amount computed", async () => {
    const client = await registerTestClient(t.app);
    const rate = await todaysRate();
    const form = ZTrackingFormSchema.parse({ ...trackingFormDefaults(), trackingCode: uniqueTracking(), pesoPieCubicos: "1500" });
    const tracking = await create(client.clientCode, createBodyFromForm(client.clientCode, form));
    expect(tracking).toMatchObject({
      pesoPieCubicos: "1500",
      montoColones: computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate }),
    });
  });

  it("keeps the stored amount until staff re-price it explicitly at today's rate, recording the rate", async () => {
    const client = await registerTestClient(t.app);
    const tracking = await create(client.clientCode, { pesoPieCubicos: "520" });
    const rate = await todaysRate();
    const at513 = computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "520", rate: 513 })!;
    await t.ctx.db.update(clientTrackings).set({ montoColones: at513, montoRate: 513 }).where(eq(clientTrackings.id, tracking.id));

    const list = await call("GET", `/api/admin/clients/${tracking.clientId}/trackings`);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(`"montoColones":${at513}`);

    const res = await call("POST", `/api/admin/trackings/${tracking.id}/reprice`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({
      montoColones: computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "520", rate }),
      montoRate: rate,
      pesoPieCubicos: "520",
    });
    expect((await call("POST", "/api/admin/trackings/99999999/reprice")).statusCode).toBe(404);
  });

  it("refuses a change to Barco without the cubic feet, and prices the cubic feet when they come with it", async () => {
    const client = await registerTestClient(t.app);
    const tracking = await create(client.clientCode, { pesoPieCubicos: "2500" });
    for (const [url, method] of [
      [`/api/trackings/${tracking.id}`, "PATCH"],
      [`/api/admin/trackings/${tracking.id}`, "PATCH"],
    ] as const) {
      const refused = await call(method, url, { formaEnvio: "BARCO", montoColones: 44_975_000 });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { message: string }).message).toBe(measureRequiredOnTypeChange("BARCO"));
    }
    const [kept] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(kept).toMatchObject({ formaEnvio: "AVION", pesoPieCubicos: "2500" });

    const rate = await todaysRate();
    const res = await call("PATCH", `/api/trackings/${tracking.id}`, { formaEnvio: "BARCO", pesoPieCubicos: "2,5" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminTrackingResponse).tracking).toMatchObject({ formaEnvio: "BARCO", pesoPieCubicos: "2,5", montoColones: 3 * 35 * rate });

    const huge = await call("PATCH", `/api/trackings/${tracking.id}`, { pesoPieCubicos: "123456.78" });
    expect(huge.statusCode).toBe(400);
    expect((huge.json() as { message: string }).message).toBe(MONTO_TOO_LARGE);

    const back = await call("PATCH", `/api/trackings/${tracking.id}`, { formaEnvio: "AVION", pesoPieCubicos: null });
    expect((back.json() as TAdminTrackingResponse).tracking).toMatchObject({ formaEnvio: "AVION", pesoPieCubicos: null, montoColones: null });
  });
});

describe("Bodega's fields under the route contract (issue 33 item 3)", () => {
  // The contract's rules drop fields they do not name and refuse bad values with 400: Bodega's
  // check reads the body as sent, before them, so any field outside its own is still a 403.
  it("refuses a field outside Bodega's with 403 whatever its value, even one the contract does not name", async () => {
    const { clientCode } = await registerTestClient(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/trackings",
      headers: t.adminHeaders(),
      payload: { clientCode, trackingCode: uniqueTrackingCode("BOD") },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<TAdminTrackingResponse>().tracking.id;
    const bodega = await createTestStaff(t, "bodega");
    const before = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id));
    const refused = [
      ["PATCH", `/api/trackings/${id}`, { estado: "EN_BODEGA_MIAMI", precioEspecial: 5 }],
      ["PATCH", `/api/trackings/${id}`, { costo: "mucho" }],
      ["PATCH", `/api/admin/trackings/${id}`, { notas: "Revisado", clientCode: "EXZZZZZZ" }],
      ["POST", "/api/admin/trackings/bulk-status", { ids: [id], estado: "EN_ADUANAS", costo: 1 }],
    ] as const;
    for (const [method, url, payload] of refused) {
      const res = await t.app.inject({ method, url, headers: bodega.headers, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: BODEGA_FIELDS_FORBIDDEN });
    }
    expect(await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id))).toEqual(before);
  });
});
