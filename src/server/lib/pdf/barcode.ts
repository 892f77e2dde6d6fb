// A Code 128 barcode in a PDF (issue 20): bwip-js draws the bars as a PNG at a whole number of
// pixels per module, with a white background and a quiet zone of 10 modules on each side (what
// scanners need to find the start), and pdf-lib places it scaled to the box. The human-readable
// text is the caller's (drawn with the document's font).
import bwipjs from "bwip-js/node";
import type { PDFDocument, PDFPage } from "pdf-lib";

export interface BarcodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The PNG bwip-js makes for `text` (Code 128, 3 px per module, quiet zones, white background). */
export function code128Png(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: "code128",
    text,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: "FFFFFF",
  });
}

/**
 * Draws the Code 128 of `text` inside the box: as wide as the box allows, never wider, keeping
 * the bars' proportions (an image stretched only in width keeps every module the same width).
 */
export async function drawCode128(doc: PDFDocument, page: PDFPage, text: string, box: BarcodeBox): Promise<void> {
  const image = await doc.embedPng(await code128Png(text));
  page.drawImage(image, { x: box.x, y: box.y, width: box.width, height: box.height });
}
