// Issue 31 item 11 (decision 151): receipts and labels print names as written — Arabic, Hebrew,
// Chinese, letters with combining marks — and the colón sign "₡", read back with poppler's
// pdftotext; and the PDFs stay small, since each embeds only the glyphs it draws (the Noto fonts
// whole would be over 1 MB for Latin alone, and 8 MB for Chinese).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiptPdf } from "../../modules/payments/receipt";
import { labelsPdf } from "../../modules/shipments/labels";
import type { TPayment } from "../../../shared/api/admin/payments";
import { formatColones } from "../../../shared/domain/format";
import { createTestDatabase, type TestDatabase } from "../database";
import { addReceivedPackages } from "../shipments";

const NAMES = {
  arabic: "محمد عبد الله",
  hebrew: "דוד כהן",
  chinese: "王小明",
  // Typed decomposed (as some keyboards send it): "Nguyễn Thị Ánh" once composed.
  vietnamese: "Nguye\u0302\u0303n Thi\u0323 A\u0301nh",
  // "a̱" has no precomposed letter: the mark stays a combining character.
  marks: "Zoë Ba\u0331ez",
};

/** Bytes a receipt or a label may take, whatever the scripts in it. */
const MAX_BYTES = 120_000;

const work = mkdtempSync(path.join(os.tmpdir(), "pdf-names-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The PDF's text as poppler extracts it, without the direction marks it wraps right-to-left lines in, composed. */
function pdfText(bytes: Uint8Array, name: string): string {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").normalize("NFC");
}

function payment(clientName: string, descriptions: string[]): TPayment {
  return {
    id: 1,
    receiptNumber: "R-000123",
    clientCode: "EX12345",
    clientName,
    method: "EFECTIVO",
    reference: null,
    amountColones: 152500,
    paidAt: "2026-03-02T15:04:00.000Z",
    recordedByName: "Laura Oficina",
    reversedAt: null,
    reversedByName: null,
    reversalReason: null,
    reversalCountedOn: null,
    paidAtReason: null,
    trackingCodes: descriptions.map((_, i) => `TBA00${i}`),
    clientId: 1,
    currency: "CRC",
    notas: `Recibido de ${clientName}`,
    createdAt: "2026-03-02T15:04:00.000Z",
    proofId: null,
    allocations: descriptions.map((descripcion, i) => ({
      trackingId: i + 1,
      trackingCode: `TBA00${i}`,
      descripcion,
      amountColones: i === 0 ? 150000 : 500,
      totalColones: 150000,
      pagadoColones: 150000,
      saldoColones: 0,
    })),
  };
}

describe("names in every script on receipts and labels", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a receipt prints each name exactly and the amounts with ₡, in a small PDF", { timeout: 120_000 }, async () => {
    for (const [script, name] of Object.entries(NAMES)) {
      const bytes = await receiptPdf(payment(name, ["Repuestos"]), { name: "Express Import", addressLine: "Grecia, Alajuela", phoneDisplay: "2444-0000", legalId: "3-101-000000" });
      const text = pdfText(bytes, `recibo-${script}`);
      expect(text, script).toContain(name.normalize("NFC"));
      expect(text, script).toContain(`Recibido de ${name.normalize("NFC")}`);
      expect(text.replace(/[\u00a0\u202f]/g, " ")).toContain(formatColones(152500).replace(/[\u00a0\u202f]/g, " "));
      expect(text).toMatch(/₡\s?152/);
      expect(text).not.toContain("?");
      expect(text).not.toContain("¢");
      expect(bytes.length, script).toBeLessThan(MAX_BYTES);
    }
    // Every script in one receipt, regular and bold: each font embedded once, as a subset.
    const all = await receiptPdf(payment(NAMES.arabic, [NAMES.hebrew, NAMES.chinese, NAMES.vietnamese, NAMES.marks]), {
      name: "Express Import",
      addressLine: "Grecia, Alajuela",
      phoneDisplay: "2444-0000",
      legalId: "3-101-000000",
    });
    const text = pdfText(all, "recibo-todos");
    for (const name of Object.values(NAMES)) expect(text).toContain(name.normalize("NFC"));
    expect(all.length).toBeLessThan(MAX_BYTES);
  });

  it("a label prints each name exactly, in a small PDF", { timeout: 120_000 }, async () => {
    const names = Object.values(NAMES);
    const packages = await addReceivedPackages(database.db, names.length, { names, clients: names.length });
    for (const [i, pkg] of packages.entries()) {
      const bytes = await labelsPdf(database.db, [pkg.id], "termica", "Express Import");
      const text = pdfText(bytes, `etiqueta-${i}`);
      expect(text, names[i]).toContain(names[i].normalize("NFC"));
      expect(bytes.length, names[i]).toBeLessThan(MAX_BYTES);
    }
    const sheet = await labelsPdf(database.db, packages.map((p) => p.id), "a4", "Express Import");
    const text = pdfText(sheet, "etiquetas-a4");
    for (const name of names) expect(text).toContain(name.normalize("NFC"));
    expect(sheet.length).toBeLessThan(MAX_BYTES);
  });
});
