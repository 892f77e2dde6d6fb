// The owner's audit log (issue 19): GET /api/admin/audit (filters, Costa Rica days, paging,
// newest first, total), GET /api/admin/audit/export (.xlsx with Spanish headers, formula-safe
// text, the export itself recorded), Dueño only, and records that the database refuses to change.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { createTestStaff } from "../../test/staff";
import { loadWorkbook, sheetValues } from "../../test/workbooks";
import { auditLog } from "../../db/schema";
import { recordAudit } from "../../core/audit/service";
import type { Actor } from "../../lib/actor";
import { AUDIT_EXPORT_HEADERS, ROLE_FORBIDDEN, ZAuditChainSchema, ZAuditPageSchema, type TAuditPage } from "../../../shared/api/admin/staff";

const t = useTestApp();

async function seedRecords(name: string) {
  const staff = await createTestStaff(t, "oficina", name);
  const actor: Actor = { kind: "staff", accountId: staff.accountId, label: name, ip: "203.0.113.9" };
  await t.ctx.db.transaction((tx) =>
    recordAudit(tx, actor, [
      // 23:59 of 28 February in Costa Rica (UTC−6).
      { action: "cliente.editar", entity: "cliente", entityId: 7, summary: "EX000007 · Ana", before: { nombre: "Ana" }, after: { nombre: "Ana María" }, at: new Date("2026-03-01T05:59:00Z") },
      // 00:00 of 1 March in Costa Rica.
      { action: "paquete.estado", entity: "paquete", entityId: 42, summary: "=HYPERLINK(\"http://x\")", before: { estado: "EN_ADUANAS" }, after: { estado: "ENTREGADO" }, at: new Date("2026-03-01T06:00:00Z") },
      { action: "paquete.estado", entity: "paquete", entityId: 43, summary: "EIC43", at: new Date("2026-03-02T18:00:00Z") },
      { action: "cliente.crear", entity: "cliente", entityId: 8, summary: "EX000008", at: new Date("2026-03-03T18:00:00Z") },
    ]),
  );
  return staff;
}

async function list(query: string, headers = t.adminHeaders()): Promise<TAuditPage> {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/audit?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return ZAuditPageSchema.parse(res.json());
}

describe("GET /api/admin/audit", () => {
  it("filters by person, entity, id, action and Costa Rica days; pages newest first with the total", async () => {
    const staff = await seedRecords("Filtro Persona");
    const mine = `accountId=${staff.accountId}`;

    const all = await list(mine);
    expect(all.total).toBe(4);
    expect(all.records.map((r) => r.action)).toEqual(["cliente.crear", "paquete.estado", "paquete.estado", "cliente.editar"]);
    expect(all.records[3]).toMatchObject({ actorLabel: "Filtro Persona", actorKind: "staff", ip: "203.0.113.9", entityId: "7", before: { nombre: "Ana" }, after: { nombre: "Ana María" } });

    expect((await list(`${mine}&entity=paquete`)).total).toBe(2);
    expect((await list(`${mine}&entity=paquete&entityId=42`)).records.map((r) => r.entityId)).toEqual(["42"]);
    expect((await list(`${mine}&action=cliente.crear`)).records.map((r) => r.entityId)).toEqual(["8"]);

    // A Costa Rica day runs from 06:00 UTC to 06:00 UTC the next day.
    expect((await list(`${mine}&from=2026-03-01&to=2026-03-01`)).records.map((r) => r.entityId)).toEqual(["42"]);
    expect((await list(`${mine}&to=2026-02-28`)).records.map((r) => r.entityId)).toEqual(["7"]);
    expect((await list(`${mine}&from=2026-03-02`)).records.map((r) => r.entityId)).toEqual(["8", "43"]);

    const page1 = await list(`${mine}&pageSize=3&page=1`);
    const page2 = await list(`${mine}&pageSize=3&page=2`);
    expect(page1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page1.records.map((r) => r.entityId)).toEqual(["8", "43", "42"]);
    expect(page2.records.map((r) => r.entityId)).toEqual(["7"]);
  });

  it("refuses a bad filter with a Spanish 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/audit?action=paquete.borrar", headers: t.adminHeaders() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Acción inválida");
  });

  it("is the owner's alone: Oficina and Bodega get 403 on the list and the export", async () => {
    for (const role of ["oficina", "bodega"] as const) {
      const staff = await createTestStaff(t, role);
      for (const url of ["/api/admin/audit", "/api/admin/audit/export", "/api/admin/audit/chain"]) {
        const res = await t.app.inject({ method: "GET", url, headers: staff.headers });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().message).toBe(ROLE_FORBIDDEN);
      }
    }
  });
});

describe("GET /api/admin/audit/export", () => {
  it("downloads the filtered log with Spanish headers and formula-safe text, and records the download", async () => {
    const staff = await seedRecords("Exporta Persona");
    const owner = await createTestStaff(t, "dueno", "Dueña Exporta");
    const res = await t.app.inject({ method: "GET", url: `/api/admin/audit/export?accountId=${staff.accountId}&entity=paquete`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="registro-de-cambios-\d{4}-\d{2}-\d{2}\.xlsx"/);

    const workbook = await loadWorkbook(res.rawPayload);
    const rows = sheetValues(workbook.worksheets[0]);
    expect(rows[0]).toEqual([...AUDIT_EXPORT_HEADERS]);
    expect(rows).toHaveLength(3);
    const [newest, older] = rows.slice(1);
    expect(newest.slice(1, 7)).toEqual(["Exporta Persona", "203.0.113.9", "Cambió el estado de un paquete", "Paquete", "43", "EIC43"]);
    expect(older[5]).toBe("42");
    // Text a spreadsheet would run as a formula starts with an apostrophe.
    expect(older[6]).toBe("'=HYPERLINK(\"http://x\")");
    expect(JSON.parse(String(older[7]))).toEqual({ estado: "EN_ADUANAS" });
    expect(JSON.parse(String(older[8]))).toEqual({ estado: "ENTREGADO" });

    const recorded = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorAccountId, owner.accountId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: "exportacion.descargar", entity: "exportacion", entityId: "registro", actorLabel: "Dueña Exporta" });
    expect(recorded[0].after).toMatchObject({ tipo: "registro", filas: 2 });
  });
});

describe("GET /api/admin/audit/chain", () => {
  it("answers the chain verified, with its head (decision 148)", async () => {
    await seedRecords("Cadena Persona");
    const res = await t.app.inject({ method: "GET", url: "/api/admin/audit/chain", headers: t.adminHeaders() });
    expect(res.statusCode, res.body).toBe(200);
    const chain = ZAuditChainSchema.parse(res.json());
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(chain).toMatchObject({ ok: true, checked: Number(n), head: { seq: Number(n) }, broken: null });
    expect(chain.head.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("records cannot be changed", () => {
  it("UPDATE and DELETE on audit_log fail in the database", async () => {
    await seedRecords("Intocable");
    await expect(t.ctx.db.execute(sql`update audit_log set summary = 'cambiado'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.summary, "cambiado"));
    expect(Number(n)).toBe(0);
  });
});
