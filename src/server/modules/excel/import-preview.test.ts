// Import preview and backwards moves (issue 18 item 6, docs/decisions/117) and the phone rule of
// new clients (item 7, docs/decisions/118), through the real app and database: a re-imported old
// sheet never moves a delivered package back nor messages the client unless asked; the preview
// writes nothing and equals what the apply then does; a plan that changed since the preview is
// refused with 409 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, clientTrackings, notificationOutbox, trackingStatusHistory } from "../../db/schema";
import {
  IMPORT_BACKWARDS_INVALID,
  IMPORT_PLAN_CHANGED,
  ZImportResponseSchema,
  type TImportResponse,
} from "../../../shared/api/excel";
import { REGISTER_TELEFONO_SHORT } from "../../../shared/api/clients";
import { buildWorkbook, storedPackage, tableCounts, uniqueClientCode, type Cell } from "../../test/workbooks";

const CLIENT_HEADER: Cell[] = ["client_code", "nombre", "direccion", "telefono"];
const TRACKING_HEADER: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado"];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A multipart body with the workbook in "file" and the given text fields (after the file, to show order does not matter). */
function multipart(bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----prev${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="viejo.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from("\r\n"),
  ];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function post(url: string, bytes: Buffer, fields?: Record<string, string>) {
  const { payload, headers } = multipart(bytes, fields);
  return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...t.adminHeaders() } });
}

async function ok(url: string, bytes: Buffer, fields?: Record<string, string>): Promise<TImportResponse> {
  const res = await post(url, bytes, fields);
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}
const preview = (bytes: Buffer, fields?: Record<string, string>) => ok("/api/import/express/preview", bytes, fields);
const apply = (bytes: Buffer, fields?: Record<string, string>) => ok("/api/import/express", bytes, fields);

const packageOf = (clientCode: string, trackingCode: string) => storedPackage(t.database.db, clientCode, trackingCode);

async function messagesOf(trackingId: number) {
  return t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, trackingId));
}

/** A client with a delivered package and one in Miami, as an earlier import left them. */
async function delivered() {
  const code = uniqueClientCode();
  await apply(
    await buildWorkbook({
      Clientes: [CLIENT_HEADER, [code, "Marta Solís", "Grecia centro", "8877-6655"]],
      // Delivered with its weight and amount (docs/decisions/152).
      Trackings: [
        [...TRACKING_HEADER.slice(0, 5), "peso_pie_cubicos", "monto_colones"],
        [code, "TBA500000000001", "USA", "AVION", "ENTREGADO", "1200", 6000],
        [code, "TBA500000000002", "USA", "AVION", "EN_BODEGA_MIAMI", "800", 4000],
      ],
    }),
  );
  // The old sheet: the first package still 'Listo para entregar', the second now in customs, a new one.
  const oldSheet = await buildWorkbook({
    Trackings: [
      TRACKING_HEADER,
      [code, "TBA500000000001", "USA", "AVION", "LISTO_PARA_ENTREGAR"],
      [code, "TBA500000000002", "USA", "AVION", "EN_ADUANAS"],
      [code, "TBA500000000003", "CHINA", "BARCO", "SEGUIMIENTO_INTERNACIONAL"],
    ],
  });
  return { code, oldSheet };
}

const withoutMode = ({ mode: _mode, ...rest }: TImportResponse) => rest;

describe("backwards moves", () => {
  it("a plain spec-style re-import of an old sheet leaves a delivered package delivered and sends it nothing", async () => {
    const { code, oldSheet } = await delivered();
    const before = await packageOf(code, "TBA500000000001");
    const result = await apply(oldSheet);

    const after = await packageOf(code, "TBA500000000001");
    expect(after.estado).toBe("ENTREGADO");
    expect(after.lastStatusChangeDate).toEqual(before.lastStatusChangeDate);
    expect(await messagesOf(after.id)).toEqual([]);
    const history = await t.database.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, after.id));
    expect(history.map((h) => h.newStatus)).toEqual(["ENTREGADO"]);

    expect(result.backwards).toBe("keep");
    expect(result.trackings).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(result.backwardMoves).toEqual({
      total: 1,
      items: [{ row: 2, clientCode: code, trackingCode: "TBA500000000001", origen: "USA", from: "ENTREGADO", to: "LISTO_PARA_ENTREGAR", backwards: true, applied: false }],
    });
    // The forward move is applied and messaged as before.
    expect(result.statusChanges.items).toEqual([expect.objectContaining({ row: 3, from: "EN_BODEGA_MIAMI", to: "EN_ADUANAS", backwards: false, applied: true })]);
    expect(result.messages.total).toBe(1);
    expect(await messagesOf((await packageOf(code, "TBA500000000002")).id)).toHaveLength(1);
  });

  it("backwards=apply moves the package back and messages the client", async () => {
    const { code, oldSheet } = await delivered();
    const result = await apply(oldSheet, { backwards: "apply" });
    const after = await packageOf(code, "TBA500000000001");
    expect(after.estado).toBe("LISTO_PARA_ENTREGAR");
    expect(await messagesOf(after.id)).toEqual([expect.objectContaining({ kind: "TRACKING_STATUS", recipient: "50688776655" })]);
    expect(result.backwardMoves.items).toEqual([expect.objectContaining({ trackingCode: "TBA500000000001", applied: true })]);
    expect(result.statusChanges.total).toBe(2);
    expect(result.messages.total).toBe(2);
    expect(result.trackings).toMatchObject({ created: 1, updated: 2, unchanged: 0 });
  });

  it("refuses a backwards field that is neither keep nor apply, changing nothing", async () => {
    const { oldSheet } = await delivered();
    const before = await tableCounts(t.database.db);
    const res = await post("/api/import/express", oldSheet, { backwards: "si" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: IMPORT_BACKWARDS_INVALID });
    expect(await tableCounts(t.database.db)).toEqual(before);
  });
});

