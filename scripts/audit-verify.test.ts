// `npm run audit:verify` (issue 31 item 7, decision 148): an intact log exits 0 and prints the
// head to write down; a changed record exits 1 naming it; a head written down earlier and
// rewritten since exits 1 too; a malformed --expect is refused in Spanish.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../src/server/lib/actor";
import { rowsOf } from "../src/server/lib/rate-limiter";
import { recordAudit } from "../src/server/core/audit/service";
import { auditChainHead } from "../src/server/core/audit/chain";
import { useTestApp } from "../src/server/test/app";
import { AuditVerifyError, parseExpectedHead, verifyCommand } from "./audit-verify";

const t = useTestApp();

describe("npm run audit:verify", () => {
  it("exits 0 with the head, then 1 naming the first changed record", async () => {
    await t.database.truncateAll();
    await t.ctx.db.transaction((tx) =>
      recordAudit(tx, SYSTEM_ACTOR, [1, 2, 3].map((n) => ({ action: "cliente.crear" as const, entity: "cliente" as const, entityId: n, summary: `EX00000${n}` }))),
    );
    const head = await auditChainHead(t.ctx.db);
    const intact = await verifyCommand(t.ctx.db);
    expect(intact.code).toBe(0);
    expect(intact.lines[0]).toBe(`Registro de cambios íntegro: ${head.seq} registros encadenados.`);
    expect(intact.lines).toContain(`Cabeza: ${head.seq}:${head.hash}`);
    expect((await verifyCommand(t.ctx.db, { expect: parseExpectedHead(`${head.seq}:${head.hash}`) })).code).toBe(0);

    // Someone who can lift the trigger (the database's owner) edits the second record.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
      await tx.execute(sql`update audit_log set summary = 'EX999999' where seq = 2`);
      await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    });
    const [{ id }] = rowsOf<{ id: number }>(await t.ctx.db.execute(sql`select id from audit_log where seq = 2`));
    const broken = await verifyCommand(t.ctx.db);
    expect(broken.code).toBe(1);
    expect(broken.lines[0]).toBe(`Cadena ROTA en el registro 2 (id ${id}): El contenido del registro 2 no coincide con su huella: se cambió.`);
    expect(broken.lines[1]).toMatch(/^1 registro correcto antes/);
  });

  it("refuses a malformed --expect in Spanish", () => {
    for (const bad of ["", "abc", "3:abc", `0:${"a".repeat(64)}`, `x:${"a".repeat(64)}`]) {
      expect(() => parseExpectedHead(bad)).toThrow(AuditVerifyError);
    }
    expect(() => parseExpectedHead("3")).toThrow(/--expect debe ser <número de registro>:<huella/);
    expect(parseExpectedHead(` 12:${"AB".repeat(32)} `)).toEqual({ seq: 12, hash: "ab".repeat(32) });
  });
});
