// Control characters in text fields (issue 15, item 6): NUL (which PostgreSQL's text type
// refuses) and the other C0 controls, DEL, C1 controls, Unicode line separators and bidi
// overrides are refused by the shared text rules with a Spanish 400 on every route that takes
// text, instead of reaching the database and answering 500. Runs on PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../app";
import { rowsOf } from "../../lib/rate-limiter";

const t = useTestApp();

let serial = 0;
const phone = () => `8${String(2_000_000 + ++serial * 7919).padStart(7, "0").slice(-7)}`;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await t.ctx.db.execute(query))[0];
}

async function fixtures() {
  const registered = await t.app.inject({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Ana Pérez Solís", direccion: "Grecia centro, 100 m al sur del parque", telefono: phone() },
  });
  expect(registered.statusCode).toBe(201);
  const clientCode: string = registered.json().client.clientCode;
  const trackingCode = code("CC");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/trackings",
    headers: t.adminHeaders(),
    payload: { clientCode, trackingCode },
  });
  expect(created.statusCode).toBe(201);
  const notice = await t.app.inject({
    method: "POST",
    url: "/api/tracking-notices",
    headers: t.adminHeaders(),
    payload: { clienteNombre: "Luis Mora", descripcionPaquete: "Zapatos" },
  });
  expect(notice.statusCode).toBeLessThan(300);
  const entryCode = code("WA");
  const whatsapp = `+506${phone()}`;
  const entry = await t.app.inject({
    method: "POST",
    url: "/api/tracking/whatsapp/add",
    payload: { whatsapp, nombre: "María Rodríguez", trackingCodes: [entryCode] },
  });
  expect(entry.statusCode).toBe(200);
  return {
    clientCode,
    trackingId: Number((await one<{ id: number }>(sql`select id from client_trackings where tracking_code = ${trackingCode}`)).id),
    noticeId: Number((await one<{ id: number }>(sql`select max(id) as id from tracking_notices`)).id),
    entryId: Number((await one<{ id: number }>(sql`select max(id) as id from whatsapp_tracking_entries`)).id),
  };
}

/** NUL, another C0 control, DEL, a C1 control, a line separator and a bidi override. */
const CONTROLS = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u2028", "\u202e"];

type Fx = Awaited<ReturnType<typeof fixtures>>;
interface RouteCase {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  url: (f: Fx) => string;
  admin: boolean;
  body: (f: Fx) => Record<string, unknown>;
  fields: string[];
}

