// The audit log's hash chain (decision 148). Migration 0016_audit-chain seals every record when its
// transaction commits: the next `seq` (1, 2, 3 … without gaps), `prev_hash` (the hash of the
// record sealed before it, 64 zeros for the first) and `hash` = SHA-256 of the record's canonical
// text (`audit_log_canonical`, prev_hash included). verifyAuditChain walks the chain in seq order,
// hashes each record's text again here (node:crypto, not the database's function) and answers the
// first record that breaks it. An operator who wrote down the head (`npm run audit:verify` prints
// it; the owner sees it in Registro de cambios) can check it is still in the chain: a rewrite by
// whoever can lift the triggers (the database owner) changes every hash after the rewritten row.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";

/** The prev_hash of the first record. */
export const GENESIS_HASH = "0".repeat(64);

export interface AuditChainHead {
  /** How many records the chain holds (the last seq). */
  seq: number;
  hash: string;
}

export interface AuditChainBreak {
  /** The record's place in the chain (null: a record never sealed). */
  seq: number | null;
  id: number | null;
  /** Spanish, for the operator and the owner. */
  reason: string;
}

export interface AuditChainReport {
  ok: boolean;
  /** Records checked (in seq order, up to the first break). */
  checked: number;
  /** The head as the database keeps it. */
  head: AuditChainHead;
  broken: AuditChainBreak | null;
}

/** The head of the chain as the database keeps it (one row, written by the sealing trigger alone). */
export async function auditChainHead(db: DbOrTx): Promise<AuditChainHead> {
  const [row] = rowsOf<{ last_seq: string | number; last_hash: string }>(
    await db.execute(sql`select last_seq, last_hash from audit_log_head where id = 1`),
  );
  return row ? { seq: Number(row.last_seq), hash: row.last_hash } : { seq: 0, hash: "" };
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

type ChainRow = { seq: string | number; id: string | number; prev_hash: string; hash: string; canonical: string };

/**
 * Walks the whole chain in pages of `pageSize`, reading in one snapshot (a REPEATABLE READ
 * transaction) so records sealed meanwhile neither appear half-way nor break the comparison with
 * the head. With `expect`, the record at `expect.seq` must still carry `expect.hash` (a head
 * written down earlier).
 */
export async function verifyAuditChain(
  db: Db,
  options: { expect?: AuditChainHead; pageSize?: number } = {},
): Promise<AuditChainReport> {
  const pageSize = options.pageSize ?? 2000;
  return db.transaction(
    async (tx) => {
      const head = await auditChainHead(tx);
      const report = (checked: number, broken: AuditChainBreak | null): AuditChainReport => ({ ok: broken === null, checked, head, broken });
      if (!head.hash) return report(0, { seq: null, id: null, reason: "Falta la cabeza de la cadena (audit_log_head)." });
      const [unsealed] = rowsOf<{ id: string | number }>(await tx.execute(sql`select id from audit_log where seq is null order by id limit 1`));
      let checked = 0;
      let prevHash = GENESIS_HASH;
      let prevSeq = 0;
      for (;;) {
        const rows = rowsOf<ChainRow>(
          await tx.execute(sql`
            select a.seq, a.id, a.prev_hash, a.hash, audit_log_canonical(a) as canonical
            from audit_log a where a.seq > ${prevSeq} order by a.seq limit ${pageSize}`),
        );
        for (const row of rows) {
          const seq = Number(row.seq);
          const id = Number(row.id);
          const at = (reason: string) => report(checked, { seq, id, reason });
          if (seq !== prevSeq + 1) {
            return report(checked, {
              seq: prevSeq + 1,
              id: null,
              reason: `Falta el registro ${prevSeq + 1} de la cadena (el siguiente es el ${seq}): se borró.`,
            });
          }
          if (row.prev_hash !== prevHash) return at(`El registro ${seq} no apunta al anterior: se borró o cambió un registro antes de él.`);
          if (sha256(row.canonical) !== row.hash) return at(`El contenido del registro ${seq} no coincide con su huella: se cambió.`);
          if (options.expect && seq === options.expect.seq && row.hash !== options.expect.hash) {
            return at(`El registro ${seq} ya no es el que se anotó (huella ${options.expect.hash.slice(0, 12)}…): se reescribió la cadena.`);
          }
          checked++;
          prevSeq = seq;
          prevHash = row.hash;
        }
        if (rows.length < pageSize) break;
      }
      if (prevSeq !== head.seq || prevHash !== head.hash) {
        return report(checked, {
          seq: prevSeq + 1,
          id: null,
          reason:
            prevSeq < head.seq
              ? `La cadena termina en el registro ${prevSeq}, pero la cabeza dice ${head.seq}: se borraron los últimos.`
              : `La cabeza de la cadena (registro ${head.seq}) no coincide con el último registro (${prevSeq}).`,
        });
      }
      if (options.expect && options.expect.seq > head.seq) {
        return report(checked, {
          seq: options.expect.seq,
          id: null,
          reason: `Se anotó el registro ${options.expect.seq}, pero la cadena termina en el ${head.seq}: se borraron registros.`,
        });
      }
      if (unsealed) return report(checked, { seq: null, id: Number(unsealed.id), reason: `El registro con id ${unsealed.id} no está sellado en la cadena.` });
      return report(checked, null);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Empties the log and starts its chain again. Only the database's owner can (it lifts the
 * TRUNCATE trigger for the statement): the demo seed's --reset and the tests' clean slate.
 * The application role gets "must be owner" and changes nothing.
 */
export async function resetAuditLog(tx: Tx): Promise<void> {
  await tx.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
  await tx.execute(sql`truncate table audit_log, audit_throttle restart identity`);
  await tx.execute(sql`alter table audit_log enable trigger audit_log_no_truncate`);
  await tx.execute(sql`update audit_log_head set last_seq = 0, last_hash = ${GENESIS_HASH} where id = 1`);
}
