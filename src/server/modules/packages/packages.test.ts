// The client portal's package calls over HTTP (lookup, pre-alert, edit, delete: ownership, the
// editable state, duplicates, carrier detection) and the one status-change function every path
// uses (history, WhatsApp outbox, no-op on the same status).
import { TEST_ADMIN_ACTOR, TEST_IMPORT_ACTOR } from "../../test/actors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { CHEAP_POW_ENV, asksForChallenge, solvedChallenge } from "../../test/challenge";
import { CHALLENGE_HEADER } from "../../../shared/api/challenge";
import { createTestApp, uniqueTrackingCode, useTestApp, type TestApp } from "../../test/app";
import { clientTrackings, clients, notificationOutbox, trackingStatusHistory } from "../../db/schema";
import { CLIENT_CODE_FORMAT_WITH_EXAMPLE, CLIENT_CODE_REQUIRED, CLIENT_NOT_FOUND_MESSAGE, LOOKUP_RATE_LIMITED } from "../../../shared/api/clients";
import {
  TRACKING_CODE_INVALID,
  TRACKING_CODE_REQUIRED,
  TRACKING_DUPLICATE,
  TRACKING_NOT_FOUND,
  type TClientTracking,
  type TClientTrackingsResponse,
} from "../../../shared/api/trackings";
import { trackingStatusMessage } from "../../../shared/domain/messages";
import { registerTestClient } from "../../test/clients";
import { changeTrackingStatus, createTracking, updateTracking } from "./service";
import { getClientTrackings, getClientTrackingsJson } from "./client-portal";

const t = useTestApp();

const uniqueTracking = uniqueTrackingCode;

async function lookup(code: string) {
  return t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${encodeURIComponent(code)}` });
}
async function preAlert(payload: object) {
  return t.app.inject({ method: "POST", url: "/api/clients/trackings", payload });
}
async function edit(id: number, payload: object) {
  return t.app.inject({ method: "PATCH", url: `/api/clients/trackings/${id}`, payload });
}
async function remove(id: number, payload: object) {
  return t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${id}`, payload });
}
async function clientId(code: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, code));
  return row.id;
}
async function trackingRow(id: number) {
  const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id));
  return row;
}

