// Who the buyer is (issue 34 item 1; decision 189): a client's identification for the electronic
// invoice, entered by staff (create, edit, merge, audited) and by the client on /rastreo (its own
// record only), stored as the shared rule normalises it (the database refuses anything else), and
// read by the invoices module as the comprobante's receiver: a Factura with one, a Tiquete without.
import { describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { auditLog, clients } from "../../db/schema";
import { clientIdOf, registerTestClient, uniquePhone } from "../../test/clients";
import type { TAdminClientRecordResponse, TAdminClientsResponse } from "../../../shared/api/admin/clients";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { TAX_ID_NUMBER_REQUIRED, TAX_ID_TYPE_REQUIRED } from "../../../shared/api/tax-id";
import { ZClientTrackingsResponseSchema } from "../../../shared/api/trackings";
import { receiverForClient } from "../invoices/receiver";
import { documentKindFor } from "../invoices/service";

const t = useTestApp();

const call = (method: "POST" | "PATCH" | "PUT" | "GET", url: string, payload?: unknown, auth = true) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: auth ? t.adminHeaders() : {} });

async function newClient(nombre = "Ñeco Muñoz Alfaro") {
  const c = await registerTestClient(t.app, { nombre });
  return { ...c, id: await clientIdOf(t.ctx.db, c.clientCode) };
}

const stored = async (id: number) => {
  const [row] = await t.ctx.db.select({ type: clients.taxIdType, number: clients.taxIdNumber }).from(clients).where(eq(clients.id, id));
  return row;
};

const lastEdit = async (id: number) => {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "cliente.editar"), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
};

const messageOf = (res: { json: () => unknown }) => JSON.stringify(res.json());

describe("staff: the identification on create and edit", () => {
  it("creates a client with a física identification stored as digits, and refuses a bad pair creating nothing", async () => {
    const base = { nombre: "Ana Lucía Jiménez", direccion: "San Ramón, 100 m sur de la iglesia" };
    const bad = await call("POST", "/api/admin/clients", { ...base, telefono: uniquePhone(), tipoIdentificacion: "FISICA", identificacion: "0-0987-0654" });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain("La cédula física tiene 9 dígitos y no empieza con 0");
    const noType = await call("POST", "/api/admin/clients", { ...base, telefono: uniquePhone(), identificacion: "109870654" });
    expect(noType.statusCode).toBe(400);
    expect(messageOf(noType)).toContain(TAX_ID_TYPE_REQUIRED);
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(eq(clients.nombre, base.nombre));
    expect(Number(n)).toBe(0);

    const res = await call("POST", "/api/admin/clients", { ...base, telefono: uniquePhone(), tipoIdentificacion: "FISICA", identificacion: "1-0987-0654" });
    expect(res.statusCode, res.body).toBe(201);
    const { client } = res.json() as TAdminClientRecordResponse;
    expect(client).toMatchObject({ tipoIdentificacion: "FISICA", identificacion: "109870654" });
    expect(await stored(client.id)).toEqual({ type: "FISICA", number: "109870654" });
  });

  it("edits the pair (audited with before and after), asks for the number when only the type is sent, and removes it with blanks", async () => {
    const c = await newClient();
    const set = await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "JURIDICA", identificacion: "3-101-123456" });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as TAdminClientRecordResponse).client).toMatchObject({ tipoIdentificacion: "JURIDICA", identificacion: "3101123456" });
    const audit = await lastEdit(c.id);
    expect(audit.before).toEqual({ tipoIdentificacion: null, identificacion: null });
    expect(audit.after).toEqual({ tipoIdentificacion: "JURIDICA", identificacion: "3101123456" });

    const onlyType = await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "DIMEX" });
    expect(onlyType.statusCode).toBe(400);
    expect(messageOf(onlyType)).toContain(TAX_ID_NUMBER_REQUIRED);
    const wrongShape = await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "DIMEX", identificacion: "1234567890" });
    expect(wrongShape.statusCode).toBe(400);
    expect(messageOf(wrongShape)).toContain("El DIMEX tiene 11 o 12 dígitos");
    const badType = await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "PASAPORTE", identificacion: "1234567890" });
    expect(badType.statusCode).toBe(400);
    expect(await stored(c.id)).toEqual({ type: "JURIDICA", number: "3101123456" });

    // Another field alone leaves the identification as it is.
    await call("PATCH", `/api/admin/clients/${c.id}`, { notas: "Factura a nombre de la empresa" });
    expect(await stored(c.id)).toEqual({ type: "JURIDICA", number: "3101123456" });

    const cleared = await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "", identificacion: "" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(c.id)).toEqual({ type: null, number: null });
    expect((await lastEdit(c.id)).after).toEqual({ tipoIdentificacion: null, identificacion: null });
  });

  it("shows the identification in the panel's list", async () => {
    const c = await newClient("Gerardo Identificado Solís");
    await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "NITE", identificacion: "4000123456" });
    const res = await call("GET", `/api/clients?q=${encodeURIComponent(c.clientCode)}`);
    const found = (res.json() as TAdminClientsResponse).clients.find((x) => x.id === c.id);
    expect(found).toMatchObject({ tipoIdentificacion: "NITE", identificacion: "4000123456" });
  });

  it("a merge keeps the kept record's identification, or takes the other's when it has none", async () => {
    const keep = await newClient("Rebeca Merge Uno");
    const from = await newClient("Rebeca Merge Dos");
    await call("PATCH", `/api/admin/clients/${from.id}`, { tipoIdentificacion: "FISICA", identificacion: "208880777" });
    const res = await call("POST", `/api/admin/clients/${keep.id}/merge`, { from: from.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(keep.id)).toEqual({ type: "FISICA", number: "208880777" });
  });

  it("the database refuses a half pair or a number the shared rule would not store", async () => {
    const c = await newClient();
    const write = (type: string | null, number: string | null) =>
      t.ctx.db.execute(sql`update clients set tax_id_type = ${type}, tax_id_number = ${number} where id = ${c.id}`);
    await expect(write("FISICA", null)).rejects.toThrow();
    await expect(write(null, "109870654")).rejects.toThrow();
    await expect(write("FISICA", "1-0987-0654")).rejects.toThrow();
    await expect(write("JURIDICA", "109870654")).rejects.toThrow();
    await expect(write("OTRO", "109870654")).rejects.toThrow();
    await write("DIMEX", "15581234567");
    expect(await stored(c.id)).toEqual({ type: "DIMEX", number: "15581234567" });
  });
});

