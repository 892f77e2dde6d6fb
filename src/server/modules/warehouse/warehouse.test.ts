// Recepción and Sin dueño over HTTP (issue 20), as Bodega: the scan lookup, receiving (priced
// through the one rule, EN_BODEGA_MIAMI with its history, message and audit), receiving twice or
// at once (exactly one wins, nothing else changes), Sin dueño's register / duplicate / list /
// edit / assign, and the proposed match when a client pre-alerts the number (portal), staff create
// it or the Excel import brings it: nothing of the receipt follows until staff confirm (matches.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { buildWorkbook, multipartFile } from "../../test/workbooks";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, notificationOutbox, packagePhotos, trackingStatusHistory, unclaimedMatches, unclaimedPackages } from "../../db/schema";
import { computeMontoColones, cubicFeetFromCm } from "../../../shared/domain/pricing";
import {
  CLIENT_CODE_HINT_INVALID,
  MEDIDAS_INCOMPLETE,
  MEDIDAS_REQUIRED_BARCO,
  PESO_GRAMOS_INVALID,
  PESO_REQUIRED_AVION,
  UNCLAIMED_ALREADY_CLAIMED,
  UNCLAIMED_DUPLICATE,
  UNCLAIMED_PREALERTED,
  type TReceiveResponse,
  type TUnclaimedListResponse,
  type TUnclaimedPackage,
  type TWarehouseScanResponse,
} from "../../../shared/api/admin/warehouse";

const t = useTestApp();
let bodega: TestStaff;
beforeAll(async () => {
  bodega = await createTestStaff(t, "bodega", "Bodeguero Rojas");
});

function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bodega.headers, payload });
}

async function photo(): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/admin/photos", headers: { ...bodega.headers, "content-type": "image/png" }, payload: makePng(8, 8) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { name: string }).name;
}

const todaysRate = async () => (await t.app.inject({ method: "GET", url: "/api/exchange-rate" })).json<{ rate: number }>().rate;
const messagesOf = (trackingId: number) => t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, trackingId));
const historyOf = (trackingId: number) =>
  t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, trackingId)).orderBy(trackingStatusHistory.id);
const packageRow = async (id: number) => (await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id)))[0];
const auditOf = (action: string, entityId: number) =>
  t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

async function newPackage(formaEnvio: "AVION" | "BARCO" = "AVION", estado?: "EN_ADUANAS") {
  const client = await registerTestClient(t.app, { nombre: "Laura Jiménez Mora" });
  const pkg = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode("1Z"), estado);
  if (formaEnvio === "BARCO") await t.ctx.db.update(clientTrackings).set({ formaEnvio }).where(eq(clientTrackings.id, pkg.id));
  return { ...pkg, clientCode: client.clientCode };
}

