// Contact messages: storing what visitors send from /contacto and listing them for staff.
import { count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { CONTACT_NOT_FOUND, type TContactListQuery, type TContactListResponse } from "../../../shared/api/admin/contacts";
import type { TContactMessage, TContactRequest } from "../../../shared/api/contact";
import type { DbOrTx } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";

type ContactRow = typeof contactMessages.$inferSelect;

function presentContact(row: ContactRow): TContactMessage {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono ?? null,
    mensaje: row.mensaje,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}

export async function createContactMessage(db: DbOrTx, input: TContactRequest): Promise<TContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({ nombre: input.nombre, email: input.email, telefono: input.telefono ?? null, mensaje: input.mensaje })
    .returning();
  return presentContact(row);
}

const m = contactMessages;

/**
 * One page of messages, newest first (ties on the same instant broken by the later id), with how
 * many match the filter and how many are still unanswered.
 */
export async function listContactMessages(db: DbOrTx, query: TContactListQuery): Promise<TContactListResponse> {
  const { page, pageSize, estado } = query;
  const where = estado === "pendientes" ? isNull(m.answeredAt) : estado === "respondidos" ? isNotNull(m.answeredAt) : undefined;
  const [rows, [{ n }], [{ pending }]] = await Promise.all([
    db
      .select()
      .from(m)
      .where(where)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(m).where(where),
    db.select({ pending: count() }).from(m).where(isNull(m.answeredAt)),
  ]);
  return { contacts: rows.map(presentContact), filteredTotal: Number(n), pendingTotal: Number(pending), page, pageSize };
}

/**
 * Marks a message answered (a message already answered keeps its first date) or pending again.
 */
export async function setContactAnswered(db: DbOrTx, id: number, answered: boolean, actor: Actor): Promise<TContactMessage> {
  return db.transaction(async (tx) => {
    const [was] = await tx.select({ answeredAt: m.answeredAt }).from(m).where(eq(m.id, id)).for("update");
    if (!was) throw notFound(CONTACT_NOT_FOUND);
    const [row] = await tx
      .update(m)
      .set({ answeredAt: answered ? sql`coalesce(${m.answeredAt}, now())` : null })
      .where(eq(m.id, id))
      .returning();
    if ((was.answeredAt !== null) !== answered) {
      await recordAudit(tx, actor, {
        action: "contacto.respondido",
        entity: "contacto",
        entityId: id,
        summary: `${row.nombre}: ${answered ? "respondido" : "pendiente"}`,
        before: { respondido: was.answeredAt !== null, answeredAt: was.answeredAt },
        after: { respondido: answered, answeredAt: row.answeredAt },
      });
    }
    return presentContact(row);
  });
}
