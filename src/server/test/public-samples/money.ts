// Public route samples of the "money" group (see types.ts): the SINPE receipt a client sends from
// /rastreo (POST /api/clients/payment-proofs) for a package with a balance, and the client's
// comprobantes electrónicos (list, PDF, XML) of a paid package.
import type { PublicSamples } from "./types";
import type { TestApp } from "../app";
import { addTestPackage, clientIdOf, registerTestClient } from "../clients";
import { makePng } from "../images";
import { testInvoicing } from "../hacienda";
import { issueForPayment, type InvoicingOn } from "../../modules/invoices/comprobantes";

/** A client with a paid package and its signed Tiquete (issued with test invoicing, whatever the app's own setting). */
async function clientWithComprobante(t: TestApp): Promise<{ clientCode: string; id: number }> {
  const { clientCode } = await registerTestClient(t.app);
  const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, clientCode), `FE${Date.now()}`, "LISTO_PARA_ENTREGAR", { montoColones: 5000 });
  const paid = await t.app.inject({
    method: "POST",
    url: "/api/admin/payments",
    headers: t.adminHeaders(),
    payload: { clientCode, method: "EFECTIVO", allocations: [{ trackingId: tracking.id, amountColones: 5000 }] },
  });
  const paymentId = (paid.json() as { payment: { id: number } }).payment.id;
  const made = await testInvoicing();
  try {
    const id = await t.ctx.db.transaction((tx) => issueForPayment(tx, made.invoicing as InvoicingOn, paymentId, new Date()));
    return { clientCode, id };
  } finally {
    await made.cleanup();
  }
}

export const SAMPLES: PublicSamples = {
  "POST /api/clients/payment-proofs": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, clientCode), `PP${Date.now()}`, "LISTO_PARA_ENTREGAR", { montoColones: 5000 });
    // The photo, uploaded through the public flow (its path /objects/uploads/<name>).
    const png = makePng();
    const ticket = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: png.byteLength } });
    const uploadURL = new URL((ticket.json() as { uploadURL: string }).uploadURL, "http://localhost");
    await t.app.inject({ method: "PUT", url: uploadURL.pathname + uploadURL.search, payload: png, headers: { "content-type": "image/png" } });
    const imageUrl = `/objects/uploads/${uploadURL.pathname.split("/").pop()}`;
    return { method: "POST", url: "/api/clients/payment-proofs", payload: { clientCode, trackingId: tracking.id, imageUrl, reference: "FT-12345" }, status: 201 };
  },
  "GET /api/comprobantes/:clientCode": async (t) => {
    const { clientCode } = await clientWithComprobante(t);
    return { method: "GET", url: `/api/comprobantes/${clientCode}` };
  },
  "GET /api/comprobantes/:clientCode/:id/pdf": async (t) => {
    const { clientCode, id } = await clientWithComprobante(t);
    return { method: "GET", url: `/api/comprobantes/${clientCode}/${id}/pdf` };
  },
  "GET /api/comprobantes/:clientCode/:id/xml": async (t) => {
    const { clientCode, id } = await clientWithComprobante(t);
    return { method: "GET", url: `/api/comprobantes/${clientCode}/${id}/xml` };
  },
};
