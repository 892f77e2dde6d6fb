// The PDF helpers: text that cannot be encoded never crashes a document, text never leaves its
// box, and the Code 128 drawn into a page reads back with a barcode reader.
import { describe, expect, it, vi } from "vitest";
import { PDFDocument } from "pdf-lib";
import { PAGE_SIZES, createPdf, drawFittedText, drawWrappedText, mm, pdfSafeText, truncateToWidth, wrapLines } from "./document";
import { drawCode128 } from "./barcode";
import { visualRuns } from "./bidi";
import { FONT_CHAINS } from "./fonts";
import { readPdfBarcodes } from "../../test/pdf-barcodes";

describe("pdfSafeText", () => {
  it("keeps every script the fonts cover and ₡, replaces what no font has with \uFFFD and control characters with spaces", async () => {
    const { fonts } = await createPdf({ title: "t", author: "a" });
    expect(fonts.regular.safe("Muñoz Ávila, Güell ¿sí? ¡ya! ₡ € Ő Łódź 中文 דוד محمد")).toBe("Muñoz Ávila, Güell ¿sí? ¡ya! ₡ € Ő Łódź 中文 דוד محمد");
    expect(fonts.regular.safe("😀\u0007x\u200b한")).toBe("\uFFFD x\u200b\uFFFD");
    // Decomposed input is composed; a mark with no precomposed letter stays a mark.
    expect(fonts.regular.safe("Nguye\u0302\u0303n Ba\u0331ez")).toBe("Nguyễn Ba\u0331ez");
    // The document's metadata keeps to WinAnsi.
    expect(pdfSafeText("Łódź 中文")).toBe("?ódz ??");
  });

  it("draws a name with ñ, accents, emoji, control characters and other scripts without throwing", async () => {
    const { doc, fonts } = await createPdf({ title: "Prueba 😀", author: "Express Import" });
    const page = doc.addPage(PAGE_SIZES.LABEL_100X150);
    const name = "José Peña 😀🚚 \u0000\u0007 Ωμέγα 漢字 \uD800 ﷽";
    expect(() => drawFittedText(page, name, { x: 10, y: 100, maxWidth: 200, size: 14, minSize: 8, font: fonts.bold })).not.toThrow();
    expect(() => drawWrappedText(page, name.repeat(5), { x: 10, y: 60, maxWidth: 200, size: 10, font: fonts.regular, maxLines: 2 })).not.toThrow();
    const bytes = await doc.save();
    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getPageCount()).toBe(1);
    expect(loaded.getTitle()).toBe("Prueba ?");
  });
});

describe("right-to-left runs", () => {
  const order = (text: string) => visualRuns(text, FONT_CHAINS.regular).map((r) => [r.text, r.level]);

  it("keeps a right-to-left name whole inside a left-to-right line, each run in its font", () => {
    expect(order("Cliente: محمد علي (EX12)")).toEqual([
      ["Cliente: ", 0],
      ["محمد علي", 1],
      [" (EX12)", 0],
    ]);
    expect(order("דוד כהן 王小明")).toEqual([
      ["王小明", 2],
      // The space stays in the Hebrew run (its font has one), drawn before it once reversed.
      ["דוד כהן ", 1],
    ]);
  });

  it("puts the runs of a right-to-left line right to left, numbers kept left to right", () => {
    expect(order("صلاح الدين 45")).toEqual([
      ["45", 2],
      ["صلاح الدين ", 1],
    ]);
    expect(order("Calle محمد 12 sur")).toEqual([
      ["Calle ", 0],
      ["12", 2],
      ["محمد ", 1],
      [" sur", 0],
    ]);
  });
});

describe("text in a box", () => {
  it("shrinks and then cuts a line so it never exceeds its width", async () => {
    const { fonts } = await createPdf({ title: "t", author: "a" });
    const long = "Distribuidora Internacional de Repuestos y Accesorios Automotrices Fernández";
    const cut = truncateToWidth(long, fonts.regular, 12, 150);
    expect(cut.endsWith("…")).toBe(true);
    expect(fonts.regular.widthOfTextAtSize(cut, 12)).toBeLessThanOrEqual(150);
    expect(truncateToWidth("Corto", fonts.regular, 12, 150)).toBe("Corto");
  });

  it("wraps into at most maxLines lines, each within the width, a word longer than a line cut", async () => {
    const { fonts } = await createPdf({ title: "t", author: "a" });
    const lines = wrapLines(`Ana María ${"X".repeat(80)} Solís Fernández Araya`, fonts.regular, 10, 120, 3);
    expect(lines.length).toBe(3);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines[2].endsWith("…")).toBe(true);
    expect(wrapLines("  ", fonts.regular, 10, 120, 3)).toEqual([]);
  });
});

describe("the work a document does per text (issue 37)", () => {
  it("lays out a text once, however often it is fitted, measured and drawn", async () => {
    const { doc, fonts } = await createPdf({ title: "t", author: "a" });
    const page = doc.addPage(PAGE_SIZES.A4);
    const layout = vi.spyOn(FONT_CHAINS.regular[0].font(), "layout");
    try {
      // A manifest's cell: its natural width, the fit, the drawn width and the draw; 40 rows of the same client.
      for (let i = 0; i < 40; i++) drawFittedText(page, "María José Rodríguez", { x: 10, y: 20 + i * 15, maxWidth: 300, size: 8, minSize: 6, font: fonts.regular });
      expect(layout).toHaveBeenCalledTimes(1);
    } finally {
      layout.mockRestore();
    }
  });

  it("chooses glyphs without positioning them: the positioning-only features are off, and the glyphs and widths are those with them on", () => {
    const samples = ["AVATAR To Wa “fi” office ffl Nguyễn Thị Ánh Ba\u0331ez ₡ 1 234,50", "דוד כהן שָׁלוֹם", "محمد عبد الله صلاح", "王小明 東京"];
    const positioning = ["kern", "mark", "mkmk", "abvm", "blwm", "dist", "curs", "halt", "palt", "vhal", "vkrn", "vpal"];
    for (const source of [...FONT_CHAINS.regular, ...FONT_CHAINS.bold]) {
      const off = positioning.filter((tag) => source.features()[tag] === false);
      expect(off, source.key).not.toEqual([]);
      const withPositioning = () => Object.fromEntries(Object.entries(source.features()).filter(([tag]) => !off.includes(tag)));
      const font = source.font();
      for (const text of samples) {
        const drawn = font.layout(text, source.features()).glyphs;
        const positioned = font.layout(text, withPositioning()).glyphs;
        expect(drawn.map((g) => g.id), `${source.key}: ${text}`).toEqual(positioned.map((g) => g.id));
        expect(drawn.map((g) => g.advanceWidth)).toEqual(positioned.map((g) => g.advanceWidth));
      }
    }
  });
});

describe("Code 128", () => {
  it("reads back from the rasterised page", async () => {
    const { doc } = await createPdf({ title: "t", author: "a" });
    const page = doc.addPage(PAGE_SIZES.LABEL_100X150);
    await drawCode128(doc, page, "EIP0004242", { x: mm(5), y: mm(60), width: mm(90), height: mm(25) });
    const codes = await readPdfBarcodes(await doc.save());
    expect(codes).toEqual([["EIP0004242"]]);
  });
});