describe("GET /api/clients/trackings?code=", () => {
  it("answers the client's name and code and an empty list for a new client, whatever the case typed", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada" });
    const res = await lookup(`  ${client.clientCode.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      client: { nombre: "Marta Quesada", clientCode: client.clientCode, referralCode: expect.stringMatching(/^EX[A-Z0-9]{6}$/), identificacion: null },
      trackings: [],
      estadoCuenta: { totalPendienteColones: 0, comprobantes: [] },
    });
  });

  it("answers 404 'no client' for an unknown code and 400 with the spec's messages for a bad one", async () => {
    const missing = await lookup("EXQQQQQQ");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CLIENT_NOT_FOUND_MESSAGE);
    expect((await lookup("")).json().message).toBe(CLIENT_CODE_REQUIRED);
    const bad = await lookup("EX123");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CLIENT_CODE_FORMAT_WITH_EXAMPLE);
    expect((await t.app.inject({ method: "GET", url: "/api/clients/trackings" })).statusCode).toBe(400);
  });

  it("lists only the client's own packages, newest first, with history and no internal notes", async () => {
    const owner = await registerTestClient(t.app);
    const other = await registerTestClient(t.app);
    const first = (await preAlert({ clientCode: owner.clientCode, trackingCode: uniqueTracking() })).json() as TClientTracking;
    const second = (await preAlert({ clientCode: owner.clientCode, trackingCode: uniqueTracking() })).json() as TClientTracking;
    await preAlert({ clientCode: other.clientCode, trackingCode: uniqueTracking("OTHER") });
    await t.ctx.db.transaction((tx) =>
      changeTrackingStatus(tx, { trackingId: first.id, newStatus: "EN_BODEGA_MIAMI", actor: TEST_ADMIN_ACTOR, notes: "nota interna secreta" }),
    );

    const res = await lookup(owner.clientCode);
    const body = res.json() as TClientTrackingsResponse;
    expect(body.trackings.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(res.body).not.toContain("OTHER");
    expect(res.body).not.toContain("nota interna secreta");
    expect(res.body).not.toContain(other.clientCode);
    const moved = body.trackings[1];
    expect(moved.estado).toBe("EN_BODEGA_MIAMI");
    expect(moved.history.map((h) => [h.previousStatus, h.newStatus])).toEqual([
      [null, "SEGUIMIENTO_INTERNACIONAL"],
      ["SEGUIMIENTO_INTERNACIONAL", "EN_BODEGA_MIAMI"],
    ]);
    expect(Object.keys(moved).sort()).toEqual(
      [
        "id",
        "trackingCode",
        "estado",
        "origen",
        "formaEnvio",
        "carrier",
        "descripcionPaquete",
        "tiendaOrigen",
        "valorDeclarado",
        "diferencia",
        "pesoVolumetricoGramos",
        "pesoPieCubicos",
        "montoColones",
        "createdAt",
        "lastEventAt",
        "history",
        "coupon",
        "photos",
        "delivery",
        "cargo",
        "enVerificacion",
        "factura",
      ].sort(),
    );
  });
});

describe("POST /api/clients/trackings (pre-alert)", () => {
  it("creates the package in SEGUIMIENTO_INTERNACIONAL, normalizes the code, detects the carrier and records who", async () => {
    const client = await registerTestClient(t.app);
    const res = await preAlert({ clientCode: client.clientCode.toLowerCase(), trackingCode: " 1z999aa1 0123456784 ", origen: "USA", formaEnvio: "BARCO" });
    expect(res.statusCode).toBe(201);
    const body = res.json() as TClientTracking;
    expect(body).toMatchObject({
      trackingCode: "1Z999AA10123456784",
      estado: "SEGUIMIENTO_INTERNACIONAL",
      origen: "USA",
      formaEnvio: "BARCO",
      carrier: "UPS",
      coupon: null,
    });
    expect(body.history).toEqual([{ previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", changedAt: expect.any(String) }]);
    const [history] = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, body.id));
    expect(history.changedBy).toBe("Cliente");
    // The client just did it and saw it: no WhatsApp message for a pre-alert.
    const queued = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, body.id));
    expect(queued).toHaveLength(0);
  });

  it("defaults origen USA and formaEnvio AVION, and leaves an unknown carrier empty", async () => {
    const client = await registerTestClient(t.app);
    const body = (await preAlert({ clientCode: client.clientCode, trackingCode: "ABC-123" })).json();
    expect(body).toMatchObject({ origen: "USA", formaEnvio: "AVION", carrier: null, trackingCode: "ABC-123" });
  });

  it("answers 409 for the same tracking code twice for one client, but another client may use it", async () => {
    const a = await registerTestClient(t.app);
    const b = await registerTestClient(t.app);
    const code = uniqueTracking();
    expect((await preAlert({ clientCode: a.clientCode, trackingCode: code })).statusCode).toBe(201);
    const again = await preAlert({ clientCode: a.clientCode, trackingCode: code.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRACKING_DUPLICATE);
    expect((await preAlert({ clientCode: b.clientCode, trackingCode: code })).statusCode).toBe(201);
  });

  it.each([
    [{ trackingCode: "" }, TRACKING_CODE_REQUIRED],
    [{ trackingCode: "   " }, TRACKING_CODE_REQUIRED],
    [{ trackingCode: "ABC$%" }, TRACKING_CODE_INVALID],
    [{ trackingCode: "A".repeat(65) }, TRACKING_CODE_INVALID],
    [{ origen: "MARTE" }, "El origen debe ser USA o CHINA"],
    [{ formaEnvio: "TREN" }, "La forma de envío debe ser AVION o BARCO"],
    [{ clientCode: "" }, CLIENT_CODE_REQUIRED],
  ])("answers 400 for %j", async (patch, message) => {
    const client = await registerTestClient(t.app);
    const res = await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("answers 404 for a code no client has", async () => {
    const res = await preAlert({ clientCode: "EXNADIE0", trackingCode: uniqueTracking() });
    expect(res.statusCode).toBe(404);
  });
});

describe("PATCH and DELETE /api/clients/trackings/{id}", () => {
  it("lets the owner edit code, origin and shipping type, re-detecting the carrier", async () => {
    const client = await registerTestClient(t.app);
    const created = (await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking() })).json() as TClientTracking;
    const res = await edit(created.id, {
      clientCode: client.clientCode,
      trackingCode: "TBA123456789012",
      origen: "CHINA",
      formaEnvio: "BARCO",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, trackingCode: "TBA123456789012", origen: "CHINA", formaEnvio: "BARCO", carrier: "Amazon" });
    expect(await trackingRow(created.id)).toMatchObject({ trackingCode: "TBA123456789012", origen: "CHINA", formaEnvio: "BARCO" });
  });

  it("refuses another client's package with 404 and changes nothing, for edit and delete", async () => {
    const owner = await registerTestClient(t.app);
    const intruder = await registerTestClient(t.app);
    const code = uniqueTracking();
    const created = (await preAlert({ clientCode: owner.clientCode, trackingCode: code })).json() as TClientTracking;
    const before = await trackingRow(created.id);

    const patched = await edit(created.id, { clientCode: intruder.clientCode, trackingCode: "HACKED1", origen: "CHINA", formaEnvio: "BARCO" });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().message).toBe(TRACKING_NOT_FOUND);
    const deleted = await remove(created.id, { clientCode: intruder.clientCode });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(TRACKING_NOT_FOUND);
    // An unknown code and a missing body are refused the same way.
    expect((await remove(created.id, { clientCode: "EXNADIE0" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${created.id}` })).statusCode).toBe(400);

    expect(await trackingRow(created.id)).toEqual(before);
  });

  it("answers the same 404 for a package that does not exist, and 400 for a malformed id", async () => {
    const client = await registerTestClient(t.app);
    const res = await edit(2_000_000_000, { clientCode: client.clientCode, trackingCode: "X1" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRACKING_NOT_FOUND);
    expect((await edit(Number.NaN, { clientCode: client.clientCode, trackingCode: "X1" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "PATCH", url: "/api/clients/trackings/-3", payload: { clientCode: client.clientCode, trackingCode: "X1" } })).statusCode).toBe(400);
  });

  it("refuses edit and delete with 409 once the package left SEGUIMIENTO_INTERNACIONAL", async () => {
    const client = await registerTestClient(t.app);
    const code = uniqueTracking();
    const created = (await preAlert({ clientCode: client.clientCode, trackingCode: code })).json() as TClientTracking;
    await t.ctx.db.transaction((tx) => changeTrackingStatus(tx, { trackingId: created.id, newStatus: "EN_ADUANAS", actor: TEST_ADMIN_ACTOR }));

    const patched = await edit(created.id, { clientCode: client.clientCode, trackingCode: "NUEVO1" });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toMatch(/no se puede editar.*En aduanas/);
    const deleted = await remove(created.id, { clientCode: client.clientCode });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/no se puede eliminar/);
    expect((await trackingRow(created.id)).trackingCode).toBe(code);
  });

  it("answers 409 when an edit would repeat another of the client's codes", async () => {
    const client = await registerTestClient(t.app);
    const taken = uniqueTracking();
    await preAlert({ clientCode: client.clientCode, trackingCode: taken });
    const other = (await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking() })).json() as TClientTracking;
    const res = await edit(other.id, { clientCode: client.clientCode, trackingCode: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRACKING_DUPLICATE);
  });

  it("deletes the owner's package with its history", async () => {
    const client = await registerTestClient(t.app);
    const created = (await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking() })).json() as TClientTracking;
    const res = await remove(created.id, { clientCode: client.clientCode.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: created.id });
    expect(await trackingRow(created.id)).toBeUndefined();
    expect(await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, created.id))).toEqual([]);
    expect((await lookup(client.clientCode)).json().trackings).toEqual([]);
  });
});

