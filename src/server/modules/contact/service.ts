// Contact messages: storing what visitors send from /contacto and listing them for staff.
import { count, desc } from "drizzle-orm";
import type { TContactListQuery, TContactListResponse } from "../../../shared/api/admin/contacts";
import type { TContactMessage, TContactRequest } from "../../../shared/api/contact";
import type { DbOrTx } from "../../db/client";
import { contactMessages } from "../../db/schema";

type ContactRow = typeof contactMessages.$inferSelect;

function presentContact(row: ContactRow): TContactMessage {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono ?? null,
    mensaje: row.mensaje,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createContactMessage(db: DbOrTx, input: TContactRequest): Promise<TContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({ nombre: input.nombre, email: input.email, telefono: input.telefono ?? null, mensaje: input.mensaje })
    .returning();
  return presentContact(row);
}

/** One page of messages, newest first (ties on the same instant broken by the later id), and how many there are. */
export async function listContactMessages(db: DbOrTx, query: TContactListQuery): Promise<TContactListResponse> {
  const { page, pageSize } = query;
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(contactMessages);
  return { contacts: rows.map(presentContact), filteredTotal: Number(n), page, pageSize };
}
