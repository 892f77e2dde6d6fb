// Staff managing client records (issue 18 item 13; docs/decisions/120, 121):
// - create: the registration form's rules, a code issued like registration's, the welcome queued;
//   a phone another client holds is refused (409 naming that client: edit or merge it instead);
// - edit: name, phone, address, email and notes, only what is sent;
// - delete: refused while the client has packages not yet delivered; delivered packages, search
//   history, coupons and referrals go with the client, queued messages to it are dropped;
// - merge: one record of a person into another, in one transaction; refused when both hold the
//   same tracking code (nothing is lost silently).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, coupons, notificationOutbox, partsSearches, paymentProofs, payments, referrals } from "../../db/schema";
import { AppError, badRequest, conflict, isForeignKeyViolation, notFound } from "../../errors";
import { CLIENT_HAS_PAYMENTS } from "../../../shared/api/admin/payments";
import { rowsOf } from "../../lib/rate-limiter";
import type { Actor } from "../../lib/actor";
import { diffFields, recordAudit } from "../../core/audit/service";
import { enqueueNotification, inOutboxTransaction } from "../../core/outbox";
import { welcomeNotification } from "../notifications/messages";
import { CLIENT_RECORD, costaRicanPhone, insertNewClient, lockPhoneAndFindHolder } from "./new-client";
import {
  ADMIN_CLIENT_NOT_FOUND,
  CLIENT_LOOKALIKE_CODE,
  MERGE_SAME_CLIENT,
  clientLookalikeMessage,
  clientHasActiveTrackings,
  clientPhoneTaken,
  mergeTrackingConflict,
  type TAdminClientRecord,
  type TClientLookalike,
  type TCreateAdminClientRequest,
  type TDeleteClientResponse,
  type TMergeClientsResponse,
  type TUpdateAdminClientRequest,
} from "../../../shared/api/admin/clients";

/**
 * Refuses a phone another client holds, however an import stored it. Serialized per number with
 * registration's own lock, so a registration and a staff create cannot both take it.
 */
async function assertPhoneFree(tx: DbOrTx, telefono: string, exceptId?: number): Promise<void> {
  const other = await lockPhoneAndFindHolder(tx, telefono, exceptId);
  if (other) throw conflict(clientPhoneTaken(other.clientCode, other.nombre));
}

/** Upper and lower case accented letters Spanish names use, and their plain forms (for SQL translate). */
const ACCENTED = "ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç";
const PLAIN = "AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc";

/** A name compared without accents, case or repeated spaces: "José  Pérez" is "jose perez". */
function plainName(nombre: string): string {
  return nombre.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The 72 local numbers one digit off an 8-digit one. */
function phonesOneDigitOff(local: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < local.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== local[i]) out.push(local.slice(0, i) + String(d) + local.slice(i + 1));
    }
  }
  return out;
}

/**
 * Clients that look like a new one (issue 32; decision 153): the same name without accents, case
 * or extra spaces, or a WhatsApp one digit off (however an import stored it). At most 5, oldest first.
 */
