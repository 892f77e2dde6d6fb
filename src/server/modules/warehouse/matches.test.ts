// Por confirmar (issue 32 item 2, docs/decisions/155): a client's pre-alert of a number waiting in
// Sin dueño is a proposal staff confirm or reject. Until then the claimer sees "en verificación"
// and no answer of the portal carries the receipt (weight, photos, label, amount); the confirmation
// shows the label's client code against the claimer's and needs an explicit choice on a mismatch;
// confirming joins and prices like staff's assign; of two decisions at once exactly one wins.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, notificationOutbox, packagePhotos, trackingStatusHistory, unclaimedMatches, unclaimedPackages } from "../../db/schema";
import { computeMontoColones } from "../../../shared/domain/pricing";
import {
  CLAIM_HISTORY_NOTE,
  UNCLAIMED_ALREADY_CLAIMED,
  UNCLAIMED_CLIENT_PROPOSED,
  matchDecidedMessage,
  matchMismatchMessage,
  type TMatchListResponse,
  type TUnclaimedPackage,
} from "../../../shared/api/admin/warehouse";
import type { TClientTracking, TClientTrackingsResponse } from "../../../shared/api/trackings";

const t = useTestApp();
let bodega: TestStaff;
beforeAll(async () => {
  bodega = await createTestStaff(t, "bodega", "Bodeguera Vargas");
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
const packageRow = async (id: number) => (await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id)))[0];
const rowOf = async (id: number) => (await t.ctx.db.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, id)))[0];
const auditOf = (action: string, entityId: number) =>
  t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

/** A Sin dueño row (700 g, a label photo and an arrival photo), registered by Bodega. */
async function waiting(clientCodeHint: string | null) {
  const label = await photo();
  const arrival = await photo();
  const res = await call("POST", "/api/admin/warehouse/unclaimed", {
    trackingCode: uniqueTrackingCode("SD"),
    pesoGramos: 700,
    clientCodeHint,
    labelPhotos: [label],
    photos: [arrival],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { row: (res.json() as { unclaimed: TUnclaimedPackage }).unclaimed, uploads: [label, arrival] };
}

/** The client's own pre-alert on /rastreo: the answer and the package's id. */
async function preAlert(clientCode: string, trackingCode: string): Promise<TClientTracking> {
  const res = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode, trackingCode, origen: "USA", formaEnvio: "AVION" } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TClientTracking;
}

async function matchOf(trackingId: number) {
  const list = (await call("GET", "/api/admin/warehouse/matches")).json() as TMatchListResponse;
  const item = list.items.find((m) => m.package.id === trackingId);
  expect(item, `match of package ${trackingId}`).toBeDefined();
  return { list, item: item! };
}

async function lookup(code: string): Promise<{ body: string; json: TClientTrackingsResponse }> {
  const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, json: res.json() as TClientTrackingsResponse };
}

