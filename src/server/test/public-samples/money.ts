// Public route samples of the "money" group (see types.ts): the SINPE receipt a client sends from
// /rastreo (POST /api/clients/payment-proofs) for a package with a balance.
import type { PublicSamples } from "./types";
import { addTestPackage, clientIdOf, registerTestClient } from "../clients";
import { makePng } from "../images";

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
};
