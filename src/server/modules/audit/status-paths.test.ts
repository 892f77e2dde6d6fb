// Issue 19's "Done when": a package's status changed from each path — the panel's inline edit
// (PATCH /api/trackings/:id), the edit dialog (PATCH /api/admin/trackings/:id), the bulk change,
// the Excel import — writes exactly one paquete.estado audit record per package, with the status
// before and after and the person (the import as 'Importación Excel · <name>'), and the history
// row's changedBy names the same person. The client portal cannot move a status: its edit is
// recorded as paquete.editar by 'Cliente'.
import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { auditLog, trackingStatusHistory } from "../../db/schema";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import { buildWorkbook, multipartFile, type Cell } from "../../test/workbooks";
import type { TrackingStatus } from "../../../shared/domain/statuses";

const t = useTestApp();

const TRACKING_HEADER: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado"];

async function newPackage(estado: TrackingStatus = "SEGUIMIENTO_INTERNACIONAL") {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("AUD"), estado, { montoColones: 0 });
  return { client, tracking };
}

const statusRecords = (trackingIds: number[]) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "paquete.estado"), inArray(auditLog.entityId, trackingIds.map(String))));

async function lastHistory(trackingId: number) {
  const rows = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, trackingId)).orderBy(trackingStatusHistory.id);
  return rows[rows.length - 1];
}

async function expectOneStatusRecord(trackingId: number, from: TrackingStatus, to: TrackingStatus, actor: { label: string; accountId: number | null; kind: string }) {
  const records = await statusRecords([trackingId]);
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    entity: "paquete",
    actorLabel: actor.label,
    actorAccountId: actor.accountId,
    actorKind: actor.kind,
    before: { estado: from },
    after: { estado: to },
  });
  const history = await lastHistory(trackingId);
  expect(history).toMatchObject({ previousStatus: from, newStatus: to, changedBy: actor.label, changedByAccountId: actor.accountId });
}

describe("one paquete.estado record per package and path, with the person", () => {
  it("the panel's inline edit (PATCH /api/trackings/:id)", async () => {
    const staff = await createTestStaff(t, "oficina", "Lucía Inline");
    const { tracking } = await newPackage();
    const res = await t.app.inject({ method: "PATCH", url: `/api/trackings/${tracking.id}`, headers: staff.headers, payload: { estado: "EN_BODEGA_MIAMI" } });
    expect(res.statusCode, res.body).toBe(200);
    await expectOneStatusRecord(tracking.id, "SEGUIMIENTO_INTERNACIONAL", "EN_BODEGA_MIAMI", { label: "Lucía Inline", accountId: staff.accountId, kind: "staff" });
  });

  it("the edit dialog (PATCH /api/admin/trackings/:id), by Bodega", async () => {
    const staff = await createTestStaff(t, "bodega", "Mario Bodega");
    const { tracking } = await newPackage("EN_BODEGA_MIAMI");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/trackings/${tracking.id}`,
      headers: staff.headers,
      payload: { estado: "EN_ADUANAS", notas: "Caja golpeada" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectOneStatusRecord(tracking.id, "EN_BODEGA_MIAMI", "EN_ADUANAS", { label: "Mario Bodega", accountId: staff.accountId, kind: "staff" });
    // The note is a field edit: its own paquete.editar record, not a second status record.
    const edits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.editar"), eq(auditLog.entityId, String(tracking.id))));
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ actorLabel: "Mario Bodega", before: { notas: null }, after: { notas: "Caja golpeada" } });
  });

  it("the bulk change: one record for each package that moved, none for one already there", async () => {
    const staff = await createTestStaff(t, "dueno", "Rosa Dueña");
    const a = await newPackage("EN_ADUANAS");
    const b = await newPackage("EN_BODEGA_MIAMI");
    const already = await newPackage("LISTO_PARA_ENTREGAR");
    const ids = [a.tracking.id, b.tracking.id, already.tracking.id];
    const res = await t.app.inject({ method: "POST", url: "/api/admin/trackings/bulk-status", headers: staff.headers, payload: { ids, estado: "LISTO_PARA_ENTREGAR" } });
    expect(res.statusCode, res.body).toBe(200);
    const actor = { label: "Rosa Dueña", accountId: staff.accountId, kind: "staff" };
    await expectOneStatusRecord(a.tracking.id, "EN_ADUANAS", "LISTO_PARA_ENTREGAR", actor);
    await expectOneStatusRecord(b.tracking.id, "EN_BODEGA_MIAMI", "LISTO_PARA_ENTREGAR", actor);
    expect(await statusRecords([already.tracking.id])).toHaveLength(0);
  });

  it("the Excel import: 'Importación Excel · <name>' on the record and in the history", async () => {
    const staff = await createTestStaff(t, "oficina", "Pedro Importa");
    const { client, tracking } = await newPackage("EN_BODEGA_MIAMI");
    const bytes = await buildWorkbook({ TRACKINGS: [TRACKING_HEADER, [client.clientCode, tracking.trackingCode, "USA", "AVION", "EN_ADUANAS"]] });
    const { payload, headers } = multipartFile(bytes, "estados.xlsx");
    const res = await t.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...staff.headers } });
    expect(res.statusCode, res.body).toBe(200);
    await expectOneStatusRecord(tracking.id, "EN_BODEGA_MIAMI", "EN_ADUANAS", { label: "Importación Excel · Pedro Importa", accountId: staff.accountId, kind: "import" });
  });

  it("the portal cannot move a status: its pre-alert edit is paquete.editar by 'Cliente'", async () => {
    const client = await registerTestClient(t.app);
    const trackingCode = uniqueTrackingCode("PRE");
    const created = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: client.clientCode, trackingCode } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${id}`,
      payload: { clientCode: client.clientCode, trackingCode, origen: "CHINA", formaEnvio: "AVION", estado: "ENTREGADO" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusRecords([id])).toHaveLength(0);
    const records = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(auditLog.id);
    expect(records.map((r) => [r.action, r.actorLabel, r.actorKind])).toEqual([
      ["paquete.crear", "Cliente", "client"],
      ["paquete.editar", "Cliente", "client"],
    ]);
    expect(records[1]).toMatchObject({ before: { origen: "USA" }, after: { origen: "CHINA" } });
    expect((await lastHistory(id)).changedBy).toBe("Cliente");
  });
});
