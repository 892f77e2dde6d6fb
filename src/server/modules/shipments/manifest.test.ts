// The PDF manifest of a shipment of many rows, read back with poppler's pdftotext (issue 37: the
// manifest was made faster, and this proves it still holds the same text): every package's row
// once, in order, on the page it belongs to, with the header and "Página k de n" on every page,
// names in other scripts as written, and the totals row on the last page only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MANIFEST_ROWS_PER_PAGE, manifestPageCount, manifestPdf } from "./manifest";
import { MANIFEST_TOTAL, type TShipmentDetail, type TShipmentPackage } from "../../../shared/api/admin/shipments";
import { formatWholeNumber } from "../../../shared/domain/format";

const work = mkdtempSync(path.join(os.tmpdir(), "manifest-pdf-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each page's lines as pdftotext -layout reads them: direction marks dropped, every run of spaces one space. */
function pagesOf(bytes: Uint8Array): string[][] {
  const file = path.join(work, "manifiesto.pdf");
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] }).toString("utf8");
  const pages = text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").normalize("NFC").split("\f");
  if (pages.at(-1)?.trim() === "") pages.pop();
  return pages.map((page) => page.split("\n").map((line) => line.replace(/[\s\u00a0\u202f]+/g, " ").trim()).filter(Boolean));
}

const NAMES = ["María José Rodríguez", "محمد عبد الله", "דוד כהן", "王小明", "Nguyễn Thị Ánh", "Zoë Ba\u0331ez"];

function detail(count: number): TShipmentDetail {
  const packages: TShipmentPackage[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    trackingCode: `1Z999AA1${10_000_000 + i}`,
    carrier: "UPS",
    clientCode: `EX${10_000 + (i % 40)}`,
    clientName: NAMES[i % NAMES.length],
    descripcion: `Repuestos ${i}`,
    tiendaOrigen: "Amazon",
    estado: "EN_BODEGA_MIAMI",
    origen: "USA",
    formaEnvio: "AVION",
    pesoGramos: 1000 + i,
    pieCubicos: 0.5,
    valorDeclarado: 10,
    receivedAt: null,
    factura: null,
  }));
  return {
    shipment: {
      id: 7,
      formaEnvio: "AVION",
      numeroGuia: "AWB-123-45678901",
      transporte: "AV 601",
      fecha: "2026-11-26",
      estado: "CERRADO",
      notas: null,
      createdAt: "2026-11-26T12:00:00.000Z",
      closedAt: "2026-11-26T13:00:00.000Z",
      nextMove: "EN_ADUANAS",
      totals: { piezas: count, gramos: packages.reduce((sum, p) => sum + (p.pesoGramos ?? 0), 0), pieCubicos: count * 0.5, valorDeclaradoUsd: count * 10, montoColones: 0 },
    },
    packages,
  };
}

describe("the PDF manifest of many rows", () => {
  it("reads back every row once, in order, on its page, with the header on every page and the totals last", { timeout: 120_000 }, async () => {
    const count = 3 * MANIFEST_ROWS_PER_PAGE + 5;
    const shipment = detail(count);
    const pages = pagesOf(await manifestPdf(shipment, "Express Import"));
    const total = manifestPageCount(count);
    expect(total).toBe(4);
    expect(pages.length).toBe(total);

    const rowLine = /^(\d+) (EX\d+) /;
    const seen: number[] = [];
    for (const [n, lines] of pages.entries()) {
      expect(lines[0]).toBe(`Manifiesto de embarque · Express Import Página ${n + 1} de ${total}`);
      expect(lines.some((l) => l.includes("Guía aérea: AWB-123-45678901"))).toBe(true);
      expect(lines.some((l) => l.startsWith("# Código cliente Cliente Tracking"))).toBe(true);
      const rows = lines.filter((l) => rowLine.test(l));
      const first = n * MANIFEST_ROWS_PER_PAGE;
      expect(rows.length).toBe(Math.min(MANIFEST_ROWS_PER_PAGE, count - first));
      for (const line of rows) {
        const i = Number(rowLine.exec(line)![1]) - 1;
        const p = shipment.packages[i];
        seen.push(i);
        expect(line).toContain(` ${p.clientCode} `);
        expect(line).toContain(` ${p.trackingCode} UPS Repuestos ${i} 1 ${formatWholeNumber(p.pesoGramos!).replace(/\s/g, " ")} 0,5 10,00 Amazon No`);
        // A right-to-left name's words come out in their own order; every other name as written.
        const name = p.clientName.normalize("NFC");
        if (/[\u0590-\u06ff]/.test(name)) for (const word of name.split(" ")) expect(line).toContain(word);
        else expect(line).toContain(` ${name} `);
      }
      const totals = lines.filter((l) => l.startsWith(`${MANIFEST_TOTAL} `));
      expect(totals.length).toBe(n === total - 1 ? 1 : 0);
    }
    expect(seen).toEqual(shipment.packages.map((_, i) => i));
    const last = pages[total - 1].find((l) => l.startsWith(`${MANIFEST_TOTAL} `));
    const grams = formatWholeNumber(shipment.shipment.totals.gramos).replace(/\s/g, " ");
    expect(last).toBe(`${MANIFEST_TOTAL} ${formatWholeNumber(count)} ${grams} ${String(count * 0.5).replace(".", ",")} ${formatWholeNumber(count * 10)},00`);
  });
});