async function findLookalikes(tx: DbOrTx, nombre: string, telefono: string): Promise<TClientLookalike[]> {
  const name = plainName(nombre);
  const near = phonesOneDigitOff(telefono.slice(4));
  const digits = sql`regexp_replace(${clients.telefono}, '\\D', '', 'g')`;
  const plainStored = sql`btrim(regexp_replace(lower(translate(${clients.nombre}, ${ACCENTED}, ${PLAIN})), '\\s+', ' ', 'g'))`;
  const nearList = sql.join(
    [...near, ...near.map((n) => `506${n}`)].map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = await tx
    .select({ id: clients.id, clientCode: clients.clientCode, nombre: clients.nombre, telefono: clients.telefono, sameName: sql<boolean>`${plainStored} = ${name}` })
    .from(clients)
    .where(or(sql`${plainStored} = ${name}`, sql`${digits} in (${nearList})`))
    .orderBy(clients.id)
    .limit(5);
  return rows.map((r) => ({ id: r.id, clientCode: r.clientCode, nombre: r.nombre, telefono: r.telefono, reason: r.sameName ? "nombre" : "telefono" }));
}

export async function createClientByStaff(
  db: Db,
  input: TCreateAdminClientRequest,
  options: { brandName: string; actor: Actor; now?: Date },
): Promise<TAdminClientRecord> {
  const telefono = costaRicanPhone(input.telefono);
  const now = options.now ?? new Date();
  return inOutboxTransaction(db, async (tx) => {
    await assertPhoneFree(tx, telefono);
    // A look-alike is asked about first (409), unless staff already confirmed it is another person.
    if (input.confirmar !== true) {
      const lookalikes = await findLookalikes(tx, input.nombre, telefono);
      if (lookalikes.length > 0) throw new AppError(CLIENT_LOOKALIKE_CODE, 409, clientLookalikeMessage(lookalikes), { lookalikes });
    }
    const created = await insertNewClient(
      tx,
      {
        nombre: input.nombre,
        direccion: input.direccion,
        telefono,
        email: input.email,
        notas: input.notas,
        tipoIdentificacion: input.tipoIdentificacion,
        identificacion: input.identificacion,
      },
      { now },
    );
    // The client learns the code the same way as one who registered (pending until sent).
    await enqueueNotification(
      tx,
      welcomeNotification({ clientId: created.id, telefono, nombre: created.nombre, clientCode: created.clientCode, brandName: options.brandName }),
    );
    await recordAudit(tx, options.actor, { action: "cliente.crear", entity: "cliente", entityId: created.id, summary: `${created.clientCode} · ${created.nombre}`, after: created });
    return created;
  });
}

/** The client fields staff edit, as the audit log compares them. */
const EDITED_FIELDS = ["nombre", "telefono", "direccion", "email", "notas", "tipoIdentificacion", "identificacion"] as const;

export async function updateClientByStaff(
  db: Db,
  id: number,
  input: TUpdateAdminClientRequest,
  actor: Actor,
  now = new Date(),
): Promise<TAdminClientRecord> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(CLIENT_RECORD).from(clients).where(eq(clients.id, id)).for("update");
    if (!current) throw notFound(ADMIN_CLIENT_NOT_FOUND);
    const change: Partial<typeof clients.$inferInsert> = { updatedAt: now };
    if (input.nombre !== undefined) change.nombre = input.nombre;
    if (input.direccion !== undefined) change.direccion = input.direccion;
    if (input.email !== undefined) change.email = input.email;
    if (input.notas !== undefined) change.notas = input.notas;
    // The pair comes checked and normalised together by the shared rule (shared/api/tax-id.ts).
    if (input.tipoIdentificacion !== undefined) {
      change.taxIdType = input.tipoIdentificacion;
      change.taxIdNumber = input.identificacion ?? null;
    }
    if (input.telefono !== undefined) {
      const telefono = costaRicanPhone(input.telefono);
      // An imported number left as it was needs no check (legacy duplicates stay editable).
      if (telefono !== current.telefono) await assertPhoneFree(tx, telefono, id);
      change.telefono = telefono;
    }
    const [row] = await tx.update(clients).set(change).where(eq(clients.id, id)).returning(CLIENT_RECORD);
    const diff = diffFields(current, row, EDITED_FIELDS);
    if (diff) await recordAudit(tx, actor, { action: "cliente.editar", entity: "cliente", entityId: id, summary: `${row.clientCode} · ${row.nombre}`, ...diff });
    return row;
  });
}

export async function deleteClientByStaff(db: Db, id: number, actor: Actor): Promise<TDeleteClientResponse> {
  // payments.client_id and payment_allocations.tracking_id are ON DELETE RESTRICT (issue 21).
  return deleting(db, id, actor).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw conflict(CLIENT_HAS_PAYMENTS);
    throw error;
  });
}

