// The one phone rule for WhatsApp numbers (issue 35): Meta writes a sender as international
// digits (50688887777); clients' numbers are stored as +50688887777, or as an import brought them
// ("8888-7777", "506 8888 7777"). A local Costa Rican number matches with or without +506, as
// when a client registers (clients/new-client.ts lockPhoneAndFindHolder).
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normalizeCostaRicanWhatsapp, toWhatsappChatNumber } from "../../shared/domain/phone";

/** The condition "this stored phone column is the WhatsApp number `number`" (any written form). */
export function sameWhatsappNumber(column: AnyPgColumn, number: string): SQL {
  const digits = toWhatsappChatNumber(number);
  const local = normalizeCostaRicanWhatsapp(digits)?.slice(4);
  if (local) {
    return sql`(${column} = ${`+506${local}`} or regexp_replace(${column}, '\\D', '', 'g') in (${local}, ${`506${local}`}))`;
  }
  return sql`regexp_replace(${column}, '\\D', '', 'g') = ${digits}`;
}
