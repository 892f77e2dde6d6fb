// Issue 32 item 4 (docs/decisions/157): a package from China is not "En bodega Miami". The same
// stored code (EN_BODEGA_MIAMI) reads in the words of the package's origin in the client's
// WhatsApp message (text and template parameter), the audit summary, the portal's refusal and
// the Excel export; a package from the USA keeps "En bodega Miami".
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { auditLog, clientTrackings, notificationOutbox } from "../../db/schema";
import { registerTestClient } from "../../test/clients";
import { templateParametersOf } from "../../core/outbox";
import { loadWorkbook, sheetValues } from "../../test/workbooks";
import type { TClientTrackingsResponse } from "../../../shared/api/trackings";
import type { Origin } from "../../../shared/domain/statuses";

const t = useTestApp();

async function receivedPackage(origen: Origin) {
  const client = await registerTestClient(t.app, { nombre: "Wei Chen Mora" });
  const trackingCode = uniqueTrackingCode(origen === "CHINA" ? "LP" : "TBA");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/trackings",
    headers: t.adminHeaders(),
    payload: { clientCode: client.clientCode, trackingCode, origen },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json().tracking as { id: number };
  const moved = await t.app.inject({ method: "PATCH", url: `/api/trackings/${id}`, headers: t.adminHeaders(), payload: { estado: "EN_BODEGA_MIAMI" } });
  expect(moved.statusCode, moved.body).toBe(200);
  const messages = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, id)).orderBy(notificationOutbox.id);
  return { client, id, trackingCode, arrival: messages.at(-1)! };
}

describe("a package's warehouse status follows its origin", () => {
  it("a package from China: the WhatsApp message, its template parameter and the audit say 'En bodega China'", async () => {
    const { id, trackingCode, arrival } = await receivedPackage("CHINA");
    expect(arrival.body).toContain("Estado: En bodega China");
    expect(arrival.body).toContain("bodega en China");
    expect(arrival.body).not.toMatch(/Miami/);
    // What the approved template carries to Meta ({{3}}: the status label).
    expect(templateParametersOf(arrival)).toEqual(["Wei Chen Mora", trackingCode, "En bodega China"]);

    const [audit] = await t.ctx.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, "paquete.estado"), eq(auditLog.entityId, String(id))));
    expect(audit.summary).toBe(`${trackingCode}: Seguimiento internacional → En bodega China`);
  });

  it("a package from the USA keeps 'En bodega Miami'", async () => {
    const { trackingCode, arrival } = await receivedPackage("USA");
    expect(arrival.body).toContain("Estado: En bodega Miami");
    expect(templateParametersOf(arrival)).toEqual(["Wei Chen Mora", trackingCode, "En bodega Miami"]);
  });

  it("the portal's lookup carries the origin with the status, and its refusal to edit names 'En bodega China'", async () => {
    const { client, id } = await receivedPackage("CHINA");
    const lookup = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${client.clientCode}` });
    const tracking = (lookup.json() as TClientTrackingsResponse).trackings.find((p) => p.id === id)!;
    expect(tracking).toMatchObject({ estado: "EN_BODEGA_MIAMI", origen: "CHINA" });
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${id}`,
      payload: { clientCode: client.clientCode, trackingCode: "LP999999999CN" },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('está en estado "En bodega China"');
    const [row] = await t.ctx.db.select({ trackingCode: clientTrackings.trackingCode }).from(clientTrackings).where(eq(clientTrackings.id, id));
    expect(row.trackingCode).not.toBe("LP999999999CN");
  });

  it("the Excel export names each package's status in its origin's words", async () => {
    const china = await receivedPackage("CHINA");
    const usa = await receivedPackage("USA");
    const res = await t.app.inject({ method: "GET", url: "/api/export/clients", headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    const sheet = (await loadWorkbook(res.rawPayload)).getWorksheet("Trackings")!;
    const [headers, ...rows] = sheetValues(sheet) as unknown[][];
    const status = (code: string) => rows.find((r) => r.includes(code))?.[headers.indexOf("Estado")];
    expect(status(china.trackingCode)).toBe("En bodega China");
    expect(status(usa.trackingCode)).toBe("En bodega Miami");
  });
});