describe("Por confirmar", () => {
  it("the attack: A pre-alerts a number whose label bears B's code and sees only 'en verificación', with nothing of the receipt in any answer", async () => {
    const owner = await registerTestClient(t.app);
    const attacker = await registerTestClient(t.app);
    const { row, uploads } = await waiting(owner.clientCode);
    const created = await preAlert(attacker.clientCode, row.trackingCode);
    expect(created).toMatchObject({ enVerificacion: true, estado: "SEGUIMIENTO_INTERNACIONAL", pesoPieCubicos: null, montoColones: null, photos: [], cargo: null });

    const { body, json } = await lookup(attacker.clientCode);
    const pkg = json.trackings.find((p) => p.id === created.id)!;
    expect(pkg).toMatchObject({ enVerificacion: true, pesoPieCubicos: null, montoColones: null, photos: [], cargo: null, delivery: null });
    expect(json.estadoCuenta.totalPendienteColones).toBe(0);
    // Not an upload name (so no signed link), not the label's client code, no weight field at all.
    for (const secret of [...uploads, owner.clientCode, "pesoGramos", "largoCm", "clientCodeHint"]) {
      expect(body, secret).not.toContain(secret);
      expect(JSON.stringify(created), secret).not.toContain(secret);
    }
    // The label photo is not served without the link only staff get.
    for (const name of uploads) {
      const res = await t.app.inject({ method: "GET", url: `/objects/uploads/${name}` });
      expect(res.statusCode, name).not.toBe(200);
    }
    const stored = await packageRow(created.id);
    expect(stored).toMatchObject({ pesoGramos: null, pesoPieCubicos: null, montoColones: null, receivedAt: null });
    expect(await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, created.id))).toHaveLength(0);

    // Staff see the label's code next to the claimer's, and the mismatch in plain Spanish.
    const { list, item } = await matchOf(created.id);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(item.unclaimed.clientCodeHint).toBe(owner.clientCode);
    expect(item.package.clientCode).toBe(attacker.clientCode);
    expect(item.codigo).toEqual({ coincide: false, texto: `No coincide: la etiqueta dice ${owner.clientCode} y quien pre-alertó es ${attacker.clientCode}` });
    expect(item.unclaimed.photos.map((p) => p.kind).sort()).toEqual(["ETIQUETA", "LLEGADA"]);

    // Confirming a mismatch needs the explicit choice; without it nothing changes.
    const refused = await call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: matchMismatchMessage(owner.clientCode, attacker.clientCode), mismatch: true });
    expect((await rowOf(row.id)).claimedAt).toBeNull();
    expect((await packageRow(created.id)).estado).toBe("SEGUIMIENTO_INTERNACIONAL");
    expect(await auditOf("sin_dueno.proponer", row.id)).toHaveLength(1);
    expect(await auditOf("sin_dueno.confirmar", row.id)).toHaveLength(0);
  });

  it("confirming joins and prices like a receipt: amount stored, En bodega Miami with history, message, photos and audit; the client then sees them", async () => {
    const client = await registerTestClient(t.app);
    const { row, uploads } = await waiting(client.clientCode);
    const created = await preAlert(client.clientCode, row.trackingCode);
    const { item } = await matchOf(created.id);
    expect(item.codigo).toEqual({ coincide: true, texto: "El código de la etiqueta coincide con el del cliente" });
    const rate = await todaysRate();

    const res = await call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ package: { id: created.id, estado: "EN_BODEGA_MIAMI", pesoGramos: 700 }, unclaimed: { id: row.id, claimedBy: { trackingId: created.id } } });
    const stored = await packageRow(created.id);
    expect(stored).toMatchObject({
      estado: "EN_BODEGA_MIAMI",
      pesoGramos: 700,
      pesoPieCubicos: "700",
      montoColones: computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "700", rate }),
      montoRate: rate,
      receivedByAccountId: bodega.accountId,
    });
    expect(stored.montoColones).toBeGreaterThan(0);
    const history = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, created.id)).orderBy(trackingStatusHistory.id);
    expect(history.map((h) => h.newStatus)).toEqual(["SEGUIMIENTO_INTERNACIONAL", "EN_BODEGA_MIAMI"]);
    expect(history[1]).toMatchObject({ notes: CLAIM_HISTORY_NOTE(new Date(row.receivedAt)), changedBy: "Bodeguera Vargas" });
    expect(await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created.id))).toHaveLength(1);
    const photos = await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, created.id));
    expect(photos.map((p) => p.uploadName).sort()).toEqual([...uploads].sort());
    expect((await rowOf(row.id)).claimedTrackingId).toBe(created.id);
    const [match] = await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.id, item.id));
    expect(match).toMatchObject({ estado: "CONFIRMADA", decidedByAccountId: bodega.accountId });
    for (const action of ["sin_dueno.proponer", "sin_dueno.confirmar", "sin_dueno.asignar"]) expect(await auditOf(action, row.id), action).toHaveLength(1);

    const { json } = await lookup(client.clientCode);
    const pkg = json.trackings.find((p) => p.id === created.id)!;
    expect(pkg).toMatchObject({ enVerificacion: false, estado: "EN_BODEGA_MIAMI", pesoPieCubicos: "700", montoColones: stored.montoColones });
    expect(pkg.cargo?.totalColones).toBe(stored.montoColones);
    expect(pkg.photos).toHaveLength(2);
    const after = (await call("GET", "/api/admin/warehouse/matches")).json() as TMatchListResponse;
    expect(after.items.some((m) => m.id === item.id)).toBe(false);

    // Decided once: a second confirm or a reject is 409.
    const again = await call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(matchDecidedMessage("CONFIRMADA"));
    const late = await call("POST", `/api/admin/warehouse/matches/${item.id}/reject`, {});
    expect(late.statusCode).toBe(409);
  });

  it("rejecting leaves the row waiting and the client's package a plain pre-alert; audited", async () => {
    const client = await registerTestClient(t.app);
    const { row } = await waiting(null);
    const created = await preAlert(client.clientCode, row.trackingCode);
    const { item } = await matchOf(created.id);
    expect(item.codigo.coincide).toBeNull();
    const res = await call("POST", `/api/admin/warehouse/matches/${item.id}/reject`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ match: { id: item.id, estado: "RECHAZADA" } });
    expect(await rowOf(row.id)).toMatchObject({ claimedAt: null, claimedTrackingId: null });
    expect(await packageRow(created.id)).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", pesoGramos: null, montoColones: null, receivedAt: null });
    expect(await auditOf("sin_dueno.rechazar", row.id)).toHaveLength(1);
    const { json } = await lookup(client.clientCode);
    expect(json.trackings.find((p) => p.id === created.id)).toMatchObject({ enVerificacion: false, photos: [] });
    const confirm = await call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {});
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(matchDecidedMessage("RECHAZADA"));
    // Still waiting: staff can assign it by hand to whoever it belongs to.
    const other = await registerTestClient(t.app);
    expect((await call("POST", `/api/admin/warehouse/unclaimed/${row.id}/assign`, { clientCode: other.clientCode })).statusCode).toBe(200);
  });

  it("of two confirmations at once exactly one wins; the other is a Spanish 409 and nothing is written twice", async () => {
    const client = await registerTestClient(t.app);
    const { row } = await waiting(client.clientCode);
    const created = await preAlert(client.clientCode, row.trackingCode);
    const { item } = await matchOf(created.id);
    const answers = await Promise.all([0, 1].map(() => call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(matchDecidedMessage("CONFIRMADA"));
    expect(await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created.id))).toHaveLength(1);
    expect(await auditOf("sin_dueno.asignar", row.id)).toHaveLength(1);
  });

  it("a confirmation against staff's assign at once: one wins, the other is a Spanish 409; assigning to the claimer is sent to Por confirmar", async () => {
    const claimer = await registerTestClient(t.app);
    const other = await registerTestClient(t.app);
    const { row } = await waiting(null);
    const created = await preAlert(claimer.clientCode, row.trackingCode);
    const { item } = await matchOf(created.id);
    const toClaimer = await call("POST", `/api/admin/warehouse/unclaimed/${row.id}/assign`, { clientCode: claimer.clientCode });
    expect(toClaimer.statusCode).toBe(409);
    expect(toClaimer.json().message).toBe(UNCLAIMED_CLIENT_PROPOSED);

    const [confirm, assign] = await Promise.all([
      call("POST", `/api/admin/warehouse/matches/${item.id}/confirm`, {}),
      call("POST", `/api/admin/warehouse/unclaimed/${row.id}/assign`, { clientCode: other.clientCode }),
    ]);
    expect([confirm.statusCode, assign.statusCode].sort()).toEqual([200, 409]);
    const loser = confirm.statusCode === 409 ? confirm : assign;
    expect(loser.json().message).toBe(confirm.statusCode === 409 ? matchDecidedMessage("DESCARTADA") : UNCLAIMED_ALREADY_CLAIMED);
    const claimed = await rowOf(row.id);
    const winnerPackage = confirm.statusCode === 200 ? created.id : (assign.json() as { package: { id: number } }).package.id;
    expect(claimed.claimedTrackingId).toBe(winnerPackage);
    expect(await auditOf("sin_dueno.asignar", row.id)).toHaveLength(1);
    if (confirm.statusCode === 409) expect((await lookup(claimer.clientCode)).json.trackings.find((p) => p.id === created.id)?.enVerificacion).toBe(false);
  });

  it("a client who changes the pre-alert's number withdraws the proposal", async () => {
    const client = await registerTestClient(t.app);
    const { row } = await waiting(null);
    const created = await preAlert(client.clientCode, row.trackingCode);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${created.id}`,
      payload: { clientCode: client.clientCode, trackingCode: uniqueTrackingCode("OTRO"), origen: "USA", formaEnvio: "AVION" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enVerificacion: false });
    const [match] = await t.ctx.db.select().from(unclaimedMatches).where(eq(unclaimedMatches.trackingId, created.id));
    expect(match.estado).toBe("DESCARTADA");
  });

  it("needs a staff session; a bad id is a Spanish 400 and an unknown one 404", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/warehouse/matches" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/warehouse/matches/1/confirm", payload: {} })).statusCode).toBe(401);
    const bad = await call("POST", "/api/admin/warehouse/matches/abc/confirm", {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("La coincidencia por confirmar no existe");
    expect((await call("POST", "/api/admin/warehouse/matches/2000000000/reject", {})).statusCode).toBe(404);
    const badBody = await call("POST", "/api/admin/warehouse/matches/1/confirm", { confirmarDiferencia: "si" });
    expect(badBody.statusCode).toBe(400);
  });
});