describe("preview", () => {
  it("writes nothing and shows exactly what the apply then does (counts, moves, messages)", async () => {
    for (const backwards of ["keep", "apply"] as const) {
      const { code } = await delivered();
      const newcomer = uniqueClientCode();
      const sheet = await buildWorkbook({
        Clientes: [CLIENT_HEADER, [newcomer, "Pedro Rojas", "Naranjo", "+506 8123-4567"], [code, "Marta Solís", "Grecia", "8877-6655"]],
        Trackings: [TRACKING_HEADER, [newcomer, "TBA600000000001", "USA", "AVION", "EN_BODEGA_MIAMI"], [code, "TBA500000000001", "USA", "AVION", "LISTO_PARA_ENTREGAR"], [code, "TBA500000000002", "USA", "AVION", "LISTO_PARA_ENTREGAR"], [code, "TBA500000000003", "USA", "AVION", ""]],
      });
      const before = await tableCounts(t.database.db);
      const seen = await preview(sheet, { backwards });
      expect(await tableCounts(t.database.db)).toEqual(before);
      expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, newcomer))).toEqual([]);
      expect(seen.mode).toBe("preview");
      expect(seen.backwardMoves.total).toBe(1);
      expect(seen.messages.total).toBe(backwards === "apply" ? 2 : 1);
      const customs = seen.messages.items.find((m) => m.trackingCode === "TBA500000000002");
      expect(customs).toMatchObject({ row: 4, clientCode: code, recipient: "50688776655" });
      expect(customs?.body).toContain("TBA500000000002");

      const done = await apply(sheet, { backwards, fingerprint: seen.fingerprint });
      expect(done.mode).toBe("apply");
      expect(withoutMode(done)).toEqual(withoutMode(seen));
      const after = await tableCounts(t.database.db);
      expect(after.outbox - before.outbox).toBe(done.messages.total);
      expect(after.clients - before.clients).toBe(done.clients.created);
      expect(after.trackings - before.trackings).toBe(done.trackings.created);
    }
  });

  it("refuses with 409 an apply whose plan changed since the preview, and changes nothing", async () => {
    const { code, oldSheet } = await delivered();
    const seen = await preview(oldSheet);
    // Someone moves the Miami package to customs in the panel meanwhile: the sheet's row is now unchanged.
    const miami = await packageOf(code, "TBA500000000002");
    await t.database.db.update(clientTrackings).set({ estado: "EN_ADUANAS" }).where(eq(clientTrackings.id, miami.id));

    const before = await tableCounts(t.database.db);
    const res = await post("/api/import/express", oldSheet, { fingerprint: seen.fingerprint });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: IMPORT_PLAN_CHANGED });
    expect(await tableCounts(t.database.db)).toEqual(before);
    expect(await packageOf(code, "TBA500000000003")).toBeUndefined();

    // A new preview gives the new plan, which applies.
    const again = await preview(oldSheet);
    expect(again.fingerprint).not.toBe(seen.fingerprint);
    expect((await apply(oldSheet, { fingerprint: again.fingerprint })).trackings.created).toBe(1);
  });

  it("the same file previews to the same fingerprint twice", async () => {
    const { oldSheet } = await delivered();
    expect((await preview(oldSheet)).fingerprint).toBe((await preview(oldSheet)).fingerprint);
  });
});

describe("phones of new clients (decision 118)", () => {
  it("refuses a new client whose phone fails the registration rule; keeps duplicates and existing clients' legacy numbers", async () => {
    const short = uniqueClientCode();
    const duplicate = uniqueClientCode();
    const legacy = uniqueClientCode();
    await t.database.db.insert(clients).values({ clientCode: legacy, nombre: "Cliente Viejo", direccion: "Atenas", telefono: "(01) 555 123" });
    await t.database.db.insert(clients).values({ clientCode: uniqueClientCode(), nombre: "Familia Uno", direccion: "Palmares", telefono: "+50687654321" });
    const result = await apply(
      await buildWorkbook({
        Clientes: [
          CLIENT_HEADER,
          [short, "Número Corto", "Grecia", "12345"],
          [duplicate, "Familia Dos", "Palmares", "8765 4321"],
          [legacy, "Cliente Viejo", "Atenas", "(01) 555 123"],
        ],
      }),
    );
    const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
    expect(result.clients).toEqual({ created: 1, skipped: 1, errors: [{ row: 2, error: `Fila 2: ${lowerFirst(REGISTER_TELEFONO_SHORT)}` }] });
    expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, short))).toEqual([]);
    const [dup] = await t.database.db.select().from(clients).where(eq(clients.clientCode, duplicate));
    expect(dup.telefono).toBe("+50687654321");
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(eq(clients.telefono, "+50687654321"));
    expect(n).toBe(2);
  });
});