const ROUTES: RouteCase[] = [
  {
    name: "WhatsApp notice form",
    method: "POST",
    url: () => "/api/tracking/whatsapp/add",
    admin: false,
    body: () => ({ whatsapp: `+506${phone()}`, nombre: "María Rodríguez", email: "maria@example.com", trackingCodes: [code("WB")] }),
    fields: ["nombre", "email", "trackingCodes.0"],
  },
  {
    name: "legacy notice, new",
    method: "POST",
    url: () => "/api/tracking-notices",
    admin: true,
    body: () => ({
      clienteNombre: "Luis Mora",
      clienteEmail: "luis@example.com",
      clienteTelefono: "8888-7777",
      descripcionPaquete: "Zapatos",
      tiendaOrigen: "Amazon",
      notasCliente: "Frágil",
    }),
    fields: ["clienteNombre", "clienteEmail", "clienteTelefono", "descripcionPaquete", "tiendaOrigen", "notasCliente"],
  },
  {
    name: "legacy notice, edit",
    method: "PUT",
    url: (f) => `/api/tracking-notices/${f.noticeId}`,
    admin: true,
    body: () => ({ estado: "PENDIENTE", notas: "Llamar antes", trackingIdAsignado: "EIC123", fechaEstimada: "2030-01-01" }),
    fields: ["notas", "trackingIdAsignado", "fechaEstimada"],
  },
  {
    name: "WhatsApp entry status",
    method: "PATCH",
    url: (f) => `/api/tracking/whatsapp/entries/${f.entryId}`,
    admin: true,
    body: () => ({ estado: "EN_TRANSITO", notas: "Salió de Miami" }),
    fields: ["notas"],
  },
  {
    name: "admin package, new",
    method: "POST",
    url: () => "/api/admin/trackings",
    admin: true,
    body: (f) => ({
      clientCode: f.clientCode,
      trackingCode: code("AN"),
      descripcionPaquete: "Audífonos",
      carrier: "UPS",
      tiendaOrigen: "Amazon",
      notas: "Revisar peso",
    }),
    fields: ["descripcionPaquete", "carrier", "tiendaOrigen", "notas"],
  },
  {
    name: "admin package, edit",
    method: "PATCH",
    url: (f) => `/api/admin/trackings/${f.trackingId}`,
    admin: true,
    body: () => ({ descripcionPaquete: "Audífonos", carrier: "UPS", tiendaOrigen: "Amazon", notas: "Revisar peso" }),
    fields: ["descripcionPaquete", "carrier", "tiendaOrigen", "notas"],
  },
  {
    name: "client pre-alert (declared content and store)",
    method: "POST",
    url: () => "/api/clients/trackings",
    admin: false,
    body: (f) => ({ clientCode: f.clientCode, trackingCode: code("PA"), descripcionPaquete: "Audífonos", tiendaOrigen: "Amazon", valorDeclarado: 49.99 }),
    fields: ["descripcionPaquete", "tiendaOrigen"],
  },
  {
    name: "receipt with a difference from the declaration",
    method: "POST",
    url: () => "/api/admin/warehouse/receive",
    admin: true,
    body: (f) => ({ trackingId: f.trackingId, pesoGramos: 500, diferencia: { tipo: "PESO", nota: "Pesa más de lo declarado" } }),
    fields: ["diferencia.nota"],
  },
  {
    name: "registration",
    method: "POST",
    url: () => "/api/clients/register",
    admin: false,
    body: () => ({ nombre: "Ana Pérez", direccion: "Grecia centro, 100 m al sur", telefono: phone(), email: "ana@example.com" }),
    fields: ["nombre", "direccion", "email"],
  },
  {
    name: "contact form",
    method: "POST",
    url: () => "/api/contact",
    admin: false,
    body: () => ({ nombre: "Ana Pérez", email: "ana@example.com", telefono: "8888-7777", mensaje: "Hola, quisiera cotizar un envío." }),
    fields: ["nombre", "email", "telefono", "mensaje"],
  },
  {
    name: "parts search",
    method: "POST",
    url: () => "/api/parts-assistant",
    admin: false,
    body: (f) => ({ clientCode: f.clientCode, marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Alternador", descripcion: "Original" }),
    fields: ["marca", "modelo", "parte", "descripcion"],
  },
  {
    name: "product analysis",
    method: "POST",
    url: () => "/api/product-analysis",
    admin: false,
    body: () => ({ description: "Audífonos inalámbricos", productUrl: "https://www.amazon.com/dp/B000000000" }),
    fields: ["description", "productUrl"],
  },
];

/** Puts `control` in the middle of the field at `path` ("trackingCodes.0" for a list item, "diferencia.nota" for a nested one). */
function withControl(body: Record<string, unknown>, path: string, control: string): Record<string, unknown> {
  const [key, inner] = path.split(".");
  const copy = structuredClone(body);
  const insert = (v: string) => `${v.slice(0, 2)}${control}${v.slice(2)}`;
  if (inner !== undefined) {
    const container = copy[key] as Record<string, string>;
    container[inner] = insert(container[inner]);
  } else copy[key] = insert(String(copy[key]));
  return copy;
}

describe("control characters in text fields", () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.name}: every control is a Spanish 400 on every text field, the database unchanged`, async () => {
      const f = await fixtures();
      for (const field of route.fields) {
        for (const control of CONTROLS) {
          const payload = withControl(route.body(f), field, control);
          const res = await t.app.inject({
            method: route.method,
            url: route.url(f),
            headers: route.admin ? t.adminHeaders() : {},
            payload,
          });
          const label = `${field} with U+${control.charCodeAt(0).toString(16).padStart(4, "0")}`;
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.json().message, label).toMatch(/[áéíóúñ]|\b(de|el|la|no|puede)\b/i);
        }
      }
      // The same bodies without the controls pass (the cases above failed on the control alone).
      const clean = await t.app.inject({ method: route.method, url: route.url(f), headers: route.admin ? t.adminHeaders() : {}, payload: route.body(f) });
      expect(clean.statusCode, clean.body.slice(0, 200)).toBeLessThan(300);
    });
  }
});
