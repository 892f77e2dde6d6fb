// The route table against the staff roles (issue 19, Done when): every admin route declares its
// roles; for each route each role gets 2xx when the route names it and 403 (the Spanish
// ROLE_FORBIDDEN, with nothing in the database changed) when it does not, and a call without a
// session gets 401. The walk is driven by the app's route table: every admin route needs a SAMPLE
// below (a real call with what it needs prepared), so a new route cannot be left out.
import { randomBytes } from "node:crypto";
import { addTestInvoice, uploadTestInvoice } from "./test/purchase-invoices";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { buildApp } from "./app";
import { answerProblems } from "./test/contract";
import { useTestApp, uniqueTrackingCode, type TestApp } from "./test/app";
import { createTestStaff, TEST_STAFF_PASSWORD, type TestStaff } from "./test/staff";
import { addTestPackage, uniquePhone } from "./test/clients";
import { buildWorkbook, multipartFile, uniqueClientCode } from "./test/workbooks";
import { createFingerprinter, NOT_DATA_TABLES, type Fingerprinter } from "./test/db-fingerprint";
import { makePng } from "./test/images";
import { auditLog, clients, contactMessages, notificationOutbox, staffAccounts, trackingNotices, whatsappInboundMessages, whatsappTrackingEntries } from "./db/schema";
import { clientTrackings, deliveryAssignments, packageCharges, paymentProofs } from "./db/schema";
import { SYSTEM_ACTOR } from "./lib/actor";
import { invoiceDocuments } from "./db/schema";
import { testInvoicing } from "./test/hacienda";
import { issueForPayment, type InvoicingOn } from "./modules/invoices/comprobantes";
import { ANY_STAFF, STAFF_ROLES, type StaffRole } from "../shared/domain/staff-roles";
import { ROLE_FORBIDDEN, TOTP_REQUIRED_FOR_OWNER } from "../shared/api/admin/staff";
import { addDays, costaRicaDayKey } from "../shared/domain/dates";

let closedDays = 0;

interface SampleCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: unknown;
  /** Extra headers (a multipart body's content type). */
  headers?: Record<string, string>;
  /** The session to send instead of the role's shared one (calls that change or end the caller's own account). */
  session?: TestStaff;
}

interface SampleKit {
  t: TestApp;
  /** Whose call this is; null for the call without a session. */
  role: StaffRole | null;
  /**
   * A new account of the call's role (Bodega for the call without a session) with its own session:
   * for calls that change or end the caller's own account, so the shared sessions stay usable.
   */
  ownAccount(): Promise<TestStaff>;
}

type Sample = (kit: SampleKit) => Promise<SampleCall>;

/**
 * Calls a role may make whose answer is a business refusal, not 2xx, for that role: the role check
 * lets it through (never 401, never ROLE_FORBIDDEN) and the service answers this message.
 */
const BUSINESS_REFUSALS: Record<string, Partial<Record<StaffRole, string>>> = {
  // A Dueño account cannot turn its two-step sign-in off once on (issue 19).
  "POST /api/admin/me/totp/disable": { dueno: TOTP_REQUIRED_FOR_OWNER },
};


// --- Fixtures: each call gets its own, so a call that destroys what it touches never meets another's leftovers ---

async function newClient(t: TestApp): Promise<{ id: number; clientCode: string }> {
  const clientCode = uniqueClientCode();
  const [row] = await t.ctx.db
    .insert(clients)
    .values({ clientCode, nombre: "Ana Mora Solís", direccion: "Grecia centro, 200 m norte del parque", telefono: `+506${uniquePhone()}` })
    .returning({ id: clients.id });
  return { id: row.id, clientCode };
}

async function newPackage(t: TestApp) {
  const client = await newClient(t);
  return addTestPackage(t.ctx.db, client.id, uniqueTrackingCode("ROL"));
}

/** A pre-alerted package proposed for a waiting Sin dueño row of its number: the proposal's id. */
async function newMatch(t: TestApp): Promise<number> {
  const pkg = await newPackage(t);
  const rows = (await t.ctx.db.execute(sql`with u as (insert into unclaimed_packages (tracking_code, peso_gramos) values (${pkg.trackingCode}, 300) returning id)
    insert into unclaimed_matches (unclaimed_id, tracking_id) select u.id, ${pkg.id} from u returning id`)) as unknown as { rows: { id: number }[] };
  return rows.rows[0].id;
}

async function newNotice(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .insert(trackingNotices)
    .values({ clienteNombre: "Luis Vargas", descripcionPaquete: "Repuestos de moto" })
    .returning({ id: trackingNotices.id });
  return row.id;
}

async function newContactMessage(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .insert(contactMessages)
    .values({ nombre: "María Jiménez", email: "maria@example.com", mensaje: "¿Cuánto cuesta traer un paquete?" })
    .returning({ id: contactMessages.id });
  return row.id;
}

async function newWhatsappEntry(t: TestApp): Promise<number> {
  const trackingCode = uniqueTrackingCode("WA");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/tracking/whatsapp/add",
    payload: { whatsapp: `506${uniquePhone()}`, nombre: "Carlos Rojas", trackingCodes: [trackingCode] },
  });
  if (res.statusCode !== 200) throw new Error(`whatsapp add failed: ${res.statusCode} ${res.body}`);
  const [row] = await t.ctx.db
    .select({ id: whatsappTrackingEntries.id })
    .from(whatsappTrackingEntries)
    .where(eq(whatsappTrackingEntries.trackingCode, trackingCode));
  return row.id;
}

/** A WhatsApp message that failed, as the outbox leaves it after its last try. */
async function newFailedMessage(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .insert(notificationOutbox)
    .values({ kind: "WELCOME", recipient: `506${uniquePhone()}`, body: "¡Bienvenida!", status: "FAILED", attempts: 1, lastError: "rechazado" })
    .returning({ id: notificationOutbox.id });
  return row.id;
}

