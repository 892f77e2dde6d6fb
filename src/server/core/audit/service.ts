// The audit log (issue 19): recordAudit writes one row per change, in the caller's transaction,
// so a change and its record commit or roll back together. Rows are never updated, deleted or
// truncated (triggers refuse it, migrations 0010 and 0016_audit-chain), and each is sealed into the log's hash
// chain when its transaction commits (chain.ts, decision 148). `before` and `after` hold only the
// fields that changed (diffFields), or the whole entity for a creation or a deletion.
import { and, count, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import type { z } from "../../../shared/validation";
import type { Db, DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { Actor } from "../../lib/actor";
import { addDays, costaRicaDayStart } from "../../../shared/domain/dates";
import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEntity,
  type TAuditPage,
  type TAuditRecord,
  type ZAuditQuerySchema,
} from "../../../shared/api/admin/staff";

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** A short Spanish line for the list ('EIC123 → Entregado'); at most 300 characters. */
  summary?: string | null;
  before?: unknown;
  after?: unknown;
  /** The instant (default now). */
  at?: Date;
}

const CHUNK = 500;

export async function recordAudit(tx: DbOrTx, actor: Actor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  for (const entry of list) {
    if (!(entry.action in AUDIT_ACTION_LABELS)) throw new Error(`recordAudit: unknown action ${entry.action}`);
  }
  for (let i = 0; i < list.length; i += CHUNK) {
    await tx.insert(auditLog).values(
      list.slice(i, i + CHUNK).map((e) => ({
        ...(e.at ? { at: e.at } : {}),
        actorKind: actor.kind,
        actorAccountId: actor.accountId,
        actorLabel: actor.label.slice(0, 120),
        ip: actor.ip?.slice(0, 64) ?? null,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId).slice(0, 64),
        summary: e.summary?.slice(0, 300) ?? null,
        before: jsonValue(e.before),
        after: jsonValue(e.after),
      })),
    );
  }
}

/**
 * The fields of `after` whose value differs from `before` (compared as JSON), as two objects of
 * the same keys; null when nothing changed. Dates compare by their ISO text.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[] = Object.keys(after),
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    const was = jsonValue(before[key]);
    const now = jsonValue(after[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    b[key] = was;
    a[key] = now;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** A value as the jsonb column keeps it: undefined is null, dates are ISO text. */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

/**
 * A download of an export (reads are not recorded, exports are: issue 19), in its own small
 * transaction since a GET opens none: the kind, the file and the rows per sheet.
 */
export async function recordExport(
  db: Db,
  actor: Actor,
  download: { kind: string; fileName: string; rows: Record<string, number> },
): Promise<void> {
  const total = Object.values(download.rows).reduce((sum, n) => sum + n, 0);
  await db.transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: "exportacion.descargar",
      entity: "exportacion",
      entityId: download.kind,
      summary: `${download.fileName} · ${total} ${total === 1 ? "fila" : "filas"}`,
      after: { tipo: download.kind, archivo: download.fileName, filas: total, hojas: download.rows },
    });
  });
}

// --- The owner's list and export ---

type AuditRow = typeof auditLog.$inferSelect;
type AuditQuery = z.output<typeof ZAuditQuerySchema>;


function auditConditions(query: AuditQuery): SQL[] {
  const out: SQL[] = [];
  if (query.accountId !== undefined) out.push(eq(auditLog.actorAccountId, query.accountId));
  if (query.entity !== undefined) out.push(eq(auditLog.entity, query.entity));
  if (query.entityId !== undefined && query.entityId !== "") out.push(eq(auditLog.entityId, query.entityId));
  if (query.action !== undefined) out.push(eq(auditLog.action, query.action));
  if (query.from) out.push(gte(auditLog.at, costaRicaDayStart(query.from)));
  if (query.to) out.push(lt(auditLog.at, addDays(costaRicaDayStart(query.to), 1)));
  return out;
}

function toRecord(row: AuditRow): TAuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorKind: row.actorKind as TAuditRecord["actorKind"],
    actorAccountId: row.actorAccountId,
    actorLabel: row.actorLabel,
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** A page of the log, newest first (ties by id), with the filtered total. */
export async function listAudit(db: Db, query: AuditQuery): Promise<TAuditPage> {
  const where = and(...auditConditions(query));
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { records: rows.map(toRecord), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** The filtered log, newest first, in keyset pages (at, id) for the export. */
export async function* auditPages(db: Db, query: AuditQuery, pageSize = 1000): AsyncGenerator<TAuditRecord[]> {
  const filters = auditConditions(query);
  let last: { at: Date; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = last ? or(lt(auditLog.at, last.at), and(eq(auditLog.at, last.at), lt(auditLog.id, last.id))) : undefined;
    const rows: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(and(...filters, after))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(toRecord);
    const tail = rows[rows.length - 1];
    last = { at: tail.at, id: tail.id };
  }
}
