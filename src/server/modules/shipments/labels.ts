// Package labels (issue 20, docs/decisions/131): one label per received package, with the Code
// 128 of packageLabelCode(id) that every scan field finds again (modules/warehouse/scan.ts),
// the client code (large) and name, tracking number, carrier, weight (g) or cubic feet, the
// shipment's guide when it has one, the day it was received and the brand. Thermal: one
// 100 × 150 mm page per label; A4: a grid of 2 × 3 labels per sheet with cut lines.
import { eq, inArray } from "drizzle-orm";
import type { PDFDocument, PDFPage } from "pdf-lib";
import type { DbOrTx } from "../../db/client";
import { clientTrackings, clients, shipments } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { GREY, PAGE_SIZES, createPdf, drawFittedText, drawWrappedText, mm, type PdfFonts } from "../../lib/pdf/document";
import { drawCode128 } from "../../lib/pdf/barcode";
import { packageLabelCode } from "../../../shared/domain/warehouse";
import { formatDate, formatQuantity, formatWholeNumber } from "../../../shared/domain/format";
import { LABELS_NOT_FOUND, LABELS_PER_A4, labelsNotReceived, type LabelFormat } from "../../../shared/api/admin/labels";
import { SHIPMENT_GUIDE_LABELS } from "../../../shared/api/admin/shipments";
import type { ShippingType } from "../../../shared/domain/statuses";

interface LabelData {
  id: number;
  trackingCode: string;
  carrier: string | null;
  clientCode: string;
  clientName: string;
  formaEnvio: ShippingType;
  pesoGramos: number | null;
  pieCubicos: number | null;
  receivedAt: Date;
  shipmentGuide: string | null;
}

/** The packages of `ids`, in that order; 404 when one does not exist, 409 when one was not received. */
async function labelData(db: DbOrTx, ids: number[]): Promise<LabelData[]> {
  const rows = await db
    .select({
      id: clientTrackings.id,
      trackingCode: clientTrackings.trackingCode,
      carrier: clientTrackings.carrier,
      clientCode: clients.clientCode,
      clientName: clients.nombre,
      formaEnvio: clientTrackings.formaEnvio,
      pesoGramos: clientTrackings.pesoGramos,
      pieCubicos: clientTrackings.pieCubicos,
      receivedAt: clientTrackings.receivedAt,
      shipmentGuide: shipments.numeroGuia,
    })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .leftJoin(shipments, eq(shipments.id, clientTrackings.shipmentId))
    .where(inArray(clientTrackings.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(LABELS_NOT_FOUND);
    if (!row.receivedAt) throw conflict(labelsNotReceived(row.trackingCode));
    return { ...row, formaEnvio: row.formaEnvio as ShippingType, receivedAt: row.receivedAt };
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function measure(label: LabelData): string {
  if (label.formaEnvio === "BARCO") return label.pieCubicos === null ? "Pies cúbicos: —" : `${formatQuantity(label.pieCubicos, 3)} pies³`;
  return label.pesoGramos === null ? "Peso: —" : `${formatWholeNumber(label.pesoGramos)} g`;
}

/** One label inside `box` (top-down: brand, client code, name, barcode, facts); a tall box (thermal) gets larger type. */
async function drawLabel(doc: PDFDocument, page: PDFPage, fonts: PdfFonts, box: Box, label: LabelData, brand: string): Promise<void> {
  const k = box.height > mm(120) ? 1.3 : 1;
  const pad = mm(4);
  const x = box.x + pad;
  const w = box.width - 2 * pad;
  let y = box.y + box.height - pad - 10 * k;
  drawFittedText(page, brand, { x, y, maxWidth: w * 0.6, size: 10 * k, minSize: 7, font: fonts.bold });
  drawFittedText(page, formatDate(label.receivedAt), { x, y, maxWidth: w, size: 9 * k, font: fonts.regular, align: "right", color: GREY });
  y -= 36 * k;
  drawFittedText(page, label.clientCode, { x, y, maxWidth: w, size: 36 * k, minSize: 18, font: fonts.bold });
  y -= 16 * k;
  y = drawWrappedText(page, label.clientName, { x, y, maxWidth: w, size: 12 * k, font: fonts.regular, maxLines: 2 });
  const code = packageLabelCode(label.id);
  const barHeight = Math.min(Math.max(box.height * 0.22, mm(16)), mm(30));
  y -= barHeight - 4;
  await drawCode128(doc, page, code, { x, y, width: w, height: barHeight });
  y -= 11 * k;
  drawFittedText(page, code, { x, y, maxWidth: w, size: 9 * k, font: fonts.regular, align: "center" });
  y -= 20 * k;
  drawFittedText(page, label.trackingCode, { x, y, maxWidth: w, size: 13 * k, minSize: 7, font: fonts.bold });
  y -= 15 * k;
  drawFittedText(page, `${label.carrier ?? "Carrier desconocido"} · ${measure(label)}`, { x, y, maxWidth: w, size: 11 * k, minSize: 7, font: fonts.regular });
  if (label.shipmentGuide) {
    y -= 14 * k;
    drawFittedText(page, `${SHIPMENT_GUIDE_LABELS[label.formaEnvio]}: ${label.shipmentGuide}`, { x, y, maxWidth: w, size: 10 * k, minSize: 7, font: fonts.regular });
  }
}

/** The labels of `ids` as one PDF (see the header). */
export async function labelsPdf(db: DbOrTx, ids: number[], format: LabelFormat, brand: string): Promise<Uint8Array> {
  const labels = await labelData(db, ids);
  const { doc, fonts } = await createPdf({ title: labels.length === 1 ? `Etiqueta ${labels[0].trackingCode}` : `Etiquetas (${labels.length})`, author: brand });
  if (format === "termica") {
    const [width, height] = PAGE_SIZES.LABEL_100X150;
    for (const label of labels) {
      const page = doc.addPage([width, height]);
      await drawLabel(doc, page, fonts, { x: 0, y: 0, width, height }, label, brand);
    }
  } else {
    const [width, height] = PAGE_SIZES.A4;
    const margin = mm(8);
    const cols = 2;
    const rows = LABELS_PER_A4 / cols;
    const cellW = (width - 2 * margin) / cols;
    const cellH = (height - 2 * margin) / rows;
    for (let start = 0; start < labels.length; start += LABELS_PER_A4) {
      const page = doc.addPage([width, height]);
      const sheet = labels.slice(start, start + LABELS_PER_A4);
      for (let i = 0; i < sheet.length; i++) {
        const box = { x: margin + (i % cols) * cellW, y: height - margin - (Math.floor(i / cols) + 1) * cellH, width: cellW, height: cellH };
        page.drawRectangle({ ...box, borderColor: GREY, borderWidth: 0.4, borderDashArray: [3, 3] });
        await drawLabel(doc, page, fonts, box, sheet[i], brand);
      }
    }
  }
  return doc.save();
}
