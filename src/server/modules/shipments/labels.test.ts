// Labels (issue 20): the Code 128 on a label PDF, rasterised with pdftoppm and read with
// zxing-wasm, is packageLabelCode(id), and the one scan lookup finds the package from it; thermal
// (one 100 × 150 mm page per label) and A4 (6 per sheet). Limits and unknown ids in Spanish.
import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { useTestApp } from "../../test/app";
import { addReceivedPackages, addTestShipment } from "../../test/shipments";
import { readPdfBarcodes } from "../../test/pdf-barcodes";
import { resolveScan } from "../warehouse/scan";
import { packageLabelCode } from "../../../shared/domain/warehouse";
import { LABELS_IDS_INVALID, LABELS_MAX, LABELS_NOT_FOUND, labelsNotReceived } from "../../../shared/api/admin/labels";
import { clients } from "../../db/schema";
import { eq } from "drizzle-orm";

const t = useTestApp();

const labels = (query: string) => t.app.inject({ method: "GET", url: `/api/admin/labels?${query}`, headers: t.adminHeaders() });

describe("labels", () => {
  it("thermal: one page per package whose barcode reads back to the package", async () => {
    const packages = await addReceivedPackages(t.ctx.db, 2, { names: ["José Peña 😀 \u0007 Ωμέγα Distribuidora Internacional de Repuestos"] });
    await addTestShipment(t.ctx.db, { trackingIds: [packages[0].id] });
    const res = await labels(`ids=${packages.map((p) => p.id).join(",")}&format=termica`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round((w * 25.4) / 72), Math.round((h * 25.4) / 72)]).toEqual([100, 150]);
    const codes = await readPdfBarcodes(res.rawPayload);
    expect(codes).toEqual(packages.map((p) => [packageLabelCode(p.id)]));
    for (const [i, [text]] of codes.entries()) {
      const scan = await resolveScan(t.ctx.db, text);
      expect(scan.packages.map((p) => p.id)).toEqual([packages[i].id]);
    }
  }, 60_000);

  it("A4: six labels per sheet, every barcode readable", async () => {
    const packages = await addReceivedPackages(t.ctx.db, 7, { formaEnvio: "BARCO" });
    const res = await labels(`ids=${packages.map((p) => p.id).join(",")}&format=a4`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const codes = await readPdfBarcodes(res.rawPayload);
    expect(codes[0].sort()).toEqual(packages.slice(0, 6).map((p) => packageLabelCode(p.id)).sort());
    expect(codes[1]).toEqual([packageLabelCode(packages[6].id)]);
    const scan = await resolveScan(t.ctx.db, codes[1][0]);
    expect(scan.packages[0]).toMatchObject({ id: packages[6].id, clientCode: (await t.ctx.db.select().from(clients).where(eq(clients.id, packages[6].clientId)))[0].clientCode });
  }, 60_000);

  it("refuses bad ids, too many, unknown and not received packages in Spanish", async () => {
    const [received] = await addReceivedPackages(t.ctx.db, 1);
    const [waiting] = await addReceivedPackages(t.ctx.db, 1, { received: false });
    for (const query of ["ids=", "ids=a,b", "ids=0", `ids=${Array.from({ length: LABELS_MAX + 1 }, (_, i) => i + 1).join(",")}`]) {
      const res = await labels(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(LABELS_IDS_INVALID);
    }
    expect((await labels(`ids=${received.id}&format=carta`)).statusCode).toBe(400);
    const unknown = await labels(`ids=${received.id},2000000000`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LABELS_NOT_FOUND);
    const notReceived = await labels(`ids=${waiting.id}`);
    expect(notReceived.statusCode).toBe(409);
    expect(notReceived.json().message).toBe(labelsNotReceived(waiting.trackingCode));
  });
});