/** A client's WhatsApp message (Conversaciones): its number; with `file`, a stored image too. */
async function newInboundMessage(t: TestApp, file = false): Promise<{ number: string; id: number }> {
  const number = `506${uniquePhone()}`;
  const key = `whatsapp/${randomBytes(16).toString("hex")}`;
  if (file) await t.ctx.providers.storage.put(key, makePng(), "image/png");
  const [row] = await t.ctx.db
    .insert(whatsappInboundMessages)
    .values({
      waMessageId: `wamid.rol${number}`,
      fromNumber: number,
      type: file ? "image" : "text",
      text: "¿Ya llegó mi paquete?",
      sentAt: new Date(),
      ...(file ? { mediaId: "1", mediaMimeType: "image/png", mediaState: "STORED", mediaKey: key, mediaSize: makePng().byteLength } : {}),
    })
    .returning({ id: whatsappInboundMessages.id });
  return { number, id: row.id };
}

async function importUpload(t: TestApp): Promise<Pick<SampleCall, "payload" | "headers">> {
  const client = await newClient(t);
  const bytes = await buildWorkbook({
    Trackings: [
      ["client_code", "tracking_code", "origen", "forma_envio"],
      [client.clientCode, uniqueTrackingCode("XL"), "USA", "AVION"],
    ],
  });
  return multipartFile(bytes, "datos.xlsx");
}

/** An account with two-step sign-in on, through the contract's own calls; returns one of its recovery codes. */
async function withTwoStep(t: TestApp, staff: TestStaff): Promise<string> {
  const setup = await t.app.inject({ method: "POST", url: "/api/admin/me/totp/setup", headers: staff.headers });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  const enable = await t.app.inject({ method: "POST", url: "/api/admin/me/totp/enable", headers: staff.headers, payload: { code } });
  if (enable.statusCode !== 200) throw new Error(`totp enable failed: ${enable.statusCode} ${enable.body}`);
  return (enable.json() as { recoveryCodes: string[] }).recoveryCodes[0];
}

// Pagos (issue 21): a package with its freight, a payment on one, a client's pending SINPE receipt.
async function pricedPackage(t: TestApp): Promise<{ id: number; clientCode: string; clientId: number }> {
  const client = await newClient(t);
  const p = await addTestPackage(t.ctx.db, client.id, uniqueTrackingCode("PAG"), "LISTO_PARA_ENTREGAR");
  await t.ctx.db.update(clientTrackings).set({ montoColones: 5000 }).where(eq(clientTrackings.id, p.id));
  return { id: p.id, clientCode: client.clientCode, clientId: client.id };
}

async function newPayment(t: TestApp): Promise<number> {
  const p = await pricedPackage(t);
  const { recordPayment } = await import("./modules/payments/staff-service");
  const payment = await recordPayment(t.ctx.db, { clientCode: p.clientCode, method: "EFECTIVO", allocations: [{ trackingId: p.id, amountColones: 1000 }] }, SYSTEM_ACTOR);
  return payment.id;
}

// Comprobantes electrónicos (issue 34): invoicing on with a test key (nothing is sent: no sender
// runs here), a payment's comprobante made as a payment makes it, rejected or answered on demand.
let testKey: Promise<InvoicingOn> | undefined;
async function invoicingOn(t: TestApp): Promise<InvoicingOn> {
  testKey ??= testInvoicing().then(async ({ invoicing, cleanup }) => {
    await cleanup();
    return invoicing as InvoicingOn;
  });
  const invoicing = await testKey;
  // Reissuing needs the app's invoicing on; payments made after this also get their comprobante.
  t.ctx.invoicing = invoicing;
  return invoicing;
}

async function newComprobante(t: TestApp, state: "pendiente" | "rechazado" | "aceptado"): Promise<number> {
  const invoicing = await invoicingOn(t);
  const paymentId = await newPayment(t);
  const [existing] = await t.ctx.db.select({ id: invoiceDocuments.id }).from(invoiceDocuments).where(eq(invoiceDocuments.paymentId, paymentId));
  const id = existing?.id ?? (await t.ctx.db.transaction((tx) => issueForPayment(tx, invoicing, paymentId, new Date())));
  if (state === "rechazado") await t.ctx.db.update(invoiceDocuments).set({ state, rejectionReason: "Rechazado por Hacienda", responseXml: "<MensajeHacienda/>" }).where(eq(invoiceDocuments.id, id));
  if (state === "aceptado") await t.ctx.db.update(invoiceDocuments).set({ state, responseXml: "<MensajeHacienda/>" }).where(eq(invoiceDocuments.id, id));
  return id;
}

async function newProof(t: TestApp): Promise<{ proofId: number; trackingId: number }> {
  const p = await pricedPackage(t);
  const [row] = await t.ctx.db
    .insert(paymentProofs)
    .values({ clientId: p.clientId, trackingId: p.id, uploadName: `${uniqueTrackingCode("prf").toLowerCase()}.png` })
    .returning({ id: paymentProofs.id });
  return { proofId: row.id, trackingId: p.id };
}

let loginSequence = 0;
const newLogin = () => `persona.nueva${++loginSequence}-${Date.now().toString(36)}`;

// --- The samples: one per admin route, "METHOD url" as the route table spells it ---