describe("GET /api/admin/warehouse/scan", () => {
  it("finds the pre-alerted package with the client's code and name, the number read and the carrier", async () => {
    const pkg = await newPackage();
    const res = await call("GET", `/api/admin/warehouse/scan?code=${encodeURIComponent(` ${pkg.trackingCode.toLowerCase()} `)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TWarehouseScanResponse;
    expect(body.trackingCode).toBe(pkg.trackingCode);
    expect(body.packages).toHaveLength(1);
    expect(body.packages[0]).toMatchObject({ id: pkg.id, clientCode: pkg.clientCode, clientName: "Laura Jiménez Mora", estado: "SEGUIMIENTO_INTERNACIONAL", alreadyReceived: null });
    expect(Object.keys(body.packages[0])).not.toContain("telefono");
    expect(body.unclaimed).toBeNull();
  });

  it("answers nothing found for an unknown number, with the carrier its shape says", async () => {
    const res = await call("GET", `/api/admin/warehouse/scan?code=1Z999AA10123456784`);
    const body = res.json() as TWarehouseScanResponse;
    expect(body).toMatchObject({ trackingCode: "1Z999AA10123456784", carrier: "UPS", packages: [], unclaimed: null });
  });
});

describe("POST /api/admin/warehouse/receive", () => {
  it("records weight and photo, prices through the one rule, moves to En bodega Miami with history, one message and the audit", async () => {
    const pkg = await newPackage();
    const name = await photo();
    const rate = await todaysRate();
    const res = await call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 1250, photos: [name], notas: "Caja golpeada" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TReceiveResponse;
    expect(body.notificationQueued).toBe(true);
    expect(body.package).toMatchObject({ estado: "EN_BODEGA_MIAMI", pesoGramos: 1250, receivedBy: "Bodeguero Rojas" });
    const row = await packageRow(pkg.id);
    expect(row).toMatchObject({
      pesoPieCubicos: "1250",
      montoColones: computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1250", rate }),
      montoRate: rate,
      receivedByAccountId: bodega.accountId,
    });
    expect(row.receivedAt).toBeInstanceOf(Date);
    const history = await historyOf(pkg.id);
    expect(history.at(-1)).toMatchObject({ previousStatus: "SEGUIMIENTO_INTERNACIONAL", newStatus: "EN_BODEGA_MIAMI", notes: "Caja golpeada", changedBy: "Bodeguero Rojas" });
    expect(await messagesOf(pkg.id)).toHaveLength(1);
    expect(await auditOf("paquete.recibir", pkg.id)).toHaveLength(1);
    const photos = await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, pkg.id));
    expect(photos.map((p) => [p.uploadName, p.kind])).toEqual([[name, "LLEGADA"]]);
  });

  it("refuses a second receipt with who and when, and changes nothing", async () => {
    const pkg = await newPackage();
    expect((await call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 800 })).statusCode).toBe(200);
    const before = { row: await packageRow(pkg.id), history: await historyOf(pkg.id), messages: await messagesOf(pkg.id) };
    const again = await call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 999 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Este paquete ya fue recibido el .+ por Bodeguero Rojas$/);
    expect(await packageRow(pkg.id)).toEqual(before.row);
    expect(await historyOf(pkg.id)).toEqual(before.history);
    expect(await messagesOf(pkg.id)).toEqual(before.messages);
    expect(await auditOf("paquete.recibir", pkg.id)).toHaveLength(1);
    // The scan says so too.
    const scan = (await call("GET", `/api/admin/warehouse/scan?code=${pkg.trackingCode}`)).json() as TWarehouseScanResponse;
    expect(scan.packages[0].alreadyReceived).toMatch(/^Este paquete ya fue recibido el /);
  });

  it("lets exactly one of two simultaneous receipts win", async () => {
    const pkg = await newPackage();
    const results = await Promise.all([
      call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 500 }),
      call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 600 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await messagesOf(pkg.id)).toHaveLength(1);
    expect((await historyOf(pkg.id)).filter((h) => h.newStatus === "EN_BODEGA_MIAMI")).toHaveLength(1);
    expect(await auditOf("paquete.recibir", pkg.id)).toHaveLength(1);
  });

  it("needs the weight for AVION and the three measures for BARCO; bad input changes nothing", async () => {
    const air = await newPackage();
    const sea = await newPackage("BARCO");
    const cases: [object, number, string][] = [
      [{ trackingId: air.id }, 400, PESO_REQUIRED_AVION],
      [{ trackingId: air.id, pesoGramos: 0 }, 400, PESO_GRAMOS_INVALID],
      [{ trackingId: air.id, pesoGramos: 1_000_001 }, 400, PESO_GRAMOS_INVALID],
      [{ trackingId: sea.id, pesoGramos: 5000 }, 400, MEDIDAS_REQUIRED_BARCO],
      [{ trackingId: sea.id, largoCm: 50, anchoCm: 40 }, 400, MEDIDAS_INCOMPLETE],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call("POST", "/api/admin/warehouse/receive", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await packageRow(air.id)).receivedAt).toBeNull();
    expect((await packageRow(sea.id)).receivedAt).toBeNull();

    const rate = await todaysRate();
    const ok = await call("POST", "/api/admin/warehouse/receive", { trackingId: sea.id, largoCm: 60, anchoCm: 45.26, altoCm: 40 });
    expect(ok.statusCode, ok.body).toBe(200);
    const feet = cubicFeetFromCm(60, 45.3, 40);
    expect(await packageRow(sea.id)).toMatchObject({
      anchoCm: 45.3,
      pieCubicos: feet,
      pesoPieCubicos: String(feet),
      montoColones: computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: String(feet), rate }),
    });
  });

  it("records the receipt of a package already past En bodega Miami without moving it back", async () => {
    const pkg = await newPackage("AVION", "EN_ADUANAS");
    const res = await call("POST", "/api/admin/warehouse/receive", { trackingId: pkg.id, pesoGramos: 300 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TReceiveResponse).notificationQueued).toBe(false);
    const row = await packageRow(pkg.id);
    expect(row.estado).toBe("EN_ADUANAS");
    expect(row.receivedAt).not.toBeNull();
    expect(await messagesOf(pkg.id)).toHaveLength(0);
  });

  it("answers 404 for an unknown package", async () => {
    const res = await call("POST", "/api/admin/warehouse/receive", { trackingId: 2_000_000_000, pesoGramos: 10 });
    expect(res.statusCode).toBe(404);
  });
});

async function registerUnclaimed(extra: object = {}): Promise<TUnclaimedPackage> {
  const res = await call("POST", "/api/admin/warehouse/unclaimed", { trackingCode: uniqueTrackingCode("SD"), pesoGramos: 700, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { unclaimed: TUnclaimedPackage }).unclaimed;
}

describe("Sin dueño", () => {
  it("registers with the label's client code and photos; the same number twice, or a pre-alerted one, is 409", async () => {
    const label = await photo();
    const other = await photo();
    const row = await registerUnclaimed({ clientCodeHint: "ex4k7p2m", labelPhotos: [label], photos: [other], notas: "Sin nombre en la caja" });
    expect(row).toMatchObject({ clientCodeHint: "EX4K7P2M", pesoGramos: 700, receivedBy: "Bodeguero Rojas", claimedAt: null, claimedBy: null });
    expect(row.photos.map((p) => p.kind).sort()).toEqual(["ETIQUETA", "LLEGADA"]);
    expect(await auditOf("sin_dueno.registrar", row.id)).toHaveLength(1);

    const twice = await call("POST", "/api/admin/warehouse/unclaimed", { trackingCode: row.trackingCode.toLowerCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(UNCLAIMED_DUPLICATE);

    const pkg = await newPackage();
    const prealerted = await call("POST", "/api/admin/warehouse/unclaimed", { trackingCode: pkg.trackingCode });
    expect(prealerted.statusCode).toBe(409);
    expect(prealerted.json().message).toBe(UNCLAIMED_PREALERTED);

    const bad = await call("POST", "/api/admin/warehouse/unclaimed", { trackingCode: uniqueTrackingCode("SD"), clientCodeHint: "EX12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CLIENT_CODE_HINT_INVALID);

    const scan = (await call("GET", `/api/admin/warehouse/scan?code=${row.trackingCode}`)).json() as TWarehouseScanResponse;
    expect(scan.unclaimed?.id).toBe(row.id);
  });

  it("lists open rows first, searches by number, and edits an open row", async () => {
    const row = await registerUnclaimed();
    const edited = await call("PATCH", `/api/admin/warehouse/unclaimed/${row.id}`, { pesoGramos: 710, largoCm: 30, anchoCm: 20, altoCm: 10, notas: "Pesado de nuevo" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { unclaimed: TUnclaimedPackage }).unclaimed).toMatchObject({ pesoGramos: 710, largoCm: 30, notas: "Pesado de nuevo" });
    expect(await auditOf("sin_dueno.editar", row.id)).toHaveLength(1);

    const list = (await call("GET", `/api/admin/warehouse/unclaimed?q=${row.trackingCode.slice(-6).toLowerCase()}`)).json() as TUnclaimedListResponse;
    expect(list.items.map((i) => i.id)).toContain(row.id);
    const all = (await call("GET", "/api/admin/warehouse/unclaimed")).json() as TUnclaimedListResponse;
    const firstClaimed = all.items.findIndex((i) => i.claimedAt !== null);
    if (firstClaimed >= 0) expect(all.items.slice(firstClaimed).every((i) => i.claimedAt !== null)).toBe(true);
    expect(all.openTotal).toBeGreaterThan(0);
  });

  it("a client's pre-alert of a waiting number only proposes a match: the package stays a pre-alert with nothing of the receipt", async () => {
    const label = await photo();
    const row = await registerUnclaimed({ largoCm: 30, anchoCm: 20, altoCm: 10, labelPhotos: [label] });
    const client = await registerTestClient(t.app, { nombre: "Mario Solano Vega" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients/trackings",
      payload: { clientCode: client.clientCode, trackingCode: row.trackingCode.toLowerCase(), origen: "USA", formaEnvio: "AVION" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", enVerificacion: true, pesoPieCubicos: null, photos: [], cargo: null });
    const [pkg] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.trackingCode, row.trackingCode));
    expect(pkg).toMatchObject({
      estado: "SEGUIMIENTO_INTERNACIONAL",
      pesoGramos: null,
      pieCubicos: null,
      pesoPieCubicos: null,
      montoColones: null,
      receivedAt: null,
      receivedByAccountId: null,
    });
    expect((await historyOf(pkg.id)).map((h) => h.newStatus)).toEqual(["SEGUIMIENTO_INTERNACIONAL"]);
    expect(await messagesOf(pkg.id)).toHaveLength(0);
    expect(await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, pkg.id))).toHaveLength(0);
    const [waiting] = await t.ctx.db.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, row.id));
    expect(waiting).toMatchObject({ claimedTrackingId: null, claimedAt: null });
    expect(await auditOf("sin_dueno.asignar", row.id)).toHaveLength(0);
    expect(await auditOf("sin_dueno.proponer", row.id)).toHaveLength(1);
    const [match] = await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.unclaimedId, row.id));
    expect(match).toMatchObject({ trackingId: pkg.id, estado: "PENDIENTE" });

    // A second client pre-alerting the same number proposes too: staff see both claims.
    const second = await registerTestClient(t.app);
    const res2 = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: second.clientCode, trackingCode: row.trackingCode } });
    expect(res2.statusCode, res2.body).toBe(201);
    expect(await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.unclaimedId, row.id))).toHaveLength(2);
    // The row is still open: it can be edited.
    const edit = await call("PATCH", `/api/admin/warehouse/unclaimed/${row.id}`, { notas: "x" });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it("a pre-alert of the whole USPS barcode text (420 + ZIP + the number) proposes the match", async () => {
    const number = `9205590164917${String(Date.now()).slice(-9)}`;
    const row = await registerUnclaimed({ trackingCode: number });
    const client = await registerTestClient(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: client.clientCode, trackingCode: `42033101${number}` } });
    expect(res.statusCode, res.body).toBe(201);
    const [match] = await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.unclaimedId, row.id));
    expect(match?.trackingId).toBe((res.json() as { id: number }).id);
    expect((await packageRow(match.trackingId)).estado).toBe("SEGUIMIENTO_INTERNACIONAL");
  });

  it("staff's create and the Excel import propose the match too, and join nothing", async () => {
    const byStaff = await registerUnclaimed();
    const byImport = await registerUnclaimed();
    const client = await registerTestClient(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/trackings",
      headers: t.adminHeaders(),
      payload: { clientCode: client.clientCode, trackingCode: byStaff.trackingCode },
    });
    expect(created.statusCode, created.body).toBe(201);
    const workbook = await buildWorkbook({
      Trackings: [
        ["client_code", "tracking_code", "origen", "forma_envio"],
        [client.clientCode, byImport.trackingCode, "USA", "AVION"],
        [client.clientCode, uniqueTrackingCode("XL"), "USA", "AVION"],
      ],
    });
    const { payload, headers } = multipartFile(workbook, "datos.xlsx");
    const imported = await t.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...t.adminHeaders() } });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const row of [byStaff, byImport]) {
      const [pkg] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.trackingCode, row.trackingCode));
      expect(pkg, row.trackingCode).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", pesoGramos: null, receivedAt: null });
      const [waiting] = await t.ctx.db.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, row.id));
      expect(waiting.claimedTrackingId).toBeNull();
      const [match] = await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.unclaimedId, row.id));
      expect(match).toMatchObject({ trackingId: pkg.id, estado: "PENDIENTE" });
      expect((await messagesOf(pkg.id)).filter((m) => m.body.includes("bodega"))).toHaveLength(0);
    }
  });

  it("is assigned to a client by code: the package is created, claimed and priced; twice is 409", async () => {
    const label = await photo();
    const row = await registerUnclaimed({ labelPhotos: [label] });
    const client = await registerTestClient(t.app, { nombre: "Sofía Araya Castro" });
    const rate = await todaysRate();
    // The dialog's confirmation: whose code it is (code and name only).
    const who = await call("GET", `/api/admin/warehouse/client?code=${client.clientCode.toLowerCase()}`);
    expect(who.json()).toEqual({ clientCode: client.clientCode, clientName: "Sofía Araya Castro" });
    expect((await call("GET", "/api/admin/warehouse/client?code=EXZZZZZZ")).statusCode).toBe(404);
    const res = await call("POST", `/api/admin/warehouse/unclaimed/${row.id}/assign`, { clientCode: client.clientCode.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { unclaimed: TUnclaimedPackage; package: { id: number; estado: string; clientName: string } };
    expect(body.unclaimed.claimedBy).toMatchObject({ clientCode: client.clientCode, clientName: "Sofía Araya Castro" });
    expect(body.package).toMatchObject({ estado: "EN_BODEGA_MIAMI", clientName: "Sofía Araya Castro" });
    expect(await packageRow(body.package.id)).toMatchObject({
      pesoPieCubicos: "700",
      montoColones: computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "700", rate }),
      montoRate: rate,
    });
    expect(await messagesOf(body.package.id)).toHaveLength(1);
    expect(await auditOf("sin_dueno.asignar", row.id)).toHaveLength(1);
    const photos = await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, body.package.id));
    expect(photos).toHaveLength(1);

    const again = await call("POST", `/api/admin/warehouse/unclaimed/${row.id}/assign`, { clientCode: client.clientCode });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UNCLAIMED_ALREADY_CLAIMED);
    const unknown = await call("POST", `/api/admin/warehouse/unclaimed/${(await registerUnclaimed()).id}/assign`, { clientCode: "EXZZZZZZ" });
    expect(unknown.statusCode).toBe(404);
  });
});
