// Public route samples of the "site" group (see types.ts): coupons, referrals, contact, the
// calculator's helpers, health, seo, challenge, parts and product assistants, page forms.
import type { PublicSamples } from "./types";
import { registerTestClient } from "../clients";
import { makePng } from "../images";
import { TEST_WHATSAPP_APP_SECRET, TEST_WHATSAPP_VERIFY_TOKEN } from "../app";
import { webhookSignature } from "../../modules/whatsapp-webhook/signature";

const webhookSample = JSON.stringify({ object: "whatsapp_business_account", entry: [] });

export const SAMPLES: PublicSamples = {
  "GET /api/whatsapp/webhook": async () => ({
    method: "GET",
    url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
  }),
  "POST /api/whatsapp/webhook": async () => ({
    method: "POST",
    url: "/api/whatsapp/webhook",
    payload: webhookSample,
    headers: { "content-type": "application/json", "x-hub-signature-256": webhookSignature(webhookSample, TEST_WHATSAPP_APP_SECRET) },
  }),
  "GET /api/coupons/:clientCode": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "GET", url: `/api/coupons/${clientCode}` };
  },
  "GET /api/referrals/:clientCode": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "GET", url: `/api/referrals/${clientCode}` };
  },
  "GET /api/health": async () => ({ method: "GET", url: "/api/health" }),
  "GET /api/exchange-rate": async () => ({ method: "GET", url: "/api/exchange-rate" }),
  "GET /api/challenge": async () => ({ method: "GET", url: "/api/challenge?price=2" }),
  "POST /api/contact": async () => ({
    method: "POST",
    url: "/api/contact",
    payload: { nombre: "María Pérez", email: "maria@example.com", telefono: "8888-8888", mensaje: "Quisiera saber cuánto cuesta traer un paquete." },
    status: 201,
  }),
  "POST /api/product-analysis": async () => ({
    method: "POST",
    url: "/api/product-analysis",
    payload: { description: "Audífonos inalámbricos con estuche de carga" },
  }),
  "POST /api/parts-assistant": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "POST", url: "/api/parts-assistant", payload: { clientCode, marca: "Toyota", modelo: "Corolla", anio: 2015, parte: "Filtro de aceite" } };
  },
  "POST /api/upload/image-url": async () => ({ method: "POST", url: "/api/upload/image-url", payload: { size: 1024 } }),
  "PUT /api/upload/objects/:name": async (t) => {
    const png = makePng();
    const asked = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: png.byteLength } });
    const { uploadURL } = asked.json() as { uploadURL: string };
    const url = new URL(uploadURL, "http://localhost");
    return { method: "PUT", url: url.pathname + url.search, payload: png, headers: { "content-type": "image/png" } };
  },
};