const SAMPLES: Record<string, Sample> = {
  // Session
  "GET /api/admin/session": async () => ({ method: "GET", url: "/api/admin/session" }),
  "POST /api/admin/logout": async ({ ownAccount }) => ({ method: "POST", url: "/api/admin/logout", session: await ownAccount() }),

  // Own account (contract: shared/api/admin/staff.ts)
  "POST /api/admin/me/password": async ({ ownAccount }) => ({
    method: "POST",
    url: "/api/admin/me/password",
    session: await ownAccount(),
    payload: { currentPassword: TEST_STAFF_PASSWORD, newPassword: "una-clave-nueva-bastante-larga" },
  }),
  "POST /api/admin/me/totp/setup": async ({ ownAccount }) => ({ method: "POST", url: "/api/admin/me/totp/setup", session: await ownAccount() }),
  "POST /api/admin/me/totp/enable": async ({ t, ownAccount }) => {
    const session = await ownAccount();
    const setup = await t.app.inject({ method: "POST", url: "/api/admin/me/totp/setup", headers: session.headers });
    const { secret } = setup.json() as { secret: string };
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    return { method: "POST", url: "/api/admin/me/totp/enable", session, payload: { code } };
  },
  "POST /api/admin/me/totp/disable": async ({ t, ownAccount }) => {
    const session = await ownAccount();
    return { method: "POST", url: "/api/admin/me/totp/disable", session, payload: { code: await withTwoStep(t, session) } };
  },
  "POST /api/admin/me/recovery-codes": async ({ t, ownAccount }) => {
    const session = await ownAccount();
    return { method: "POST", url: "/api/admin/me/recovery-codes", session, payload: { code: await withTwoStep(t, session) } };
  },

  // Staff accounts (Dueño)
  "GET /api/admin/accounts": async () => ({ method: "GET", url: "/api/admin/accounts" }),
  "POST /api/admin/accounts": async () => ({
    method: "POST",
    url: "/api/admin/accounts",
    payload: { login: newLogin(), name: "Persona Nueva", role: "bodega", temporaryPassword: "temporal-bastante-larga" },
  }),
  "PATCH /api/admin/accounts/:id": async ({ t }) => {
    const target = await createTestStaff(t, "bodega");
    return { method: "PATCH", url: `/api/admin/accounts/${target.accountId}`, payload: { name: "Nombre Cambiado" } };
  },
  "POST /api/admin/accounts/:id/password": async ({ t }) => {
    const target = await createTestStaff(t, "oficina");
    return { method: "POST", url: `/api/admin/accounts/${target.accountId}/password`, payload: { temporaryPassword: "temporal-bastante-larga" } };
  },
  "POST /api/admin/accounts/:id/disable": async ({ t }) => {
    const target = await createTestStaff(t, "oficina");
    return { method: "POST", url: `/api/admin/accounts/${target.accountId}/disable` };
  },
  "POST /api/admin/accounts/:id/enable": async ({ t }) => {
    const target = await createTestStaff(t, "oficina");
    await t.ctx.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, target.accountId));
    return { method: "POST", url: `/api/admin/accounts/${target.accountId}/enable` };
  },
  "GET /api/admin/accounts/:id/sessions": async ({ t }) => {
    const target = await createTestStaff(t, "bodega");
    return { method: "GET", url: `/api/admin/accounts/${target.accountId}/sessions` };
  },
  "DELETE /api/admin/accounts/:id/sessions": async ({ t }) => {
    const target = await createTestStaff(t, "bodega");
    return { method: "DELETE", url: `/api/admin/accounts/${target.accountId}/sessions` };
  },

  // Audit log (Dueño)
  "GET /api/admin/audit": async () => ({ method: "GET", url: "/api/admin/audit?entity=paquete&page=1" }),
  "GET /api/admin/audit/export": async () => ({ method: "GET", url: "/api/admin/audit/export?entity=paquete" }),
  "GET /api/admin/audit/chain": async () => ({ method: "GET", url: "/api/admin/audit/chain" }),

  // Contact messages
  "GET /api/contacts": async () => ({ method: "GET", url: "/api/contacts" }),
  "PATCH /api/admin/contacts/:id/answered": async ({ t }) => ({
    method: "PATCH",
    url: `/api/admin/contacts/${await newContactMessage(t)}/answered`,
    payload: { answered: true },
  }),

  // WhatsApp entries and notices
  "GET /api/tracking/whatsapp/entries": async () => ({ method: "GET", url: "/api/tracking/whatsapp/entries" }),
  "PATCH /api/tracking/whatsapp/entries/:id": async ({ t }) => ({
    method: "PATCH",
    url: `/api/tracking/whatsapp/entries/${await newWhatsappEntry(t)}`,
    payload: { estado: "EN_BODEGA_MIAMI" },
  }),
  "GET /api/tracking-notices": async () => ({ method: "GET", url: "/api/tracking-notices" }),
  "POST /api/tracking-notices": async () => ({
    method: "POST",
    url: "/api/tracking-notices",
    payload: { clienteNombre: "Luis Vargas", descripcionPaquete: "Un par de tenis" },
  }),
  "PUT /api/tracking-notices/:id": async ({ t }) => ({
    method: "PUT",
    url: `/api/tracking-notices/${await newNotice(t)}`,
    payload: { estado: "EN_PROCESO", notas: "Revisado" },
  }),
  "GET /api/admin/tracking-stats": async () => ({ method: "GET", url: "/api/admin/tracking-stats" }),

  // Outbox messages
  "GET /api/notifications": async ({ t }) => ({ method: "GET", url: `/api/notifications?clientId=${(await newClient(t)).id}` }),
  "POST /api/notifications/:id/retry": async ({ t }) => ({ method: "POST", url: `/api/notifications/${await newFailedMessage(t)}/retry` }),
  "GET /api/admin/outbox": async () => ({ method: "GET", url: "/api/admin/outbox?estado=FALLIDO" }),
  "GET /api/admin/outbox/shipment-notice": async ({ t }) => {
    const { addTestShipment } = await import("./test/shipments");
    const shipment = await addTestShipment(t.ctx.db, { trackingIds: [(await newPackage(t)).id] });
    return { method: "GET", url: `/api/admin/outbox/shipment-notice?embarqueId=${shipment.id}&plantilla=embarque_llego_cr` };
  },
  "POST /api/admin/outbox/shipment-notice": async ({ t }) => {
    const { addTestShipment } = await import("./test/shipments");
    const shipment = await addTestShipment(t.ctx.db, { trackingIds: [(await newPackage(t)).id] });
    return { method: "POST", url: "/api/admin/outbox/shipment-notice", payload: { embarqueId: shipment.id, plantilla: "embarque_llego_cr" } };
  },

  // Conversaciones (issue 35, decision 211)
  "GET /api/admin/conversations": async () => ({ method: "GET", url: "/api/admin/conversations" }),
  "GET /api/admin/conversations/:number": async ({ t }) => ({ method: "GET", url: `/api/admin/conversations/${(await newInboundMessage(t)).number}` }),
  "POST /api/admin/conversations/:number/read": async ({ t }) => ({ method: "POST", url: `/api/admin/conversations/${(await newInboundMessage(t)).number}/read` }),
  "POST /api/admin/conversations/:number/reply": async ({ t }) => ({
    method: "POST",
    url: `/api/admin/conversations/${(await newInboundMessage(t)).number}/reply`,
    payload: { mode: "text", text: "Hola, ya lo revisamos." },
  }),
  "GET /api/admin/conversation-media/:id": async ({ t }) => ({ method: "GET", url: `/api/admin/conversation-media/${(await newInboundMessage(t, true)).id}` }),

  // Excel
  "GET /api/export/all": async () => ({ method: "GET", url: "/api/export/all" }),
  "GET /api/export/clients": async () => ({ method: "GET", url: "/api/export/clients" }),
  "GET /api/export/by-client": async () => ({ method: "GET", url: "/api/export/by-client" }),
  "GET /api/export/contacts": async () => ({ method: "GET", url: "/api/export/contacts" }),
  "POST /api/import/express/preview": async ({ t }) => ({ method: "POST", url: "/api/import/express/preview", ...(await importUpload(t)) }),
  "POST /api/import/express": async ({ t }) => ({ method: "POST", url: "/api/import/express", ...(await importUpload(t)) }),

  // Clients
  "GET /api/clients": async () => ({ method: "GET", url: "/api/clients" }),
  "GET /api/admin/clients/stats": async () => ({ method: "GET", url: "/api/admin/clients/stats" }),
  "GET /api/admin/clients/:id/trackings": async ({ t }) => ({ method: "GET", url: `/api/admin/clients/${(await newPackage(t)).clientId}/trackings` }),
  "POST /api/admin/clients": async () => ({
    method: "POST",
    url: "/api/admin/clients",
    payload: { nombre: "Sofía Araya", telefono: uniquePhone(), direccion: "Naranjo, frente a la escuela", confirmar: true },
  }),
  "PATCH /api/admin/clients/:id": async ({ t }) => ({
    method: "PATCH",
    url: `/api/admin/clients/${(await newClient(t)).id}`,
    payload: { notas: "Prefiere entrega en la tarde" },
  }),
  "DELETE /api/admin/clients/:id": async ({ t }) => ({ method: "DELETE", url: `/api/admin/clients/${(await newClient(t)).id}` }),
  "POST /api/admin/clients/:id/merge": async ({ t }) => {
    const keep = await newClient(t);
    const from = await newClient(t);
    return { method: "POST", url: `/api/admin/clients/${keep.id}/merge`, payload: { from: from.id } };
  },
  "PATCH /api/clients/:clientCode/whatsapp-sent": async ({ t }) => ({
    method: "PATCH",
    url: `/api/clients/${(await newClient(t)).clientCode}/whatsapp-sent`,
  }),

  // Packages (Bodega's calls send only its fields: estado, pesoPieCubicos, notas)
  "GET /api/admin/packages": async () => ({ method: "GET", url: "/api/admin/packages" }),
  "PATCH /api/trackings/:id": async ({ t }) => ({
    method: "PATCH",
    url: `/api/trackings/${(await newPackage(t)).id}`,
    payload: { estado: "EN_BODEGA_MIAMI" },
  }),
  "GET /api/trackings/:id/history": async ({ t }) => ({ method: "GET", url: `/api/trackings/${(await newPackage(t)).id}/history` }),
  "POST /api/admin/trackings": async ({ t }) => ({
    method: "POST",
    url: "/api/admin/trackings",
    payload: { clientCode: (await newClient(t)).clientCode, trackingCode: uniqueTrackingCode("ADM") },
  }),
  "POST /api/admin/trackings/bulk-status": async ({ t }) => ({
    method: "POST",
    url: "/api/admin/trackings/bulk-status",
    payload: { ids: [(await newPackage(t)).id, (await newPackage(t)).id], estado: "EN_ADUANAS" },
  }),
  "PATCH /api/admin/trackings/:id": async ({ t }) => ({
    method: "PATCH",
    url: `/api/admin/trackings/${(await newPackage(t)).id}`,
    payload: { pesoPieCubicos: "750", notas: "Caja golpeada en una esquina" },
  }),
  "POST /api/admin/trackings/:id/reprice": async ({ t }) => ({ method: "POST", url: `/api/admin/trackings/${(await newPackage(t)).id}/reprice` }),
  "DELETE /api/admin/trackings/:id": async ({ t }) => ({ method: "DELETE", url: `/api/admin/trackings/${(await newPackage(t)).id}` }),
  "GET /api/admin/trackings/:id/factura": async ({ t }) => {
    const pkg = await newPackage(t);
    await addTestInvoice(t, pkg.id);
    return { method: "GET", url: `/api/admin/trackings/${pkg.id}/factura` };
  },
  "PUT /api/admin/trackings/:id/factura": async ({ t }) => ({
    method: "PUT",
    url: `/api/admin/trackings/${(await newPackage(t)).id}/factura`,
    payload: { factura: await uploadTestInvoice(t) },
  }),

  // AI search quota
  "GET /api/admin/search-quota": async () => ({ method: "GET", url: "/api/admin/search-quota" }),
  "GET /api/parts-search-history/:clientCode": async ({ t }) => ({
    method: "GET",
    url: `/api/parts-search-history/${(await newClient(t)).clientCode}`,
  }),
  "PATCH /api/clients/:id/search-limits": async ({ t }) => ({
    method: "PATCH",
    url: `/api/clients/${(await newClient(t)).id}/search-limits`,
    payload: { searchLimit: 20, unlimitedAccess: 0, searchCount: 3 },
  }),
  "POST /api/clients/:id/reset-searches": async ({ t }) => ({ method: "POST", url: `/api/clients/${(await newClient(t)).id}/reset-searches` }),
  "POST /api/admin/clients/:id/quitar-proteccion": async ({ t }) => {
    const { id } = await newClient(t);
    await t.ctx.db.update(clients).set({ protectedAt: new Date() }).where(eq(clients.id, id));
    return { method: "POST", url: `/api/admin/clients/${id}/quitar-proteccion`, payload: { motivo: "Cambió de teléfono" } };
  },

  // Statistics, referrals, coupons
  "GET /api/admin/stats": async () => ({ method: "GET", url: "/api/admin/stats" }),
  "GET /api/admin/referrals": async () => ({ method: "GET", url: "/api/admin/referrals" }),
  "GET /api/admin/coupons": async () => ({ method: "GET", url: "/api/admin/coupons" }),

  // Staff photos (issue 20)
  "POST /api/admin/photos": async () => ({ method: "POST", url: "/api/admin/photos", payload: Buffer.from(makePng(4, 4)), headers: { "content-type": "image/png" } }),

  // --- Recepción and Sin dueño (issue 20): modules/warehouse ---
  // (Sin dueño rows are inserted directly: this block keeps its fixtures inside it.)
  "GET /api/admin/warehouse/scan": async ({ t }) => ({ method: "GET", url: `/api/admin/warehouse/scan?code=${(await newPackage(t)).trackingCode}` }),
  "POST /api/admin/warehouse/receive": async ({ t }) => ({
    method: "POST",
    url: "/api/admin/warehouse/receive",
    payload: { trackingId: (await newPackage(t)).id, pesoGramos: 900 },
  }),
  "GET /api/admin/warehouse/client": async ({ t }) => ({ method: "GET", url: `/api/admin/warehouse/client?code=${(await newClient(t)).clientCode}` }),
  "GET /api/admin/warehouse/unclaimed": async () => ({ method: "GET", url: "/api/admin/warehouse/unclaimed" }),
  "POST /api/admin/warehouse/unclaimed": async () => ({
    method: "POST",
    url: "/api/admin/warehouse/unclaimed",
    payload: { trackingCode: uniqueTrackingCode("SD"), pesoGramos: 450 },
  }),
  "PATCH /api/admin/warehouse/unclaimed/:id": async ({ t }) => ({
    method: "PATCH",
    url: `/api/admin/warehouse/unclaimed/${((await t.ctx.db.execute(sql`insert into unclaimed_packages (tracking_code, peso_gramos) values (${uniqueTrackingCode("SD")}, 300) returning id`)) as unknown as { rows: { id: number }[] }).rows[0].id}`,
    payload: { notas: "Caja sin etiqueta de cliente" },
  }),
  "POST /api/admin/warehouse/unclaimed/:id/assign": async ({ t }) => ({
    method: "POST",
    url: `/api/admin/warehouse/unclaimed/${((await t.ctx.db.execute(sql`insert into unclaimed_packages (tracking_code, peso_gramos) values (${uniqueTrackingCode("SD")}, 300) returning id`)) as unknown as { rows: { id: number }[] }).rows[0].id}/assign`,
    payload: { clientCode: (await newClient(t)).clientCode },
  }),
  // Por confirmar (issue 32 item 2): a fresh proposal per call.
  "GET /api/admin/warehouse/matches": async () => ({ method: "GET", url: "/api/admin/warehouse/matches" }),
  "POST /api/admin/warehouse/matches/:id/confirm": async ({ t }) => ({ method: "POST", url: `/api/admin/warehouse/matches/${await newMatch(t)}/confirm`, payload: {} }),
  "POST /api/admin/warehouse/matches/:id/reject": async ({ t }) => ({ method: "POST", url: `/api/admin/warehouse/matches/${await newMatch(t)}/reject`, payload: {} }),
  // --- end of Recepción and Sin dueño ---
  // The warehouse's daily report (issue 32 item 8)
  "GET /api/admin/warehouse/report": async () => ({ method: "GET", url: "/api/admin/warehouse/report?date=2026-03-10" }),
  "GET /api/admin/warehouse/report.xlsx": async () => ({ method: "GET", url: "/api/admin/warehouse/report.xlsx?date=2026-03-10" }),

  // --- Embarques, manifests and labels (issue 20): modules/shipments ---
  "GET /api/admin/shipments": async () => ({ method: "GET", url: "/api/admin/shipments" }),
  "POST /api/admin/shipments": async () => ({
    method: "POST",
    url: "/api/admin/shipments",
    payload: { formaEnvio: "AVION", numeroGuia: "AWB-ROL-1", transporte: "AV 601", fecha: "2026-11-26" },
  }),
  "GET /api/admin/shipments/:id": async ({ t }) => {
    const { addTestShipment } = await import("./test/shipments");
    return { method: "GET", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db)).id}` };
  },
  "PATCH /api/admin/shipments/:id": async ({ t }) => {
    const { addTestShipment } = await import("./test/shipments");
    return { method: "PATCH", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db)).id}`, payload: { transporte: "AV 603" } };
  },
  "GET /api/admin/shipments/:id/ready": async ({ t }) => {
    const { addTestShipment } = await import("./test/shipments");
    return { method: "GET", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db)).id}/ready` };
  },
  "POST /api/admin/shipments/:id/packages": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "POST", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db)).id}/packages`, payload: { trackingIds: [p.id] } };
  },
  "DELETE /api/admin/shipments/:id/packages/:trackingId": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    const shipment = await addTestShipment(t.ctx.db, { trackingIds: [p.id] });
    return { method: "DELETE", url: `/api/admin/shipments/${shipment.id}/packages/${p.id}` };
  },
  "POST /api/admin/shipments/:id/close": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "POST", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db, { trackingIds: [p.id] })).id}/close` };
  },
  "POST /api/admin/shipments/:id/reopen": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "POST", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db, { estado: "CERRADO", trackingIds: [p.id] })).id}/reopen` };
  },
  "POST /api/admin/shipments/:id/status": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    const shipment = await addTestShipment(t.ctx.db, { estado: "CERRADO", trackingIds: [p.id] });
    return { method: "POST", url: `/api/admin/shipments/${shipment.id}/status`, payload: { estado: "EN_ADUANAS" } };
  },
  "GET /api/admin/shipments/:id/manifest.xlsx": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "GET", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db, { trackingIds: [p.id] })).id}/manifest.xlsx` };
  },
  "GET /api/admin/shipments/:id/manifest.pdf": async ({ t }) => {
    const { addReceivedPackages, addTestShipment } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "GET", url: `/api/admin/shipments/${(await addTestShipment(t.ctx.db, { trackingIds: [p.id] })).id}/manifest.pdf` };
  },
  "GET /api/admin/labels": async ({ t }) => {
    const { addReceivedPackages } = await import("./test/shipments");
    const [p] = await addReceivedPackages(t.ctx.db, 1);
    return { method: "GET", url: `/api/admin/labels?ids=${p.id}&format=termica` };
  },
  // --- end of Embarques ---

  // --- Entregas (issue 20): modules/deliveries ---
  "GET /api/admin/deliveries": async () => ({ method: "GET", url: "/api/admin/deliveries" }),
  "GET /api/admin/deliveries/scan": async ({ t }) => ({
    method: "GET",
    url: `/api/admin/deliveries/scan?code=${(await addTestPackage(t.ctx.db, (await newClient(t)).id, uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR")).trackingCode}`,
  }),
  // A Mensajero delivers only from their own list: its call is made by a messenger holding the package.
  "POST /api/admin/deliveries/:id": async ({ t, role, ownAccount }) => {
    const p = await addTestPackage(t.ctx.db, (await newClient(t)).id, uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR");
    const session = role === "mensajero" ? await ownAccount() : undefined;
    if (session) await t.ctx.db.insert(deliveryAssignments).values({ trackingId: p.id, messengerAccountId: session.accountId });
    return { method: "POST", url: `/api/admin/deliveries/${p.id}`, payload: { recibidoPor: "Ana Mora Solís" }, ...(session ? { session } : {}) };
  },
  // The delivery lists (issue 32 item 7)
  "GET /api/admin/delivery-list": async () => ({ method: "GET", url: "/api/admin/delivery-list" }),
  "GET /api/admin/messengers": async () => ({ method: "GET", url: "/api/admin/messengers" }),
  "PUT /api/admin/deliveries/:id/messenger": async ({ t }) => ({
    method: "PUT",
    url: `/api/admin/deliveries/${(await addTestPackage(t.ctx.db, (await newClient(t)).id, uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR")).id}/messenger`,
    payload: { messengerId: (await createTestStaff(t, "mensajero")).accountId },
  }),
  "PATCH /api/admin/deliveries/:id/pickup": async ({ t }) => ({
    method: "PATCH",
    url: `/api/admin/deliveries/${(await addTestPackage(t.ctx.db, (await newClient(t)).id, uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR")).id}/pickup`,
    payload: { retiroOficina: true },
  }),
  // --- end of Entregas ---

  // --- Pagos (issue 21): modules/payments ---
  "GET /api/admin/trackings/:id/charges": async ({ t }) => ({ method: "GET", url: `/api/admin/trackings/${(await pricedPackage(t)).id}/charges` }),
  "POST /api/admin/trackings/:id/charges": async ({ t }) => ({
    method: "POST",
    url: `/api/admin/trackings/${(await pricedPackage(t)).id}/charges`,
    payload: { kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 1500 },
  }),
  "DELETE /api/admin/trackings/:id/charges/:chargeId": async ({ t }) => {
    const p = await pricedPackage(t);
    const [line] = await t.ctx.db.insert(packageCharges).values({ trackingId: p.id, kind: "OTRO", description: "Otro", amountColones: 100 }).returning();
    await t.ctx.db.update(clientTrackings).set({ cargosExtraColones: 100 }).where(eq(clientTrackings.id, p.id));
    return { method: "DELETE", url: `/api/admin/trackings/${p.id}/charges/${line.id}` };
  },
  "GET /api/admin/payments": async () => ({ method: "GET", url: "/api/admin/payments" }),
  "GET /api/admin/payments/due": async ({ t }) => ({ method: "GET", url: `/api/admin/payments/due?clientCode=${(await pricedPackage(t)).clientCode}` }),
  "POST /api/admin/payments": async ({ t }) => {
    const p = await pricedPackage(t);
    return { method: "POST", url: "/api/admin/payments", payload: { clientCode: p.clientCode, method: "EFECTIVO", allocations: [{ trackingId: p.id, amountColones: 1000 }] } };
  },
  "GET /api/admin/payments/:id": async ({ t }) => ({ method: "GET", url: `/api/admin/payments/${await newPayment(t)}` }),
  "POST /api/admin/payments/:id/reverse": async ({ t }) => ({ method: "POST", url: `/api/admin/payments/${await newPayment(t)}/reverse`, payload: { reason: "Error de digitación" } }),
  "GET /api/admin/payments/:id/receipt": async ({ t }) => ({ method: "GET", url: `/api/admin/payments/${await newPayment(t)}/receipt` }),
  // Comprobantes electrónicos (issue 34): office staff, like money.
  "GET /api/admin/payments/:id/comprobantes": async ({ t }) => ({ method: "GET", url: `/api/admin/payments/${await newPayment(t)}/comprobantes` }),
  "GET /api/admin/comprobantes/:id/xml": async ({ t }) => ({ method: "GET", url: `/api/admin/comprobantes/${await newComprobante(t, "pendiente")}/xml` }),
  "GET /api/admin/comprobantes/:id/pdf": async ({ t }) => ({ method: "GET", url: `/api/admin/comprobantes/${await newComprobante(t, "pendiente")}/pdf` }),
  "GET /api/admin/comprobantes/:id/respuesta": async ({ t }) => ({ method: "GET", url: `/api/admin/comprobantes/${await newComprobante(t, "aceptado")}/respuesta` }),
  "POST /api/admin/comprobantes/:id/reissue": async ({ t }) => ({ method: "POST", url: `/api/admin/comprobantes/${await newComprobante(t, "rechazado")}/reissue` }),
  "GET /api/admin/payment-proofs": async () => ({ method: "GET", url: "/api/admin/payment-proofs?estado=PENDIENTE" }),
  "POST /api/admin/payment-proofs/:id/confirm": async ({ t }) => {
    const { proofId, trackingId } = await newProof(t);
    return { method: "POST", url: `/api/admin/payment-proofs/${proofId}/confirm`, payload: { reference: `R-${proofId}-${Date.now()}`, allocations: [{ trackingId, amountColones: 1000 }] } };
  },
  "POST /api/admin/payment-proofs/:id/reject": async ({ t }) => ({
    method: "POST",
    url: `/api/admin/payment-proofs/${(await newProof(t)).proofId}/reject`,
    payload: { reason: "No se lee el monto" },
  }),
  // --- end of Pagos ---
  // --- Caja (issue 21): modules/cash ---
  "GET /api/admin/cash/closing": async () => ({ method: "GET", url: "/api/admin/cash/closing?date=2026-03-10" }),
  "GET /api/admin/cash/closing.xlsx": async () => ({ method: "GET", url: "/api/admin/cash/closing.xlsx?date=2026-03-10" }),
  // Each call closes another day long past (a closed day answers 409), never today.
  "POST /api/admin/cash/closings": async () => ({ method: "POST", url: "/api/admin/cash/closings", payload: { date: costaRicaDayKey(addDays("2001-01-01T12:00:00Z", ++closedDays)) } }),
  "GET /api/admin/cash/receivables": async () => ({ method: "GET", url: "/api/admin/cash/receivables?search=Mora" }),
  "GET /api/admin/cash/receivables/:clientCode": async ({ t }) => ({ method: "GET", url: `/api/admin/cash/receivables/${(await newClient(t)).clientCode}` }),
  // --- end of Caja ---
};

/**
 * Tables a refused call may touch: abuse counters, the rate cache, the session's last-seen time,
 * and the audit log with its chain and its held-back repeats, which account for exactly the
 * refusal (checked apart: auditCounts).
 */
const NOT_CHANGED_BY_CALLS = new Set([...NOT_DATA_TABLES, "audit_log", "audit_log_head", "audit_throttle"]);

/**
 * Refusals accounted for in the audit log (decision 148: one record per account and 10 minutes,
 * the repeats counted in audit_throttle, later written as one summary with their count), and
 * every other kind of record.
 */
async function auditCounts(t: TestApp): Promise<{ denied: number; other: number }> {
  const [row] = await t.ctx.db
    .select({
      denied: sql<number>`(coalesce(sum(case when ${auditLog.action} = 'sesion.denegado' then coalesce((${auditLog.after} ->> 'repeticiones')::int, 1) end), 0)
        + (select coalesce(sum(suppressed), 0) from audit_throttle where key like 'sesion.denegado:%'))::int`,
      other: sql<number>`count(*) filter (where ${auditLog.action} <> 'sesion.denegado')::int`,
    })
    .from(auditLog);
  return { denied: Number(row.denied), other: Number(row.other) };
}

// One app and database for the file; the rule's throw-away apps borrow its database.
const t = useTestApp();

describe("route table by staff role", () => {
  const sessions = {} as Record<StaffRole, TestStaff>;

  const adminRoutes = () => t.ctx.routes.filter((r) => r.auth === "admin");
  const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  async function sessionsOnce() {
    for (const role of STAFF_ROLES) sessions[role] ??= await createTestStaff(t, role);
  }

  // One fingerprinter for the file: each one adds a reader whose lines every later write fills,
  // so one per route made every statement of the walk write more lines (112 readers by the end)
  // and every fingerprint scan them. A fingerprint is still of the whole data: the tables no
  // statement wrote since the previous one keep their hash (db-fingerprint.ts).
  let fingerprinter: Fingerprinter | undefined;
  const fingerprintOnce = async () => (fingerprinter ??= await createFingerprinter(t.ctx.db, NOT_CHANGED_BY_CALLS));

  it("has a sample for every admin route, and every route declares its roles", () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !SAMPLES[keyOf(r)]).map(keyOf), "admin routes without a sample in route-roles.test.ts").toEqual([]);
    expect(routes.filter((r) => r.roles.length === 0 || r.roles.some((role) => !STAFF_ROLES.includes(role))).map(keyOf)).toEqual([]);
    // A sample without a route is a typo or a route removed.
    const registered = new Set(routes.map(keyOf));
    expect(Object.keys(SAMPLES).filter((key) => !registered.has(key))).toEqual([]);
  });

  for (const key of Object.keys(SAMPLES)) it(`${key}: 2xx for its roles, 403 for the others (GET and HEAD), 401 without a session`, async () => {
    const route = adminRoutes().find((r) => keyOf(r) === key);
    if (!route) throw new Error(`${key} is not registered`);
    await sessionsOnce();
    const fingerprint = await fingerprintOnce();
    const failures: string[] = [];
    const take = async () => ({ tables: await fingerprint.take(), audit: await auditCounts(t) });
    /** Nothing changed but, for a signed-in person, the one record of the refusal. */
    const unchanged = async (who: string, before: Awaited<ReturnType<typeof take>>, signedIn: boolean) => {
      const after = await take();
      const changed = fingerprint.changed(before.tables, after.tables);
      if (changed.length > 0) failures.push(`${who}: a refused call changed ${changed.join(", ")}`);
      const expected = { denied: before.audit.denied + (signedIn ? 1 : 0), other: before.audit.other };
      if (JSON.stringify(after.audit) !== JSON.stringify(expected)) {
        failures.push(`${who}: audit records ${JSON.stringify(after.audit)} (expected ${JSON.stringify(expected)})`);
      }
    };
    // Fastify answers HEAD for every GET with the GET's handler and config: a refused role is refused there too.
    if (route.method === "GET") {
      for (const role of STAFF_ROLES.filter((r) => !route.roles.includes(r))) {
        const call = await SAMPLES[key]({ t, role, ownAccount: () => createTestStaff(t, role) });
        const before = await take();
        const res = await t.app.inject({ method: "HEAD", url: call.url, headers: { ...call.headers, ...(call.session ?? sessions[role]).headers } });
        if (res.statusCode !== 403) failures.push(`${role} (HEAD): ${res.statusCode} (expected 403)`);
        await unchanged(`${role} (HEAD)`, before, true);
      }
    }
    // Refused calls first: whatever an allowed call might still be writing after its answer can
    // never land between a refused call's before and after.
    const refusedFirst = [null, ...STAFF_ROLES.filter((r) => !route.roles.includes(r)), ...STAFF_ROLES.filter((r) => route.roles.includes(r))];
    for (const role of refusedFirst) {
      const kit: SampleKit = { t, role, ownAccount: () => createTestStaff(t, role ?? "bodega") };
      const call = await SAMPLES[key](kit);
      const authorization = role ? (call.session ?? sessions[role]).headers.authorization : undefined;
      const allowed = role !== null && route.roles.includes(role);
      const before = allowed ? undefined : await take();
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...call.headers, ...(authorization ? { authorization } : {}) },
        ...(call.payload === undefined ? {} : { payload: call.payload as string }),
      });
      const who = role ?? "no session";
      const body = res.body.slice(0, 200);
      if (role === null) {
        if (res.statusCode !== 401) failures.push(`${who}: ${res.statusCode} (expected 401) ${body}`);
      } else if (allowed) {
        const refusal = BUSINESS_REFUSALS[key]?.[role];
        if (refusal) {
          const answer = safeJson(res.body);
          if (res.statusCode < 400 || res.statusCode === 401 || answer?.message !== refusal) {
            failures.push(`${who}: ${res.statusCode} (expected the refusal "${refusal}") ${body}`);
          }
        } else if (res.statusCode < 200 || res.statusCode > 299) {
          failures.push(`${who}: ${res.statusCode} (expected 2xx) ${body}`);
        } else if (route.contract && answerProblems(route.contract, res).length > 0) {
          // Every answer holds to the route's published contract (issue 33 item 3, decision 177).
          failures.push(`${who}: the answer breaks its contract: ${answerProblems(route.contract, res).join("; ")}`);
        } else if (!/\bno-store\b/.test(String(res.headers["cache-control"]))) {
          // Staff answers are private: never kept by a browser or a proxy (issue 31, decision 146).
          failures.push(`${who}: Cache-Control ${String(res.headers["cache-control"])} (expected no-store)`);
        }
      } else {
        const answer = safeJson(res.body);
        if (res.statusCode !== 403 || answer?.code !== "FORBIDDEN" || answer.message !== ROLE_FORBIDDEN) {
          failures.push(`${who}: ${res.statusCode} (expected 403 "${ROLE_FORBIDDEN}") ${body}`);
        }
      }
      if (before) await unchanged(who, before, role !== null);
    }
    expect(failures, `${key} (roles: ${route.roles.join(", ")})`).toEqual([]);
  });
});

describe("the role declaration rule", () => {
  async function registering(config: Record<string, unknown>): Promise<unknown> {
    const { app } = await buildApp({ config: t.config, database: t.database, adminPassword: "otra-clave-de-prueba" });
    app.register(async (scope) => {
      scope.get("/api/prueba-de-roles", { config }, async () => ({ ok: true }));
    });
    try {
      await app.ready();
      return undefined;
    } catch (err) {
      return err;
    } finally {
      await app.close();
    }
  }

  it("refuses to build an app with an admin route that names no roles, or a public route that names some", async () => {
    expect(String(await registering({ auth: "admin" }))).toMatch(/must declare config\.roles/);
    expect(String(await registering({ auth: "admin", roles: [] }))).toMatch(/must declare config\.roles/);
    expect(String(await registering({ auth: "public", codeOracle: false, roles: ANY_STAFF }))).toMatch(/cannot declare roles/);
    expect(await registering({ auth: "admin", roles: ANY_STAFF })).toBeUndefined();
  });
});

function safeJson(body: string): { code?: string; message?: string } | undefined {
  try {
    return JSON.parse(body) as { code?: string; message?: string };
  } catch {
    return undefined;
  }
}
