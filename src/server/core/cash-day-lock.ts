// Closed cash days (issue 31, docs/decisions/147): the lock both the payments service and closing a
// day take before they look at a Costa Rica day. The same function backs the database trigger
// payments_cash_day_guard (migration 0015), so the application's check and the database's agree.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { rowsOf } from "../lib/rate-limiter";

/**
 * Takes the Costa Rica day's lock until the transaction ends and tells whether the day is closed.
 * Lock order everywhere: a payment's row, then its packages, then days (a reversal: the paid day,
 * then today), so no two writers wait on each other in a circle.
 */
export async function lockCashDay(tx: DbOrTx, day: string): Promise<boolean> {
  const [row] = rowsOf<{ closed: boolean }>(await tx.execute(sql`select cash_day_locked_closed(${day}::date) as closed`));
  return row?.closed === true;
}
