import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { contactMessages } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";

let t: TestApp;
let lastAddress = 0;
/** A fresh client address per test, so the per-address limit of one test never touches another. */
const newAddress = () => `10.0.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function validBody(overrides: Record<string, unknown> = {}) {
  const id = randomUUID().slice(0, 8);
  return {
    // A name is letters only (docs/decisions/098): the id's digits become letters.
    nombre: `María Fernández ${id.replace(/\d/g, (d) => "ghijklmnop"[Number(d)])}`,
    email: `maria.${id}@correo.cr`,
    telefono: "+506 8888-7777",
    mensaje: `Hola, quisiera saber cuánto cuesta traer unas tenis desde Miami a Grecia (${id}).`,
    ...overrides,
  };
}

async function post(body: unknown, remoteAddress = newAddress()) {
  return t.app.inject({ method: "POST", url: "/api/contact", payload: body as object, remoteAddress });
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

describe("POST /api/contact", () => {
  it("stores a valid message, trimmed, and answers 201 with it", async () => {
    const body = validBody({ nombre: "  Carlos Rojas  ", mensaje: "  Necesito cotizar una llanta de moto.\nGracias.  " });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { contact } = res.json();
    expect(contact).toMatchObject({
      nombre: "Carlos Rojas",
      email: body.email,
      telefono: "+506 8888-7777",
      mensaje: "Necesito cotizar una llanta de moto.\nGracias.",
    });
    const list = await t.app.inject({ method: "GET", url: "/api/contacts", headers: t.adminHeaders() });
    expect(list.json().contacts.find((c: { id: number }) => c.id === contact.id)).toMatchObject({ email: body.email });
  });

  it.each([
    ["an absent phone", undefined],
    ["a blank phone", "   "],
    ["a null phone", null],
  ])("accepts %s and stores no phone", async (_label, telefono) => {
    const res = await post(validBody({ telefono }));
    expect(res.statusCode).toBe(201);
    expect(res.json().contact.telefono).toBeNull();
  });

  it.each([
    ["a one-letter name", { nombre: "A" }, "nombre", "El nombre debe tener al menos 2 caracteres"],
    ["a name of spaces", { nombre: "     " }, "nombre", "El nombre debe tener al menos 2 caracteres"],
    ["no name", { nombre: undefined }, "nombre", "El nombre debe tener al menos 2 caracteres"],
    ["a name that is a number", { nombre: 42 }, "nombre", "El nombre debe tener al menos 2 caracteres"],
    ["a bad email", { email: "maria-arroba-correo" }, "email", "Ingresa un email válido"],
    ["an empty email", { email: "" }, "email", "Ingresa un email válido"],
    ["a short message", { mensaje: "Hola" }, "mensaje", "El mensaje debe tener al menos 10 caracteres"],
    ["a bad phone", { telefono: "llámenme" }, "telefono", "Ingresa un teléfono válido, por ejemplo 8888-8888"],
    ["a huge name", { nombre: "N".repeat(101) }, "nombre", "El nombre no puede tener más de 100 caracteres"],
    ["a huge email", { email: `${"e".repeat(200)}@correo.cr` }, "email", "El email no puede tener más de 200 caracteres"],
    ["a huge phone", { telefono: "8".repeat(31) }, "telefono", "Ingresa un teléfono válido, por ejemplo 8888-8888"],
    ["a huge message", { mensaje: "m".repeat(5001) }, "mensaje", "El mensaje no puede tener más de 5000 caracteres"],
  ])("refuses %s with 400, a Spanish message, and stores nothing", async (_label, overrides, field, message) => {
    const before = await storedCount();
    const res = await post(validBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Datos inválidos", code: "VALIDATION", field, message });
    expect(await storedCount()).toBe(before);
  });

  it("refuses bodies that are not a message object", async () => {
    const before = await storedCount();
    for (const [payload, message] of [
      ["[]", "Entrada inválida: se esperaba objeto, recibido arreglo"],
      ['"hola"', "Entrada inválida: se esperaba objeto, recibido texto"],
      ["{", "El cuerpo de la solicitud no es JSON válido."],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: newAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await t.app.inject({ method: "POST", url: "/api/contact", remoteAddress: newAddress() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("El nombre debe tener al menos 2 caracteres");
    expect(await storedCount()).toBe(before);
  });

  it("refuses control characters (NUL, which the database could not store, above all) in Spanish and stores nothing", async () => {
    const before = await storedCount();
    const name = await post(validBody({ nombre: "Ana\u0000 Solís" }));
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe("El nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos");
    const message = await post(validBody({ mensaje: "Hola\u0000, quiero cotizar un envío." }));
    expect(message.statusCode).toBe(400);
    expect(message.json().message).toBe("El texto no puede contener caracteres de control ni caracteres invisibles");
    expect(await storedCount()).toBe(before);
    // Line breaks in the message are text, not controls: kept (CR LF as LF).
    const paragraphs = await post(validBody({ mensaje: "Hola,\r\nquiero cotizar un envío.\n\nGracias" }));
    expect(paragraphs.statusCode).toBe(201);
    expect(paragraphs.json().contact.mensaje).toBe("Hola,\nquiero cotizar un envío.\n\nGracias");
  });

  it("allows five messages per address in ten minutes, then answers 429 in Spanish", async () => {
    const address = newAddress();
    // A refused body does not use the allowance.
    expect((await post(validBody({ email: "mal" }), address)).statusCode).toBe(400);
    for (let i = 0; i < ABUSE_LIMITS.contact.limit; i++) expect((await post(validBody(), address)).statusCode).toBe(201);
    const before = await storedCount();
    const blocked = await post(validBody(), address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: "Demasiados mensajes enviados. Intenta de nuevo en unos minutos.",
    });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    // Another address is not affected.
    expect((await post(validBody())).statusCode).toBe(201);
  });

  it("has no limit when RATE_LIMIT is off", async () => {
    const open = await createTestApp({ env: { RATE_LIMIT: "off" } });
    try {
      for (let i = 0; i <= ABUSE_LIMITS.contact.limit; i++) {
        const res = await open.app.inject({ method: "POST", url: "/api/contact", payload: validBody(), remoteAddress: "10.9.9.9" });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await open.close();
    }
  });
});

describe("GET /api/contacts", () => {
  it("is for staff only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/contacts" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Sesión de administrador/);
  });

  it("lists messages newest first with every field", async () => {
    const first = (await post(validBody({ telefono: "" }))).json().contact;
    const second = (await post(validBody())).json().contact;
    const res = await t.app.inject({ method: "GET", url: "/api/contacts", headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    const contacts: Array<Record<string, unknown>> = res.json().contacts;
    const ids = contacts.map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
    const stored = contacts.find((c) => c.id === first.id);
    expect(Object.keys(stored ?? {}).sort()).toEqual(["answeredAt", "createdAt", "email", "id", "mensaje", "nombre", "telefono"]);
    expect(stored).toMatchObject({ nombre: first.nombre, email: first.email, telefono: null, mensaje: first.mensaje });
    expect(new Date(String(stored?.createdAt)).toString()).not.toBe("Invalid Date");
    const times = contacts.map((c) => new Date(String(c.createdAt)).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("answers one page at a time with the total, like the other admin lists", async () => {
    await t.database.truncateAll();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await post(validBody({ nombre: `Persona ${String.fromCharCode(65 + i)}` }))).json().contact.id);
    const newestFirst = [...ids].reverse();
    const get = (query: string) => t.app.inject({ method: "GET", url: `/api/contacts${query}`, headers: t.adminHeaders() });

    const first = await get("");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ filteredTotal: 25, page: 1, pageSize: 20 });
    expect(first.json().contacts.map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(0, 20));

    const second = await get("?page=2&pageSize=20");
    expect(second.json()).toMatchObject({ filteredTotal: 25, page: 2, pageSize: 20 });
    expect(second.json().contacts.map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(20));

    const small = await get("?page=3&pageSize=10");
    expect(small.json().contacts.map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(20, 25));
    expect((await get("?page=4&pageSize=10")).json()).toMatchObject({ contacts: [], filteredTotal: 25, page: 4 });

    for (const bad of ["?page=0", "?page=x", "?pageSize=101", "?pageSize=0"]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe("Página inválida");
    }
  });
});