describe("the portal: PUT /api/clients/tax-id", () => {
  const lookup = (code: string) => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}` });

  it("saves the client's own identification, audited as the client's; the lookup shows only the type and the last 4 digits", async () => {
    const c = await newClient();
    expect(ZClientTrackingsResponseSchema.parse((await lookup(c.clientCode)).json()).client.identificacion).toBeNull();
    const res = await call("PUT", "/api/clients/tax-id", { clientCode: c.clientCode.toLowerCase(), tipoIdentificacion: "FISICA", identificacion: "1 0987 0654" }, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ identificacion: { tipo: "FISICA", terminaEn: "0654" } });
    expect(await stored(c.id)).toEqual({ type: "FISICA", number: "109870654" });
    const audit = await lastEdit(c.id);
    expect(audit.actorKind).toBe("client");
    expect(audit.after).toEqual({ tipoIdentificacion: "FISICA", identificacion: "109870654" });
    const seen = (await lookup(c.clientCode)).body;
    expect(ZClientTrackingsResponseSchema.parse(JSON.parse(seen)).client.identificacion).toEqual({ tipo: "FISICA", terminaEn: "0654" });
    expect(seen).not.toContain("109870654");

    const removed = await call("PUT", "/api/clients/tax-id", { clientCode: c.clientCode, tipoIdentificacion: null, identificacion: null }, false);
    expect(removed.json()).toEqual({ identificacion: null });
    expect(await stored(c.id)).toEqual({ type: null, number: null });
  });

  it("refuses a bad pair in Spanish and an unknown code, changing nothing", async () => {
    const c = await newClient();
    const bad = await call("PUT", "/api/clients/tax-id", { clientCode: c.clientCode, tipoIdentificacion: "JURIDICA", identificacion: "310112345" }, false);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain("La cédula jurídica tiene 10 dígitos");
    const missing = await call("PUT", "/api/clients/tax-id", { clientCode: c.clientCode, tipoIdentificacion: "NITE", identificacion: "" }, false);
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toContain(TAX_ID_NUMBER_REQUIRED);
    const unknown = await call("PUT", "/api/clients/tax-id", { clientCode: "EXZZZZ99", tipoIdentificacion: "NITE", identificacion: "4000123456" }, false);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toContain(CLIENT_NOT_FOUND_MESSAGE);
    expect(await stored(c.id)).toEqual({ type: null, number: null });
  });
});

describe("the comprobante's receiver (invoices/receiver.ts)", () => {
  it("is null without an identification (a Tiquete) and names the client, its identification and e-mail with one (a Factura)", async () => {
    const c = await newClient("José Ñandú Pérez");
    expect(await receiverForClient(t.ctx.db, c.id)).toBeNull();
    expect(documentKindFor((await receiverForClient(t.ctx.db, c.id)) ?? undefined)).toBe("TIQUETE");
    await call("PATCH", `/api/admin/clients/${c.id}`, { tipoIdentificacion: "FISICA", identificacion: "109870654", email: "jose@example.com" });
    const receiver = await receiverForClient(t.ctx.db, c.id);
    expect(receiver).toEqual({ name: "José Ñandú Pérez", idType: "FISICA", idNumber: "109870654", email: "jose@example.com" });
    expect(documentKindFor(receiver ?? undefined)).toBe("FACTURA");
    expect(await receiverForClient(t.ctx.db, 2_000_000_000)).toBeNull();
  });
});
