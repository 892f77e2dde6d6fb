// The audit log cannot be flooded (issue 31 item 7, decision 148): refused calls (403) write one
// record per account and 10 minutes, sign-ins with unknown users one per 10 minutes from all
// addresses together; the repeats held back are written as one summary record with their count
// and examples when the window ends. No repeat goes unaccounted: written + summed = made.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import type { Actor } from "../../lib/actor";
import { useTestApp } from "../../test/app";
import { createTestStaff } from "../../test/staff";
import { LOGIN_WRONG, ROLE_FORBIDDEN, UNKNOWN_ACTOR_LABEL } from "../../../shared/api/admin/staff";
import { AUDIT_REPEAT_WINDOW_MS, flushAuditRepeats, recordRepeatable } from "../../core/audit/throttle";
import { verifyAuditChain } from "../../core/audit/chain";

const t = useTestApp();

const later = (minutes: number, from = new Date()) => new Date(from.getTime() + minutes * 60_000);

async function rowsOf(action: string, accountId?: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), accountId === undefined ? undefined : eq(auditLog.actorAccountId, accountId)))
    .orderBy(auditLog.seq);
}

describe("refused calls (403)", () => {
  it("300 refused Bodega calls write one record, and one summary counting the other 299 when the window ends", { timeout: 180_000 }, async () => {
    const bodega = await createTestStaff(t, "bodega", "Bodeguero Insistente");
    const urls = ["/api/admin/audit", "/api/admin/accounts", "/api/admin/audit/export"];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => t.app.inject({ method: "GET", url: urls[i % urls.length], headers: bodega.headers })),
    );
    expect(answers.every((r) => r.statusCode === 403 && r.json().message === ROLE_FORBIDDEN)).toBe(true);

    const written = await rowsOf("sesion.denegado", bodega.accountId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ actorLabel: "Bodeguero Insistente", entity: "sesion", entityId: String(bodega.accountId) });

    // The window ends (the periodic job, here with a later clock): one summary row.
    expect(await flushAuditRepeats(t.ctx.db, later(11))).toBeGreaterThanOrEqual(1);
    const [first, summary] = await rowsOf("sesion.denegado", bodega.accountId);
    expect(first.id).toBe(written[0].id);
    expect(summary.after).toMatchObject({ repeticiones: 299 });
    expect((summary.after as { ejemplos: string[] }).ejemplos.sort()).toEqual(urls.map((u) => `GET ${u}`).sort());
    expect(summary.summary).toMatch(/^299 veces más en 10 min: GET \/api\/admin\//);
    expect(summary.actorLabel).toBe("Bodeguero Insistente");
    // Nothing is left to sum up, and a second run writes nothing.
    expect(await flushAuditRepeats(t.ctx.db, later(30))).toBe(0);
    expect(await rowsOf("sesion.denegado", bodega.accountId)).toHaveLength(2);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it("counts each account apart", async () => {
    const one = await createTestStaff(t, "bodega");
    const two = await createTestStaff(t, "oficina");
    for (const staff of [one, two, one, two]) {
      expect((await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: staff.headers })).statusCode).toBe(403);
    }
    expect(await rowsOf("sesion.denegado", one.accountId)).toHaveLength(1);
    expect(await rowsOf("sesion.denegado", two.accountId)).toHaveLength(1);
  });
});

describe("sign-ins with unknown users", () => {
  it("from 25 addresses write one record, and one summary with the count and 10 examples", { timeout: 180_000 }, async () => {
    const before = (await rowsOf("sesion.fallo")).length;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.app.inject({ method: "POST", url: "/api/admin/login", payload: { login: `nadie-${i}`, password: "adivinando-la-clave" }, remoteAddress: `198.51.100.${i + 1}` }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 401 && r.json().message === LOGIN_WRONG)).toBe(true);
    const written = (await rowsOf("sesion.fallo")).slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ actorLabel: UNKNOWN_ACTOR_LABEL, after: { motivo: "cuenta_inexistente" } });

    await flushAuditRepeats(t.ctx.db, later(11));
    const [, summary] = (await rowsOf("sesion.fallo")).slice(before);
    expect(summary.after).toMatchObject({ repeticiones: 24 });
    const examples = (summary.after as { ejemplos: string[] }).ejemplos;
    expect(examples).toHaveLength(10);
    expect(examples.every((e) => /^nadie-\d+ · 198\.51\.100\.\d+$/.test(e))).toBe(true);
    expect(summary.summary).toMatch(/, …$/);
  });

  it("still records every wrong password of an existing account", async () => {
    const person = await createTestStaff(t, "oficina");
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { login: person.login, password: `no-es-la-clave-${i}` }, remoteAddress: `192.0.2.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    expect(await rowsOf("sesion.fallo", person.accountId)).toHaveLength(3);
  });
});

describe("recordRepeatable", () => {
  const actor: Actor = { kind: "staff", accountId: 77, label: "Reloj Falso", ip: "203.0.113.5" };
  const entry = { action: "sesion.denegado", entity: "sesion", entityId: 77, summary: "GET /x" } as const;

  it("sums up an ended window at the key's next repeat, which opens a new window", async () => {
    const key = `prueba:${Date.now()}`;
    const t0 = new Date("2031-05-01T12:00:00Z");
    const at = (minutes: number) => ({ key, sample: `m${minutes}`, now: later(minutes, t0) });
    expect(await recordRepeatable(t.ctx.db, actor, entry, at(0))).toBe("written");
    expect(await recordRepeatable(t.ctx.db, actor, entry, at(1))).toBe("counted");
    expect(await recordRepeatable(t.ctx.db, actor, entry, at(9))).toBe("counted");
    // The window ends 10 minutes after its first record.
    expect(AUDIT_REPEAT_WINDOW_MS).toBe(10 * 60_000);
    expect(await recordRepeatable(t.ctx.db, actor, entry, at(10))).toBe("written");
    expect(await recordRepeatable(t.ctx.db, actor, entry, at(25))).toBe("written");

    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorLabel, "Reloj Falso")).orderBy(auditLog.seq);
    expect(rows.map((r) => [r.at.toISOString(), (r.after as { repeticiones?: number } | null)?.repeticiones ?? null])).toEqual([
      [later(0, t0).toISOString(), null],
      // The summary of the first window, at its last repeat, then the new window's record.
      [later(9, t0).toISOString(), 2],
      [later(10, t0).toISOString(), null],
      [later(25, t0).toISOString(), null],
    ]);
    expect(rows[1]).toMatchObject({ ip: null, summary: "2 veces más en 10 min: m1, m9", after: { ejemplos: ["m1", "m9"], desde: t0.toISOString() } });
    // The window of minute 10 ended without repeats: nothing to sum up.
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.actorLabel, "Reloj Falso"));
    expect(Number(n)).toBe(4);
  });
});
