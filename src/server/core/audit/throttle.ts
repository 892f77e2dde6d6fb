// Repeated records held back (issue 31 item 7, decision 148): a refused call (403) per account,
// and sign-ins with an unknown user from anywhere, write one audit row per key and 10-minute
// window, the window's first. The repeats are counted in `audit_throttle` (one atomic upsert, so
// parallel requests and several instances count once each) with up to 10 distinct examples, and
// written as ONE summary row when the window ends: by the next repeat of the same key, or by the
// periodic job (startAuditRepeatFlush). Nothing is ever updated in audit_log itself, and every
// repeat is accounted for: the rows written plus the counts of their summaries.
import { and, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db, Tx } from "../../db/client";
import { auditThrottle } from "../../db/schema";
import type { Actor } from "../../lib/actor";
import { startPeriodicJob, type PeriodicJob } from "../../lib/jobs";
import { rowsOf } from "../../lib/rate-limiter";
import { recordAudit, type AuditEntry } from "./service";

export const AUDIT_REPEAT_WINDOW_MS = 10 * 60_000;
const MAX_SAMPLES = 10;

/** What the window's first record was, for its summary. */
interface HeldEntry {
  actor: Pick<Actor, "kind" | "accountId" | "label">;
  action: AuditEntry["action"];
  entity: AuditEntry["entity"];
  entityId: string | null;
}

type ThrottleRow = typeof auditThrottle.$inferSelect;

/**
 * Records `entry` unless the same `key` already wrote one in its live window; then only counts it
 * (with `sample`: the route, or the user name and address). Answers whether the row was written.
 * In its own transaction (refusals and failed sign-ins change nothing else).
 */
export async function recordRepeatable(
  db: Db,
  actor: Actor,
  entry: AuditEntry,
  repeat: { key: string; sample: string; now?: Date },
): Promise<"written" | "counted"> {
  const now = repeat.now ?? new Date();
  const key = repeat.key.slice(0, 200);
  const sample = repeat.sample.slice(0, 200);
  return db.transaction(async (tx) => {
    // A window of this key that has ended is summed up first, so the count belongs to its window.
    await flushEnded(tx, now, key);
    const held: HeldEntry = {
      actor: { kind: actor.kind, accountId: actor.accountId, label: actor.label },
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    };
    const end = new Date(now.getTime() + AUDIT_REPEAT_WINDOW_MS);
    const [row] = rowsOf<{ suppressed: number }>(
      await tx.execute(sql`
        insert into audit_throttle (key, window_start, window_end, last_at, suppressed, samples, entry)
        values (${key}, ${now.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, 0, '[]'::jsonb, ${JSON.stringify(held)}::jsonb)
        on conflict (key) do update set
          suppressed = audit_throttle.suppressed + 1,
          last_at = greatest(audit_throttle.last_at, excluded.last_at),
          samples = case
            when jsonb_array_length(audit_throttle.samples) < ${MAX_SAMPLES}
             and not audit_throttle.samples @> jsonb_build_array(${sample}::text)
            then audit_throttle.samples || jsonb_build_array(${sample}::text)
            else audit_throttle.samples end
        returning suppressed`),
    );
    if (Number(row.suppressed) > 0) return "counted";
    await recordAudit(tx, actor, { ...entry, at: entry.at ?? now });
    return "written";
  });
}

/**
 * Writes one summary row for each window that has ended with repeats held back (all keys, or
 * one), and forgets those windows. DELETE … RETURNING takes each window once, whichever
 * instance gets there first. Answers how many summaries were written.
 */
async function flushEnded(tx: Tx, now: Date, key?: string): Promise<number> {
  const ended = await tx
    .delete(auditThrottle)
    .where(and(lte(auditThrottle.windowEnd, now), key === undefined ? undefined : eq(auditThrottle.key, key)))
    .returning();
  const summaries = ended.filter((row) => row.suppressed > 0);
  for (const row of summaries) await writeSummary(tx, row);
  return summaries.length;
}

async function writeSummary(tx: Tx, row: ThrottleRow): Promise<void> {
  const held = row.entry as HeldEntry;
  const n = row.suppressed;
  const minutes = Math.round(AUDIT_REPEAT_WINDOW_MS / 60_000);
  const samples = row.samples;
  const summary = `${n} ${n === 1 ? "vez más" : "veces más"} en ${minutes} min: ${samples.join(", ")}${samples.length < n ? ", …" : ""}`;
  await recordAudit(tx, { ...held.actor, ip: null }, {
    action: held.action,
    entity: held.entity,
    entityId: held.entityId,
    summary,
    after: { repeticiones: n, desde: row.windowStart.toISOString(), hasta: row.lastAt.toISOString(), ejemplos: samples },
    at: row.lastAt,
  });
}

/** Sums up every window that has ended (the periodic job; tests call it with a later `now`). */
export async function flushAuditRepeats(db: Db, now = new Date()): Promise<number> {
  return db.transaction((tx) => flushEnded(tx, now));
}

/** Every minute, the windows that ended are written as their summaries (buildApp starts it with the other jobs). */
export function startAuditRepeatFlush(app: FastifyInstance, ctx: { db: Db }): PeriodicJob {
  return startPeriodicJob(app, {
    name: "audit-repeat-flush",
    everyMs: 60_000,
    run: () => flushAuditRepeats(ctx.db),
  });
}
