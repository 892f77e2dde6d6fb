// One import at a time (issue 15, item 7; docs/decisions/101): while an import is held inside
// importWorkbook by a promise the test controls, a second upload (.xlsx or .xls) answers 429 with
// the Spanish IMPORT_BUSY before its file is parsed and changes nothing; the slot is free again
// once the first import ends, whether it succeeded or failed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients } from "../../db/schema";
import { IMPORT_BUSY, IMPORT_CORRUPT } from "../../../shared/api/excel";
import { importWorkbook } from "./import-service";
import { readSpreadsheet } from "../../lib/xlsx/spreadsheet";
import { buildWorkbook, multipartFile, tableCounts, uniqueClientCode } from "../../test/workbooks";

vi.mock("./import-service", async (importOriginal) => {
  const original = await importOriginal<typeof import("./import-service")>();
  return { ...original, importWorkbook: vi.fn(original.importWorkbook) };
});
vi.mock("../../lib/xlsx/spreadsheet", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../lib/xlsx/spreadsheet")>();
  return { ...original, readSpreadsheet: vi.fn(original.readSpreadsheet) };
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function upload(bytes: Buffer, filename = "datos.xlsx", url = "/api/import/express") {
  const { payload, headers } = multipartFile(bytes, filename);
  return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...t.adminHeaders() } });
}

const clientsSheet = (code: string) =>
  buildWorkbook({ Clientes: [["client_code", "nombre", "direccion", "telefono"], [code, "Ana Mora", "Grecia", "88887777"]] });

async function clientExists(code: string): Promise<boolean> {
  const rows = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, code));
  return rows.length > 0;
}

/** Makes the next importWorkbook call wait inside the import until `release` is called. */
function holdNextImport() {
  let entered!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const real = vi.mocked(importWorkbook).getMockImplementation()!;
  vi.mocked(importWorkbook).mockImplementationOnce(async (...args) => {
    entered();
    await gate;
    return real(...args);
  });
  return { inside, release };
}

describe("concurrent imports", () => {
  it("a second import while one runs answers 429 in Spanish, is not parsed and changes nothing", async () => {
    const first = uniqueClientCode();
    const second = uniqueClientCode();
    const held = holdNextImport();
    const running = upload(await clientsSheet(first));
    await held.inside;

    const before = await tableCounts(t.database.db);
    const parsed = vi.mocked(readSpreadsheet).mock.calls.length;
    const busy = await upload(await clientsSheet(second));
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: "RATE_LIMITED", message: IMPORT_BUSY });
    // A legacy .xls would start a worker thread: it is refused before that too.
    const legacy = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(legacy);
    const busyXls = await upload(legacy, "datos.xls");
    expect(busyXls.statusCode).toBe(429);
    expect(busyXls.json().message).toBe(IMPORT_BUSY);
    expect(vi.mocked(readSpreadsheet).mock.calls.length).toBe(parsed);
    expect(await tableCounts(t.database.db)).toEqual(before);

    held.release();
    const done = await running;
    expect(done.statusCode, done.body).toBe(200);
    expect(await clientExists(first)).toBe(true);
    expect(await clientExists(second)).toBe(false);

    // The slot is free again.
    const again = await upload(await clientsSheet(second));
    expect(again.statusCode, again.body).toBe(200);
    expect(await clientExists(second)).toBe(true);
  });

  it("the preview takes the same slot: busy while an import runs, and holds off an import while it runs", async () => {
    const held = holdNextImport();
    const running = upload(await clientsSheet(uniqueClientCode()));
    await held.inside;
    const busyPreview = await upload(await clientsSheet(uniqueClientCode()), "datos.xlsx", "/api/import/express/preview");
    expect(busyPreview.statusCode).toBe(429);
    expect(busyPreview.json().message).toBe(IMPORT_BUSY);
    held.release();
    expect((await running).statusCode).toBe(200);

    const heldPreview = holdNextImport();
    const code = uniqueClientCode();
    const previewing = upload(await clientsSheet(code), "datos.xlsx", "/api/import/express/preview");
    await heldPreview.inside;
    const busy = await upload(await clientsSheet(uniqueClientCode()));
    expect(busy.statusCode).toBe(429);
    heldPreview.release();
    const previewed = await previewing;
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toMatchObject({ mode: "preview", clients: { created: 1 } });
    expect(await clientExists(code)).toBe(false);
  });

  it("an import that fails frees the slot", async () => {
    const refused = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(IMPORT_CORRUPT);

    vi.mocked(importWorkbook).mockRejectedValueOnce(new Error("fallo a mitad"));
    const crashed = await upload(await clientsSheet(uniqueClientCode()));
    expect(crashed.statusCode).toBe(500);

    const code = uniqueClientCode();
    const ok = await upload(await clientsSheet(code));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await clientExists(code)).toBe(true);
  });
});
