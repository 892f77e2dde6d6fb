// Public route samples of the "access" group (see types.ts): a protected account's sign-in by a
// WhatsApp code (issue 36 item 3, decision 216). The app of the all-routes test sends nothing, so
// these samples give its messaging provider a sender that keeps the last code instead.
import type { TestApp } from "../app";
import type { PublicSamples } from "./types";
import { registerTestClient } from "../clients";

/** Asks a code for a new client and returns it with the browser's cookie header. */
async function codeAsked(t: TestApp): Promise<{ clientCode: string; code: string; cookie: string }> {
  let code = "";
  Object.assign(t.ctx.providers.messaging, {
    sendSignInCode: async (_to: string, sent: string) => {
      code = sent;
      return { providerMessageId: null };
    },
  });
  const { clientCode } = await registerTestClient(t.app);
  const res = await t.app.inject({ method: "POST", url: "/api/cuenta/codigo", payload: { clientCode } });
  if (res.statusCode !== 200) throw new Error(`code not sent: ${res.statusCode} ${res.body}`);
  const cookie = [res.headers["set-cookie"] ?? []].flat().map((c) => String(c).split(";")[0]).join("; ");
  return { clientCode, code, cookie };
}

/** A client signed in from a browser: its code and that browser's cookie header. */
async function signedIn(t: TestApp): Promise<{ clientCode: string; cookie: string }> {
  const { clientCode, code, cookie } = await codeAsked(t);
  const res = await t.app.inject({ method: "POST", url: "/api/cuenta/ingresar", headers: { cookie }, payload: { clientCode, codigo: code } });
  if (res.statusCode !== 200) throw new Error(`not signed in: ${res.statusCode} ${res.body}`);
  const session = [res.headers["set-cookie"] ?? []].flat().map((c) => String(c).split(";")[0]);
  return { clientCode, cookie: [cookie, ...session].join("; ") };
}

export const SAMPLES: PublicSamples = {
  "GET /api/cuenta/:clientCode": async (t) => {
    const { clientCode, cookie } = await signedIn(t);
    return { method: "GET", url: `/api/cuenta/${clientCode}`, headers: { cookie } };
  },
  "GET /api/cuenta/:clientCode/estados": async (t) => {
    const { clientCode } = await signedIn(t);
    return { method: "GET", url: `/api/cuenta/${clientCode}/estados` };
  },
  "POST /api/cuenta/codigo": async (t) => {
    await codeAsked(t);
    const { clientCode } = await registerTestClient(t.app);
    return { method: "POST", url: "/api/cuenta/codigo", payload: { clientCode } };
  },
  "POST /api/cuenta/ingresar": async (t) => {
    const { clientCode, code, cookie } = await codeAsked(t);
    return { method: "POST", url: "/api/cuenta/ingresar", headers: { cookie }, payload: { clientCode, codigo: code } };
  },
  "POST /api/cuenta/salir": async (t) => {
    const { clientCode, cookie } = await signedIn(t);
    return { method: "POST", url: "/api/cuenta/salir", headers: { cookie }, payload: { clientCode } };
  },
  "POST /api/cuenta/salir-otros": async (t) => {
    const { clientCode, cookie } = await signedIn(t);
    return { method: "POST", url: "/api/cuenta/salir-otros", headers: { cookie }, payload: { clientCode } };
  },
};
