// Public route samples of the "packages" group (see types.ts): the client portal's package calls
// (the /rastreo lookup, pre-alert, edit, delete) and the WhatsApp notice form.
import type { PublicSamples } from "./types";
import type { TestApp } from "../app";
import { registerTestClient, uniquePhone } from "../clients";
import { uniqueTrackingCode } from "../app";
import { addTestInvoice, uploadTestInvoice } from "../purchase-invoices";

/** A client with one pre-alerted package (made through the portal's own call). */
async function clientWithPackage(t: TestApp): Promise<{ clientCode: string; id: number }> {
  const { clientCode } = await registerTestClient(t.app);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients/trackings",
    payload: { clientCode, trackingCode: uniqueTrackingCode("SAMPLE") },
  });
  if (res.statusCode !== 201) throw new Error(`pre-alert failed: ${res.statusCode} ${res.body}`);
  return { clientCode, id: res.json<{ id: number }>().id };
}

export const SAMPLES: PublicSamples = {
  // The lookup answers kept bytes (the serializer does not run): the test holds them to the schema.
  "GET /api/clients/trackings": async (t) => {
    const { clientCode } = await clientWithPackage(t);
    return { method: "GET", url: `/api/clients/trackings?code=${clientCode}` };
  },
  "POST /api/clients/trackings": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return {
      method: "POST",
      url: "/api/clients/trackings",
      payload: { clientCode, trackingCode: uniqueTrackingCode("SAMPLE"), descripcionPaquete: "Audífonos", valorDeclarado: 49.99, tiendaOrigen: "Amazon" },
      status: 201,
    };
  },
  "PATCH /api/clients/trackings/:id": async (t) => {
    const { clientCode, id } = await clientWithPackage(t);
    return {
      method: "PATCH",
      url: `/api/clients/trackings/${id}`,
      payload: { clientCode, trackingCode: uniqueTrackingCode("EDIT"), origen: "CHINA", formaEnvio: "BARCO" },
    };
  },
  "DELETE /api/clients/trackings/:id": async (t) => {
    const { clientCode, id } = await clientWithPackage(t);
    return { method: "DELETE", url: `/api/clients/trackings/${id}`, payload: { clientCode } };
  },
  // The purchase invoice (issue 36 item 2): attached later, and opened by its client.
  "PUT /api/clients/trackings/:id/factura": async (t) => {
    const { clientCode, id } = await clientWithPackage(t);
    return { method: "PUT", url: `/api/clients/trackings/${id}/factura`, payload: { clientCode, factura: await uploadTestInvoice(t) } };
  },
  "GET /api/clients/trackings/:id/factura": async (t) => {
    const { clientCode, id } = await clientWithPackage(t);
    await addTestInvoice(t, id);
    return { method: "GET", url: `/api/clients/trackings/${id}/factura?code=${clientCode}` };
  },
  "POST /api/tracking/whatsapp/add": async () => ({
    method: "POST",
    url: "/api/tracking/whatsapp/add",
    payload: { whatsapp: `+506${uniquePhone()}`, nombre: "Ana María Solís", trackingCodes: [uniqueTrackingCode("1Z")] },
  }),
};
