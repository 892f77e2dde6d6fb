// Finding a client as staff type it (name, code or phone) and by exact code: the lookups every
// staff list shares (clients, packages, warehouse, cash, avisos, search quota).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients } from "../db/schema";
import { notFound } from "../errors";
import { costaRicaMonthKey } from "../../shared/domain/dates";
import { CR_PREFIX } from "../../shared/domain/phone";
import { ADMIN_CLIENT_NOT_FOUND, PHONE_SEARCH_MIN_DIGITS } from "../../shared/api/admin/clients";

/**
 * The searches used this month for clients `c`: a counter last reset in an earlier month counts
 * as 0, as the parts assistant will treat it at the client's next search.
 */
export function effectiveSearchCount(now: Date): SQL {
  return sql`(case when c.last_reset_date < ${`${costaRicaMonthKey(now)}-01`}::date then 0 else c.search_count end)`;
}

/** `%`, `_` and `\` typed by staff are matched literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name (accents and case ignored), client-code substring, or phone digits, for clients `c`
 * (OR-ed). Each alternative has a trigram index (decision 116); the typed text is folded by the
 * same database function as the column, so both sides follow one rule.
 */
export function clientSearchAlternatives(q: string, options: { phones?: boolean } = {}): SQL[] {
  const alternatives: SQL[] = [sql`c.client_code like ${`%${likeEscape(q.toUpperCase())}%`}`];
  // Names carry no digits: a search with one (a tracking code, a phone) skips the name scan.
  if (!/\d/.test(q)) alternatives.push(sql`search_fold(c.nombre) like '%' || search_fold(${likeEscape(q)}) || '%'`);
  const digits = options.phones === false ? null : phoneSearchDigits(q);
  if (digits) {
    // Imported phones keep the punctuation their spreadsheet had.
    alternatives.push(sql`translate(c.telefono, ' +-().', '') like ${`%${digits}%`}`);
  }
  return alternatives;
}

/**
 * The digits a phone search looks for, however it was typed ("8888-1234", "+506 8888 1234",
 * "(506) 88881234"), or null when the text is no phone. The +506 prefix is dropped: a phone
 * stored with it contains the eight local digits, one imported without it contains nothing more.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[\d\s+().-]+$/.test(q)) return null;
  let digits = q.replace(/\D/g, "");
  if (digits.length > 8 && digits.startsWith(CR_PREFIX)) digits = digits.slice(CR_PREFIX.length);
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}

/** The client's id by code (404 when unknown). */
export async function findClientId(db: Db, clientCode: string): Promise<number> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, clientCode));
  if (!row) throw notFound(ADMIN_CLIENT_NOT_FOUND);
  return row.id;
}
