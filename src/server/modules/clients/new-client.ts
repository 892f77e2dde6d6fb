// The steps every way of creating a client shares (registration, staff create): the registration
// rule for the phone, the per-number lock with the look-up of a client already holding it, and
// the insert with a fresh client code and referral code.
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clients } from "../../db/schema";
import { badRequest } from "../../errors";
import { issueCodes } from "../../core/client-codes";
import { normalizeCostaRicanWhatsapp } from "../../../shared/domain/phone";
import { REGISTER_WHATSAPP_NOT_CR } from "../../../shared/api/clients";
import type { TaxIdType } from "../../../shared/domain/tax-identification";
import type { TaxIdPair } from "../../../shared/api/tax-id";

/** The columns a newly created or edited client record is answered with. */
export const CLIENT_RECORD = {
  id: clients.id,
  clientCode: clients.clientCode,
  nombre: clients.nombre,
  telefono: clients.telefono,
  direccion: clients.direccion,
  email: clients.email,
  notas: clients.notas,
  tipoIdentificacion: sql<TaxIdType | null>`${clients.taxIdType}`,
  identificacion: clients.taxIdNumber,
};

/** The registration rule: a Costa Rican WhatsApp number, stored as +506 and 8 digits. */
export function costaRicanPhone(typed: string): string {
  const telefono = normalizeCostaRicanWhatsapp(typed);
  if (!telefono) throw badRequest(REGISTER_WHATSAPP_NOT_CR);
  return telefono;
}

/**
 * The client (other than `exceptId`) holding a normalized phone, however an import stored it
 * ("8888-7777", "506 8888 7777"). Serialized per number for the rest of the transaction, so two
 * creations of one number at the same moment cannot both take it: the second waits, then sees
 * the first.
 */
export async function lockPhoneAndFindHolder(
  tx: DbOrTx,
  telefono: string,
  exceptId?: number,
): Promise<{ id: number; clientCode: string; nombre: string } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`client-phone:${telefono}`}))`);
  const local = telefono.slice(4);
  const samePhone = or(
    eq(clients.telefono, telefono),
    sql`regexp_replace(${clients.telefono}, '\\D', '', 'g') in (${local}, ${`506${local}`})`,
  );
  const [holder] = await tx
    .select({ id: clients.id, clientCode: clients.clientCode, nombre: clients.nombre })
    .from(clients)
    .where(exceptId === undefined ? samePhone : and(samePhone, ne(clients.id, exceptId)))
    .orderBy(clients.id)
    .limit(1);
  return holder;
}

/**
 * Inserts a client with a new client code and a separate referral code, both checked against
 * every stored client code, referral code and look-alike reading (codes.ts).
 */
export async function insertNewClient(
  tx: DbOrTx,
  fields: { nombre: string; direccion: string; telefono: string; email?: string | null; notas?: string | null } & Partial<TaxIdPair>,
  options: { now: Date; generateCode?: () => string },
) {
  const [clientCode, referralCode] = await issueCodes(tx, 2, options.generateCode);
  const [created] = await tx
    .insert(clients)
    .values({
      clientCode,
      codeLookalikeFree: true,
      referralCode,
      nombre: fields.nombre,
      direccion: fields.direccion,
      telefono: fields.telefono,
      email: fields.email ?? null,
      notas: fields.notas ?? null,
      // Normalised by the shared pair rule (shared/api/tax-id.ts) before it gets here.
      taxIdType: fields.tipoIdentificacion ?? null,
      taxIdNumber: fields.tipoIdentificacion ? (fields.identificacion ?? null) : null,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning(CLIENT_RECORD);
  return created;
}
