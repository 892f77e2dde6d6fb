// Gap-free numbering of comprobantes (issue 34, decision 185): per branch, terminal and document
// type, the next number is taken INSIDE the caller's transaction (the payment's). The upsert
// locks the sequence row until that transaction ends: a second payment waits for the first, on
// this instance or another; if the first rolls back, its number is given to the next one. So the
// committed numbers are 1, 2, 3… without a hole or a repeat, on PostgreSQL and on PGlite.
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import { consecutivo, MAX_DOCUMENT_NUMBER, type IssuingPoint } from "./clave";
import { DOCUMENT_TYPE_CODES, type DocumentKind } from "./document";

export interface DocumentNumber {
  number: number;
  /** The 20-digit consecutivo with this number. */
  consecutivo: string;
}

export async function nextDocumentNumber(tx: Tx, point: IssuingPoint, kind: DocumentKind): Promise<DocumentNumber> {
  const type = DOCUMENT_TYPE_CODES[kind];
  const [row] = rowsOf<{ last_number: string | number }>(await tx.execute(sql`
    insert into invoice_sequences (branch, terminal, document_type, last_number)
    values (${point.branch}, ${point.terminal}, ${type}, 1)
    on conflict (branch, terminal, document_type)
    do update set last_number = invoice_sequences.last_number + 1, updated_at = now()
    returning last_number`));
  const number = Number(row.last_number);
  if (!Number.isSafeInteger(number) || number > MAX_DOCUMENT_NUMBER) throw new Error("Se agotó la numeración de comprobantes de esta terminal.");
  return { number, consecutivo: consecutivo(point, kind, number) };
}