describe("changeTrackingStatus / createTracking / updateTracking", () => {
  it("updates the status and dates, writes history with who and notes, and queues the WhatsApp message", async () => {
    const client = await registerTestClient(t.app, { nombre: "Rosa Campos" });
    const id = await clientId(client.clientCode);
    const created = await t.ctx.db.transaction((tx) =>
      createTracking(tx, { clientId: id, trackingCode: uniqueTracking(), pesoPieCubicos: "1000", montoColones: 0, actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    const at = new Date("2031-02-03T15:00:00Z");
    const result = await t.ctx.db.transaction((tx) =>
      changeTrackingStatus(tx, {
        trackingId: created.tracking.id,
        newStatus: "LISTO_PARA_ENTREGAR",
        actor: TEST_ADMIN_ACTOR,
        notes: "Llegó completo",
        brandName: "Courier Prueba",
        now: at,
      }),
    );
    expect(result.changed).toBe(true);
    expect(result.previousStatus).toBe("SEGUIMIENTO_INTERNACIONAL");
    expect(result.tracking).toMatchObject({ estado: "LISTO_PARA_ENTREGAR", lastStatusChangeDate: at, updatedAt: at });
    // Listo para entregar runs the coupon rule (docs/decisions/139): this client holds none.
    expect(result.rewards).toEqual({ couponApplied: null, referralCompleted: null });

    const history = await t.ctx.db
      .select()
      .from(trackingStatusHistory)
      .where(eq(trackingStatusHistory.trackingId, created.tracking.id));
    expect(history.map((h) => [h.previousStatus, h.newStatus, h.changedBy, h.notes])).toEqual([
      [null, "SEGUIMIENTO_INTERNACIONAL", "admin", null],
      ["SEGUIMIENTO_INTERNACIONAL", "LISTO_PARA_ENTREGAR", "admin", "Llegó completo"],
    ]);

    const [message] = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created.tracking.id));
    expect(message.id).toBe(result.notificationId);
    expect(message).toMatchObject({ kind: "TRACKING_STATUS", status: "PENDING", recipient: `506${client.telefono}`, clientId: id });
    expect(message.body).toBe(
      trackingStatusMessage({
        nombre: "Rosa Campos",
        trackingCode: created.tracking.trackingCode,
        estado: "LISTO_PARA_ENTREGAR",
        brandName: "Courier Prueba",
      }),
    );
  });

  it("changes nothing when the package already has the status", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientId(client.clientCode);
    const created = await t.ctx.db.transaction((tx) =>
      createTracking(tx, { clientId: id, trackingCode: uniqueTracking(), actor: TEST_ADMIN_ACTOR, estado: "EN_ADUANAS" }),
    );
    const again = await t.ctx.db.transaction((tx) =>
      changeTrackingStatus(tx, { trackingId: created.tracking.id, newStatus: "EN_ADUANAS", actor: TEST_ADMIN_ACTOR }),
    );
    expect(again.changed).toBe(false);
    expect(again.notificationId).toBeNull();
    const history = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, created.tracking.id));
    expect(history).toHaveLength(1);
    // Staff-created packages do notify by default.
    const queued = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created.tracking.id));
    expect(queued).toHaveLength(1);
  });

  it("rolls everything back with the caller's transaction", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientId(client.clientCode);
    const created = await t.ctx.db.transaction((tx) =>
      createTracking(tx, { clientId: id, trackingCode: uniqueTracking(), actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await changeTrackingStatus(tx, { trackingId: created.tracking.id, newStatus: "EN_BODEGA_MIAMI", actor: TEST_ADMIN_ACTOR });
        throw new Error("the caller fails after the change");
      }),
    ).rejects.toThrow("the caller fails");
    expect((await trackingRow(created.tracking.id)).estado).toBe("SEGUIMIENTO_INTERNACIONAL");
    expect(await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created.tracking.id))).toEqual([]);
  });

  it("answers 404 for an unknown package", async () => {
    await expect(
      t.ctx.db.transaction((tx) => changeTrackingStatus(tx, { trackingId: 2_000_000_001, newStatus: "ENTREGADO", actor: TEST_ADMIN_ACTOR })),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it("updateTracking keeps a carrier typed by hand and sends a status through the status change", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientId(client.clientCode);
    const created = await t.ctx.db.transaction((tx) =>
      createTracking(tx, { clientId: id, trackingCode: uniqueTracking(), carrier: "Correos de Costa Rica", actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    const result = await t.ctx.db.transaction((tx) =>
      updateTracking(tx, {
        trackingId: created.tracking.id,
        changes: { trackingCode: "1Z999AA10123456784", costo: 4500, estado: "EN_BODEGA_MIAMI" },
        actor: TEST_ADMIN_ACTOR,
        notify: false,
      }),
    );
    expect(result.tracking).toMatchObject({ carrier: "Correos de Costa Rica", costo: 4500, estado: "EN_BODEGA_MIAMI" });
    expect(result.statusChange?.changed).toBe(true);
  });

  it("updateTracking never keeps grams as cubic feet: a type change without a measure in the new unit drops the measure and its amount", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientId(client.clientCode);
    const created = await t.ctx.db.transaction((tx) =>
      createTracking(tx, {
        clientId: id,
        trackingCode: uniqueTracking(),
        pesoPieCubicos: "2500",
        montoColones: 20560,
        montoRate: 514,
        actor: TEST_ADMIN_ACTOR,
        notify: false,
      }),
    );
    // The Excel import and the portal send the type alone.
    const result = await t.ctx.db.transaction((tx) =>
      updateTracking(tx, { trackingId: created.tracking.id, changes: { formaEnvio: "BARCO" }, actor: TEST_IMPORT_ACTOR, notify: false }),
    );
    expect(result.tracking).toMatchObject({ formaEnvio: "BARCO", pesoPieCubicos: null, montoColones: null, montoRate: null });
    // The same type again, or a measure sent with the type, keeps what was given.
    const again = await t.ctx.db.transaction((tx) =>
      updateTracking(tx, { trackingId: created.tracking.id, changes: { formaEnvio: "BARCO", pesoPieCubicos: "3" }, actor: TEST_ADMIN_ACTOR, notify: false }),
    );
    expect(again.tracking).toMatchObject({ formaEnvio: "BARCO", pesoPieCubicos: "3" });
  });
});

describe("lookup abuse limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT: "on", ...CHEAP_POW_ENV } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("allows 60 lookups a minute from one address free, then asks for a challenge, and 429 in Spanish past the ceiling", async () => {
    // A known code: misses have their own, smaller allowance (code-guessing.test.ts).
    const client = await registerTestClient(limited.app);
    const url = `/api/clients/trackings?code=${client.clientCode}`;
    const get = (headers: Record<string, string> = {}) => limited.app.inject({ method: "GET", url, remoteAddress: "10.1.1.1", headers });
    for (let i = 0; i < ABUSE_LIMITS.clientLookup.challengeAfter; i++) expect((await get()).statusCode).toBe(200);
    expect(asksForChallenge(await get())).toBe(true);
    expect((await get({ [CHALLENGE_HEADER]: await solvedChallenge(limited.app, "10.1.1.1") })).statusCode).toBe(200);
    await limited.ctx.db.execute(sql`UPDATE rate_limits SET count = ${ABUSE_LIMITS.clientLookup.limit} WHERE key LIKE ${`${ABUSE_LIMITS.clientLookup.key}%10.1.1.1%`}`);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LOOKUP_RATE_LIMITED);
  });
});

