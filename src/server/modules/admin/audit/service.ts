// The audit log (issue 19): recordAudit writes one row per change, in the caller's transaction,
// so a change and its record commit or roll back together. Rows are never updated or deleted (a
// trigger refuses it, migration 0010). `before` and `after` hold only the fields that changed
// (diffFields), or the whole entity for a creation or a deletion.
import type { DbOrTx } from "../../../db/client";
import { auditLog } from "../../../db/schema";
import type { Actor } from "../../../lib/actor";
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntity } from "../../../../shared/api/admin/staff";

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