function deleting(db: Db, id: number, actor: Actor): Promise<TDeleteClientResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(CLIENT_RECORD).from(clients).where(eq(clients.id, id)).for("update");
    if (!row) throw notFound(ADMIN_CLIENT_NOT_FOUND);
    const [counts] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${clientTrackings.estado} <> 'ENTREGADO'))::int`,
      })
      .from(clientTrackings)
      .where(eq(clientTrackings.clientId, id));
    if (Number(counts.active) > 0) throw conflict(clientHasActiveTrackings(Number(counts.active)));
    // Nothing waiting is ever sent to a client that no longer exists; sent messages stay as the log.
    await tx.delete(notificationOutbox).where(and(eq(notificationOutbox.clientId, id), inArray(notificationOutbox.status, ["PENDING", "FAILED"])));
    // Packages, status history, searches, coupons and referrals cascade (schema.ts).
    await tx.delete(clients).where(eq(clients.id, id));
    await recordAudit(tx, actor, {
      action: "cliente.eliminar",
      entity: "cliente",
      entityId: id,
      summary: `${row.clientCode} · ${row.nombre}`,
      before: { ...row, paquetesEntregados: Number(counts.total) },
    });
    return { success: true, id, deletedTrackings: Number(counts.total) };
  });
}

/**
 * Moves everything of client `fromId` into client `keepId` and removes `fromId`. The kept record
 * keeps its code, name, phone and address; an empty email is filled from the other, notes are
 * joined, the welcome counts as sent if either got it, and the AI search access is the larger.
 */
export async function mergeClients(db: Db, keepId: number, fromId: number, actor: Actor, now = new Date()): Promise<TMergeClientsResponse> {
  if (keepId === fromId) throw badRequest(MERGE_SAME_CLIENT);
  return db.transaction(async (tx) => {
    // Locked in id order: two merges of the same pair in opposite directions cannot deadlock.
    const locked = await tx
      .select()
      .from(clients)
      .where(inArray(clients.id, [keepId, fromId]))
      .orderBy(clients.id)
      .for("update");
    const keep = locked.find((c) => c.id === keepId);
    const from = locked.find((c) => c.id === fromId);
    if (!keep || !from) throw notFound(ADMIN_CLIENT_NOT_FOUND);

    const duplicates = await tx.execute(sql`
      select a.tracking_code as code from client_trackings a
      join client_trackings b on b.tracking_code = a.tracking_code and b.client_id = ${keepId}
      where a.client_id = ${fromId} order by a.tracking_code limit 10`);
    const codes = rowsOf<{ code: string }>(duplicates);
    if (codes.length > 0) throw conflict(mergeTrackingConflict(codes.map((r) => r.code)));

    const trackings = await tx.update(clientTrackings).set({ clientId: keepId }).where(eq(clientTrackings.clientId, fromId)).returning({ id: clientTrackings.id });
    const searches = await tx.update(partsSearches).set({ clientId: keepId }).where(eq(partsSearches.clientId, fromId)).returning({ id: partsSearches.id });
    const movedCoupons = await tx.update(coupons).set({ clientId: keepId }).where(eq(coupons.clientId, fromId)).returning({ id: coupons.id });
    // Payments and SINPE receipts follow their packages (issue 21; payments.client_id is RESTRICT).
    await tx.update(payments).set({ clientId: keepId }).where(eq(payments.clientId, fromId));
    await tx.update(paymentProofs).set({ clientId: keepId }).where(eq(paymentProofs.clientId, fromId));
    // A welcome still waiting for the removed record names a code that no longer exists: dropped.
    const welcomeSent = keep.whatsappEnviado === "ENVIADO" || from.whatsappEnviado === "ENVIADO";
    const pendingWelcome = and(eq(notificationOutbox.kind, "WELCOME"), eq(notificationOutbox.status, "PENDING"));
    await tx.delete(notificationOutbox).where(and(eq(notificationOutbox.clientId, welcomeSent ? keepId : fromId), pendingWelcome));
    if (welcomeSent) await tx.delete(notificationOutbox).where(and(eq(notificationOutbox.clientId, fromId), pendingWelcome));
    await tx.update(notificationOutbox).set({ clientId: keepId }).where(eq(notificationOutbox.clientId, fromId));

    // Referrals between the two records are a person referring themself: dropped.
    await tx
      .delete(referrals)
      .where(
        or(
          and(eq(referrals.referrerClientId, keepId), eq(referrals.referredClientId, fromId)),
          and(eq(referrals.referrerClientId, fromId), eq(referrals.referredClientId, keepId)),
        ),
      );
    // A person is referred once: the kept record's referral wins, the other's moves only if it has none.
    const [keptReferred] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.referredClientId, keepId));
    if (keptReferred) await tx.delete(referrals).where(eq(referrals.referredClientId, fromId));
    const referred = await tx.update(referrals).set({ referredClientId: keepId }).where(eq(referrals.referredClientId, fromId)).returning({ id: referrals.id });
    const referring = await tx.update(referrals).set({ referrerClientId: keepId }).where(eq(referrals.referrerClientId, fromId)).returning({ id: referrals.id });

    const notas = [keep.notas, from.notas].filter((n): n is string => Boolean(n?.trim())).join("\n\n") || null;
    await tx.delete(clients).where(eq(clients.id, fromId));
    const [client] = await tx
      .update(clients)
      .set({
        email: keep.email ?? from.email,
        notas,
        // An identification travels whole: the kept record's, else the other's (decision 189).
        ...(keep.taxIdType ? {} : { taxIdType: from.taxIdType, taxIdNumber: from.taxIdNumber }),
        whatsappEnviado: welcomeSent ? "ENVIADO" : "PENDIENTE",
        whatsappEnviadoAt: keep.whatsappEnviadoAt ?? from.whatsappEnviadoAt,
        searchLimit: Math.max(keep.searchLimit, from.searchLimit),
        unlimitedAccess: Math.max(keep.unlimitedAccess, from.unlimitedAccess),
        createdAt: keep.createdAt < from.createdAt ? keep.createdAt : from.createdAt,
        updatedAt: now,
      })
      .where(eq(clients.id, keepId))
      .returning(CLIENT_RECORD);
    const moved = {
      trackings: trackings.length,
      searches: searches.length,
      coupons: movedCoupons.length,
      referrals: referred.length + referring.length,
    };
    const record = (c: typeof keep) => ({
      id: c.id,
      clientCode: c.clientCode,
      nombre: c.nombre,
      telefono: c.telefono,
      direccion: c.direccion,
      email: c.email,
      notas: c.notas,
      tipoIdentificacion: c.taxIdType,
      identificacion: c.taxIdNumber,
    });
    await recordAudit(tx, actor, {
      action: "cliente.unir",
      entity: "cliente",
      entityId: keepId,
      summary: `${from.clientCode} → ${keep.clientCode} · ${keep.nombre}`,
      before: { conservado: record(keep), unido: record(from) },
      after: { cliente: client, movidos: moved },
    });
    return { client, moved };
  });
}