describe("the lookup's JSON built in SQL", () => {
  it("answers exactly what the drizzle mapping answers, history and coupon included", async () => {
    const client = await registerTestClient(t.app, { nombre: "Rebeca Jiménez Alvarado" });
    const first = (await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking("1Z"), origen: "USA", formaEnvio: "AVION" })).json();
    await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking("LX"), origen: "CHINA", formaEnvio: "BARCO" });
    await t.ctx.db.transaction(async (tx) => {
      await changeTrackingStatus(tx, { trackingId: first.id, newStatus: "EN_BODEGA_MIAMI", actor: TEST_ADMIN_ACTOR });
      await tx.update(clientTrackings).set({ pesoPieCubicos: "1000", montoColones: 0 }).where(eq(clientTrackings.id, first.id));
      await changeTrackingStatus(tx, { trackingId: first.id, newStatus: "ENTREGADO", actor: TEST_ADMIN_ACTOR });
    });
    const viaSql = JSON.parse((await getClientTrackingsJson(t.database, client.clientCode))!);
    const viaDrizzle = await getClientTrackings(t.ctx.db, client.clientCode);
    expect(viaSql).toEqual(JSON.parse(JSON.stringify(viaDrizzle)));
    expect(viaSql.trackings).toHaveLength(2);
    expect(viaSql.trackings[1].history.map((h: { newStatus: string }) => h.newStatus)).toEqual([
      "SEGUIMIENTO_INTERNACIONAL",
      "EN_BODEGA_MIAMI",
      "ENTREGADO",
    ]);
    // The welcome coupon of a referred client is what sets a discount; a plain client has none.
    expect(viaSql.trackings[1].coupon).toBeNull();
    expect(await getClientTrackingsJson(t.database, "EXNADIE0")).toBeNull();
  });

  it("answers lookups that arrive together from one statement, each with its own client's answer", async () => {
    const registered = await Promise.all(Array.from({ length: 6 }, (_, i) => registerTestClient(t.app, { nombre: `Cliente Lote ${"ABCDEF"[i]}` })));
    for (const [i, client] of registered.entries()) {
      for (let k = 0; k <= i % 3; k++) {
        await preAlert({ clientCode: client.clientCode, trackingCode: uniqueTracking("LOT"), origen: "USA", formaEnvio: "AVION" });
      }
    }
    // 80 lookups at once (more than one statement holds): every client twice or more, and unknown codes.
    const codes = Array.from({ length: 80 }, (_, i) => (i % 7 === 6 ? `EXNADA${String(i).padStart(2, "0")}` : registered[i % 6].clientCode));
    const answers = await Promise.all(codes.map((code) => getClientTrackingsJson(t.database, code)));
    for (const [i, code] of codes.entries()) {
      const expected = await getClientTrackings(t.ctx.db, code);
      expect(answers[i] === null ? null : JSON.parse(answers[i]!)).toEqual(expected === null ? null : JSON.parse(JSON.stringify(expected)));
    }
    expect(answers.filter((a) => a === null)).toHaveLength(codes.filter((c) => c.startsWith("EXNADA")).length);
  });

  it("fails every lookup of a statement that fails, and answers the next ones", async () => {
    const client = await registerTestClient(t.app);
    const broken = { ...t.database, queryPrepared: () => Promise.reject(new Error("sin base de datos")) };
    const failing = await Promise.allSettled([getClientTrackingsJson(broken, client.clientCode), getClientTrackingsJson(broken, "EXNADIE1")]);
    expect(failing.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(JSON.parse((await getClientTrackingsJson(t.database, client.clientCode))!).client.clientCode).toBe(client.clientCode);
  });
});
