// A public page's form sent by the browser itself, without the page's script (issue 31 item 9,
// decision 149): /contacto takes the message through the API's schema, limit and service and
// answers with a Spanish page; a form from another site is refused; every other page answers
// that nothing was sent; nothing the person typed reaches the request log.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { contactMessages } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { PUBLIC_PAGE_PATHS } from "../../../shared/page-routes";
import { CONTACT_EMAIL_INVALID, CONTACT_MENSAJE_SHORT, CONTACT_SENT_TITLE } from "../../../shared/api/contact";
import {
  FORM_CHALLENGE_NEEDS_SCRIPT,
  FORM_CROSS_SITE,
  FORM_NEEDS_SCRIPT_TITLE,
  FORM_TOO_LARGE,
  FORM_UNSUPPORTED,
} from "../../../shared/api/page-forms";
import { PAGE_FORM_BODY_LIMIT } from "./routes";

let t: TestApp;
let lastAddress = 0;
/** A fresh address per request group, so one test's contact allowance never touches another's. */
const newAddress = () => `10.31.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

/** A contact form as the browser fills it, every value unique to the call. */
function filledForm(overrides: Record<string, string> = {}): Record<string, string> {
  const id = randomUUID().slice(0, 8).replace(/\d/g, (d) => "ghijklmnop"[Number(d)]);
  return {
    nombre: `Lucía Mora ${id}`,
    email: `lucia.${id}@correo.cr`,
    telefono: "8888-1234",
    mensaje: `Quisiera cotizar el envío de una bicicleta desde Miami (${id}).`,
    ...overrides,
  };
}

/** The request a browser makes for a form with method="post" on this site. */
function postForm(
  app: TestApp,
  url: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.app.inject({
    method: "POST",
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:80",
      "sec-fetch-site": "same-origin",
      ...options.headers,
    },
    remoteAddress: options.remoteAddress ?? newAddress(),
  });
}

async function storedCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(contactMessages);
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("POST /contacto (the contact form without the page's script)", () => {
  it("stores the message as /api/contact would and answers a Spanish page that says it was sent", async () => {
    const form = filledForm({ nombre: "  Lucía Mora  " });
    const res = await postForm(t, "/contacto", form);
    // Post/redirect/get: going back or reloading the confirmation never sends it twice.
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/contacto/enviado");
    const sent = await t.app.inject({ method: "GET", url: "/contacto/enviado" });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(sent.body).toContain(`<h1>${CONTACT_SENT_TITLE}</h1>`);
    expect(sent.body).toContain('lang="es"');
    expect(sent.body).not.toContain("<script");
    const [stored] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, form.email));
    expect(stored).toMatchObject({ nombre: "Lucía Mora", telefono: "8888-1234", mensaje: form.mensaje });
  });

  it("answers the form again with the schema's Spanish errors and what was typed, escaped, and stores nothing", async () => {
    const before = await storedCount();
    const res = await postForm(t, "/contacto", filledForm({ email: "lucia-arroba", mensaje: '<b>"x"' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(CONTACT_EMAIL_INVALID);
    expect(res.body).toContain(CONTACT_MENSAJE_SHORT);
    expect(res.body).toContain('<a href="#contacto-email">');
    expect(res.body).toContain('value="lucia-arroba"');
    expect(res.body).toContain(">&lt;b&gt;&quot;x&quot;</textarea>");
    expect(res.body).not.toContain("<b>");
    // The page's form posts again to /contacto, never a GET.
    expect(res.body).toContain('<form method="post" action="/contacto"');
    expect(await storedCount()).toBe(before);
  });

  it("refuses a form sent from another site (Sec-Fetch-Site, else Origin) and stores nothing", async () => {
    const before = await storedCount();
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
      { "sec-fetch-site": "cross-site", origin: "http://localhost:80" },
    ]) {
      const res = await postForm(t, "/contacto", filledForm(), { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain(FORM_CROSS_SITE);
    }
    const withoutFetchMetadata = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/contacto",
        payload: new URLSearchParams(filledForm()).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin, host: "express.example" },
        remoteAddress: newAddress(),
      });
    expect((await withoutFetchMetadata("https://otro-sitio.example")).statusCode).toBe(403);
    expect((await withoutFetchMetadata("null")).statusCode).toBe(403);
    expect(await storedCount()).toBe(before);
    // Its own origin, without Sec-Fetch-Site (an older browser), is accepted.
    expect((await withoutFetchMetadata("http://express.example")).statusCode).toBe(303);
  });

  it("accepts the configured PUBLIC_URL as the form's origin", async () => {
    const behindProxy = await createTestApp({ env: { RATE_LIMIT: "off", PUBLIC_URL: "https://www.express.example/" } });
    try {
      // The proxy hands on its own Host; the browser's Origin is the public address.
      const direct = await behindProxy.app.inject({
        method: "POST",
        url: "/contacto",
        payload: new URLSearchParams(filledForm()).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://www.express.example", host: "10.0.0.5:3000" },
      });
      expect(direct.statusCode).toBe(303);
    } finally {
      await behindProxy.close();
    }
  });

  it("spends the API's contact allowance, shared with /api/contact, and keeps the message on the page past it", async () => {
    const address = newAddress();
    // A refused form does not use the allowance, as in the API.
    expect((await postForm(t, "/contacto", filledForm({ email: "mal" }), { remoteAddress: address })).statusCode).toBe(400);
    for (let i = 0; i < ABUSE_LIMITS.contact.limit - 1; i++) {
      expect((await postForm(t, "/contacto", filledForm(), { remoteAddress: address })).statusCode).toBe(303);
    }
    const api = await t.app.inject({ method: "POST", url: "/api/contact", payload: filledForm(), remoteAddress: address });
    expect(api.statusCode).toBe(201);
    const before = await storedCount();
    const form = filledForm();
    const blocked = await postForm(t, "/contacto", form, { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.body).toContain("Demasiados mensajes enviados. Intenta de nuevo en unos minutos.");
    expect(blocked.body).toContain(`${form.mensaje}</textarea>`);
    expect(await storedCount()).toBe(before);
  });

  it("says a challenge needs JavaScript, keeps the message and stores nothing, when the limit asks for one", async () => {
    const challenged = await createTestApp({ env: { RATE_LIMITS: JSON.stringify({ contact: { challengeAfter: 1, limit: 5 } }) } });
    try {
      expect((await postForm(challenged, "/contacto", filledForm(), { remoteAddress: "10.32.0.1" })).statusCode).toBe(303);
      const form = filledForm();
      const res = await postForm(challenged, "/contacto", form, { remoteAddress: "10.32.0.1" });
      expect(res.statusCode).toBe(428);
      expect(res.body).toContain(FORM_CHALLENGE_NEEDS_SCRIPT);
      expect(res.body).toContain(`value="${form.email}"`);
      const [row] = await challenged.ctx.db.select({ n: count() }).from(contactMessages);
      expect(Number(row.n)).toBe(1);
    } finally {
      await challenged.close();
    }
  });

  it("answers a body that is not a form, or too large, with a page; /api/contact still takes JSON only", async () => {
    const before = await storedCount();
    const json = await t.app.inject({
      method: "POST",
      url: "/contacto",
      payload: filledForm(),
      headers: { "sec-fetch-site": "same-origin" },
      remoteAddress: newAddress(),
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain(FORM_UNSUPPORTED);
    const huge = await postForm(t, "/contacto", filledForm({ mensaje: "m".repeat(PAGE_FORM_BODY_LIMIT) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(huge.body).toContain(FORM_TOO_LARGE);
    // The form parser belongs to the pages: the API still refuses a form body.
    const api = await postForm(t, "/api/contact", filledForm());
    expect(api.statusCode).toBe(415);
    expect(await storedCount()).toBe(before);
  });
});

describe("POST to the other public pages", () => {
  it("answers that the form needs JavaScript and nothing was sent, without echoing what was typed", async () => {
    const typed = { whatsapp: "+50688887777", nombre: "Ana Solís Vega", email: "ana.solis@correo.cr", clientCode: "EX4K7P2M" };
    for (const page of PUBLIC_PAGE_PATHS.filter((p) => p !== "/contacto")) {
      const res = await postForm(t, page, typed);
      expect(res.statusCode, page).toBe(200);
      expect(res.headers["content-type"], page).toBe("text/html; charset=utf-8");
      expect(res.body, page).toContain(`<h1>${FORM_NEEDS_SCRIPT_TITLE}</h1>`);
      expect(res.body, page).toContain("No enviamos ni guardamos nada");
      expect(res.body, page).toContain(`href="${page}"`);
      for (const value of Object.values(typed)) expect(res.body, page).not.toContain(value);
    }
    // Any body, even one over the form limit, gets the same page.
    const multipart = await t.app.inject({
      method: "POST",
      url: "/avisos-tracking",
      payload: `--x\r\ncontent-disposition: form-data; name="nombre"\r\n\r\n${"a".repeat(PAGE_FORM_BODY_LIMIT + 1)}\r\n--x--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain(FORM_NEEDS_SCRIPT_TITLE);
  });
});

describe("the request log", () => {
  it("holds none of the values of a form sent to a page", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const logged = await createTestApp({ deps: { logger } });
    try {
      const form = filledForm();
      expect((await postForm(logged, "/contacto", form)).statusCode).toBe(303);
      expect((await postForm(logged, "/contacto", filledForm({ email: "no-es-un-correo" }))).statusCode).toBe(400);
      expect((await postForm(logged, "/tracking-whatsapp", { whatsapp: "+50688881234", nombre: form.nombre })).statusCode).toBe(200);
      const log = lines.join("");
      expect(log).toContain("/contacto");
      for (const value of [...Object.values(form), "no-es-un-correo", "50688881234"]) expect(log).not.toContain(value);
    } finally {
      await logged.close();
    }
  });
});
