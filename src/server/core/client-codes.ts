// The two codes a client holds (decisions 107, 108) and how a typed code finds its client.
// - Client code: the client's only credential. Issued from the look-alike-free alphabet; a code
//   typed with a look-alike letter reaches an issued code only through its digit reading.
// - Referral code: what the share link carries. Same EX + 6 shape; never equal to any client code,
//   so a shared link opens no account.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { DbOrTx } from "../db/client";
import { clients } from "../db/schema";
import { rowsOf } from "../lib/rate-limiter";
import { generateClientCode, mapLookalikes } from "../../shared/domain/client-code";

/** A code typed on a public screen (normalized) → the clients it may name. */
export function typedCodeWhere(typed: string): SQL {
  const reading = mapLookalikes(typed);
  if (reading === typed) return eq(clients.clientCode, typed);
  // Exactly what a request without look-alikes tests: one code of the old alphabet (as typed)
  // and one issued code (its reading), so a guess covers no more codes than before.
  return or(eq(clients.clientCode, typed), and(eq(clients.clientCode, reading), eq(clients.codeLookalikeFree, true)))!;
}

/** Orders the matches of typedCodeWhere: a code stored exactly as typed wins over a reading. */
export function exactCodeFirst(typed: string): SQL {
  return sql`(${clients.clientCode} = ${typed}) desc`;
}

/** The one client a code typed on a public screen names (as typed first, then its reading). */
export async function findClientByTypedCode<T extends SelectedFields>(db: DbOrTx, typed: string, columns: T): Promise<SelectResultFields<T> | null> {
  // Widened for the builder (drizzle cannot narrow a generic selection); the row is T's shape.
  const selection: SelectedFields = columns;
  const [row] = await db.select(selection).from(clients).where(typedCodeWhere(typed)).orderBy(exactCodeFirst(typed)).limit(1);
  return (row as SelectResultFields<T> | undefined) ?? null;
}

/** Draws from here are serialized: a new code is checked against both columns, then written. */
async function lockCodeIssuing(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('client-code-issuing'))`);
}

/** Codes, among `candidates`, that some client already holds as client code, referral code or reading. */
async function takenCodes(tx: DbOrTx, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const list = sql.join(candidates.map((c) => sql`${c}`), sql`, `);
  const rows = rowsOf<{ code: string }>(await tx.execute(sql`
    select code from (
      select client_code as code from clients where client_code in (${list})
      union select referral_code from clients where referral_code in (${list})
      union select translate(client_code, 'OILZSB', '011258') from clients
        where translate(client_code, 'OILZSB', '011258') in (${list})
    ) taken`));
  return new Set(rows.map((r) => r.code));
}

/**
 * `count` fresh codes no client holds in any form, inside a transaction. Called by registration
 * (a client code and a referral code) and by the referral-code fill.
 */
export async function issueCodes(tx: DbOrTx, count: number, generate: () => string = generateClientCode): Promise<string[]> {
  await lockCodeIssuing(tx);
  const out: string[] = [];
  // Each round draws what is still missing; a taken or repeated draw is drawn again.
  for (let round = 0; out.length < count; round++) {
    if (round >= 20) throw new Error("No se pudo generar un código de cliente único");
    const drawn = Array.from({ length: count - out.length }, generate);
    const taken = await takenCodes(tx, drawn);
    for (const code of drawn) if (!taken.has(code) && !out.includes(code)) out.push(code);
  }
  return out;
}

/**
 * Referral codes for the clients an import just created (by client code), in its transaction: the
 * part of fillReferralCodes an import needs, without its two scans of every client (one per import
 * slice was about a third of an import's statements' time, issue 37). A client whose referral code
 * equals one of the new client codes (an old system's code) has it drawn again, as the fill would.
 */
export async function giveReferralCodes(tx: DbOrTx, newClientCodes: string[]): Promise<void> {
  if (newClientCodes.length === 0) return;
  await lockCodeIssuing(tx);
  const list = sql.join(newClientCodes.map((c) => sql`${c}`), sql`, `);
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`
    select id from clients where client_code in (${list}) and referral_code is null
    union select id from clients where referral_code in (${list})
    order by id`));
  if (rows.length === 0) return;
  const codes = await issueCodes(tx, rows.length);
  const values = sql.join(rows.map((row, i) => sql`(${row.id}::int, ${codes[i]}::varchar)`), sql`, `);
  await tx.execute(sql`update clients set referral_code = v.code from (values ${values}) as v(id, code) where clients.id = v.id`);
}

/** Clients given a referral code per statement by the fill. */
const FILL_BATCH = 1000;

/**
 * Gives a referral code to every client without one (clients from before decision 108, imports,
 * rows written straight in), and a new one to any client whose referral code became another
 * client's code (an import can bring an old-system code equal to it). Run at start-up (an import
 * gives its own new clients theirs: giveReferralCodes); returns how many clients got one.
 */
export async function fillReferralCodes(db: DbOrTx): Promise<number> {
  let filled = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await lockCodeIssuing(tx);
      await tx.execute(sql`update clients set referral_code = null
        where referral_code in (select client_code from clients)`);
      const rows = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(sql`${clients.referralCode} is null`)
        .orderBy(clients.id)
        .limit(FILL_BATCH);
      if (rows.length === 0) return 0;
      const codes = await issueCodes(tx, rows.length);
      const values = sql.join(rows.map((row, i) => sql`(${row.id}::int, ${codes[i]}::varchar)`), sql`, `);
      await tx.execute(sql`update clients set referral_code = v.code from (values ${values}) as v(id, code) where clients.id = v.id`);
      return rows.length;
    });
    filled += n;
    if (n < FILL_BATCH) return filled;
  }
}
