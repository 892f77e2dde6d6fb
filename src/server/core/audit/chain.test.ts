// The audit log cannot be emptied and is tamper-evident (issue 31 item 7, decision 148): TRUNCATE
// is refused like UPDATE and DELETE; every record is sealed into one hash chain when its
// transaction commits (also from two instances at once on PostgreSQL); the verification finds
// the first changed, removed or rewritten record; and on PostgreSQL the application role can
// insert and read the log but neither change, empty nor lift its triggers.
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, openSecondConnection, type TestDatabase } from "../../test/database";
import type { Database, Db } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import type { Actor } from "../../lib/actor";
import { recordAudit, type AuditEntry } from "./service";
import { GENESIS_HASH, auditChainHead, verifyAuditChain } from "./chain";

const ACTOR: Actor = { kind: "staff", accountId: 3, label: "Ana Cadena", ip: "203.0.113.7" };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.truncateAll();
});

const entry = (n: number): AuditEntry => ({
  action: "cliente.editar",
  entity: "cliente",
  entityId: n,
  summary: `EX${String(n).padStart(6, "0")} · ñandú "comillas" \\ barra`,
  before: { nombre: "Ana", monto: 1.5, lista: [1, "dos", null] },
  after: { nombre: "Ana María", anidado: { b: 1, a: 2 } },
});

async function record(db: Db, count: number, from = 1): Promise<void> {
  await db.transaction((tx) => recordAudit(tx, ACTOR, Array.from({ length: count }, (_, i) => entry(from + i))));
}

type ChainRow = { seq: string; id: string; prev_hash: string; hash: string; canonical: string; summary: string };
async function chainRows(db: Db): Promise<ChainRow[]> {
  return rowsOf<ChainRow>(await db.execute(sql`select seq, id, prev_hash, hash, summary, audit_log_canonical(a) as canonical from audit_log a order by seq`));
}

/** The database's own message of a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return "not refused";
}

/** As the database's owner (the tests' role): lifts the append-only trigger for one statement, as a superuser could. */
async function asOwnerWithoutTrigger(db: Db, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  });
}

describe("the audit log cannot be emptied", () => {
  it("refuses TRUNCATE, like UPDATE and DELETE, and keeps every record", async () => {
    await record(database.db, 3);
    expect(await refusal(database.db.execute(sql`truncate table audit_log`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate table audit_log restart identity cascade`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`update audit_log set summary = 'x'`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    // The chain's head cannot be removed either.
    expect(await refusal(database.db.execute(sql`delete from audit_log_head`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate table audit_log_head`))).toMatch(/append-only/);
    expect(await chainRows(database.db)).toHaveLength(3);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });
});

describe("the hash chain", () => {
  it("seals every record at commit: seq 1…n without gaps, each pointing at the one before, its hash over its canonical text", async () => {
    await record(database.db, 2);
    await record(database.db, 3, 10);
    // A rolled-back record takes no place in the chain.
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, ACTOR, entry(99));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await record(database.db, 1, 20);

    const rows = await chainRows(database.db);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5, 6]);
    let prev = GENESIS_HASH;
    for (const row of rows) {
      expect(row.prev_hash).toBe(prev);
      expect(row.hash).toBe(createHash("sha256").update(row.canonical, "utf8").digest("hex"));
      const canonical = JSON.parse(row.canonical) as unknown[];
      // seq, id, the instant in UTC to the microsecond, … prev_hash last.
      expect(canonical[0]).toBe(Number(row.seq));
      expect(canonical[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(canonical.at(-1)).toBe(row.prev_hash);
      prev = row.hash;
    }
    expect(await auditChainHead(database.db)).toEqual({ seq: 6, hash: prev });
    expect(await verifyAuditChain(database.db, { pageSize: 4 })).toMatchObject({ ok: true, checked: 6, broken: null, head: { seq: 6, hash: prev } });
  });

  it("ignores the chain's columns an insert gives", async () => {
    await record(database.db, 1);
    await database.db.execute(
      sql`insert into audit_log (actor_kind, actor_label, action, entity, seq, prev_hash, hash) values ('system', 'Servidor', 'cliente.crear', 'cliente', 1, ${GENESIS_HASH}, ${"f".repeat(64)})`,
    );
    const rows = await chainRows(database.db);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2]);
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it("finds the first record changed, removed in the middle or at the end, or rewritten after its head was written down", async () => {
    await record(database.db, 5);
    const noted = await auditChainHead(database.db);
    expect(noted.seq).toBe(5);

    // Whoever can lift the trigger changes record 3's summary.
    await asOwnerWithoutTrigger(database.db, sql`update audit_log set summary = 'cambiado' where seq = 3`);
    expect((await verifyAuditChain(database.db)).broken).toMatchObject({ seq: 3, reason: expect.stringContaining("se cambió") });

    // … and recomputes every hash from there (a full rewrite): the chain holds, the noted head does not.
    await asOwnerWithoutTrigger(
      database.db,
      sql`do $$
        declare r audit_log%rowtype; prev text;
        begin
          select hash into prev from audit_log where seq = 2;
          for r in select * from audit_log where seq >= 3 order by seq loop
            r.prev_hash := prev;
            r.hash := encode(sha256(convert_to(audit_log_canonical(r), 'UTF8')), 'hex');
            update audit_log set prev_hash = r.prev_hash, hash = r.hash where id = r.id;
            prev := r.hash;
          end loop;
          update audit_log_head set last_hash = prev;
        end $$`,
    );
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
    expect((await verifyAuditChain(database.db, { expect: noted })).broken).toMatchObject({ seq: 5, reason: expect.stringContaining("reescribió") });

    // A record removed from the middle, then the last one.
    await asOwnerWithoutTrigger(database.db, sql`delete from audit_log where seq = 2`);
    expect((await verifyAuditChain(database.db)).broken).toMatchObject({ seq: 2, reason: expect.stringContaining("Falta el registro 2") });
  });

  it("finds records removed at the end of the chain", async () => {
    await record(database.db, 4);
    await asOwnerWithoutTrigger(database.db, sql`delete from audit_log where seq >= 3`);
    expect((await verifyAuditChain(database.db)).broken).toMatchObject({ seq: 3, reason: expect.stringContaining("se borraron los últimos") });
  });

  it.skipIf(!process.env.DATABASE_URL)("forms one chain from two instances appending at once (PostgreSQL)", async () => {
    const second = await openSecondConnection(database);
    try {
      // 40 transactions on each pool at once, 1 to 3 records each; the pools hold 5 connections each.
      const sizes = Array.from({ length: 40 }, (_, i) => (i % 3) + 1);
      await Promise.all([
        ...sizes.map((n, i) => record(database.db, n, 1000 + i * 10)),
        ...sizes.map((n, i) => record(second.db, n, 2000 + i * 10)),
      ]);
      const total = 2 * sizes.reduce((a, b) => a + b, 0);
      const rows = await chainRows(database.db);
      expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(await verifyAuditChain(second.db)).toMatchObject({ ok: true, checked: total });
    } finally {
      await second.close();
    }
  });
});

describe("the audit-chain migration", () => {
  it("chains the records written before it, in id order", { timeout: 120_000 }, async () => {
    // A fresh embedded database migrated up to the one before, given records, then migrated to the end.
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { migrationsFolder } = await import("../../db/client");
    const { createEmptyPglite } = await import("../../test/database");
    const folder = await mkdtemp(path.join(tmpdir(), "ei-migrations-"));
    // An empty cluster (initdb's), loaded from the run's copy.
    const client = await createEmptyPglite();
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
      // Found by name: the number may change when branches merge.
      const upTo = journal.entries.findIndex((e) => e.tag.endsWith("_audit-chain"));
      expect(upTo).toBeGreaterThan(0);
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      await client.exec(`insert into audit_log (id, actor_kind, actor_label, action, entity, summary, after)
        values (7, 'system', 'Servidor', 'cliente.crear', 'cliente', 'segundo', '{"a": 1}'),
               (3, 'staff', 'Ana', 'cliente.editar', 'cliente', 'primero', null)`);
      await migrate(db, { migrationsFolder });
      const rows = (await client.query<{ id: number; seq: number; prev_hash: string; hash: string; canonical: string }>(
        "select id, seq, prev_hash, hash, audit_log_canonical(a) as canonical from audit_log a order by seq",
      )).rows;
      expect(rows.map((r) => [Number(r.id), Number(r.seq)])).toEqual([[3, 1], [7, 2]]);
      expect(rows[0].prev_hash).toBe(GENESIS_HASH);
      expect(rows[1].prev_hash).toBe(rows[0].hash);
      for (const row of rows) expect(row.hash).toBe(createHash("sha256").update(row.canonical, "utf8").digest("hex"));
      expect((await client.query("select last_seq, last_hash from audit_log_head")).rows).toEqual([{ last_seq: 2, last_hash: rows[1].hash }]);
      // The next record continues the chain.
      await client.exec(`insert into audit_log (actor_kind, actor_label, action, entity) values ('system', 'Servidor', 'cliente.crear', 'cliente')`);
      expect((await client.query("select prev_hash from audit_log where seq = 3")).rows).toEqual([{ prev_hash: rows[1].hash }]);
    } finally {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("database roles (PostgreSQL)", () => {
  const role = `ei_app_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const password = "clave-del-rol-de-prueba";
  let app: Database | undefined;

  afterAll(async () => {
    await app?.close();
    if (!database?.url) return;
    await database.db.execute(sql.raw(`drop owned by ${role}`)).catch(() => {});
    await database.db.execute(sql.raw(`drop role if exists ${role}`)).catch(() => {});
  });

  async function connectAsApplication(): Promise<Database> {
    const { openDatabase } = await import("../../db/client");
    const url = new URL(database.url!);
    url.username = role;
    url.password = password;
    return openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  }

  it("lets the application role insert and read the log, never change, empty or unlock it (docs/security.md)", async () => {
    await record(database.db, 2);
    // The grants docs/security.md gives the application role.
    await database.db.execute(sql.raw(`create role ${role} login password '${password}'`));
    for (const grant of [
      `grant usage on schema public to ${role}`,
      `grant select, insert, update, delete on all tables in schema public to ${role}`,
      `grant usage, select on all sequences in schema public to ${role}`,
      `revoke update, delete on audit_log from ${role}`,
      `revoke insert, update, delete on audit_log_head from ${role}`,
      `grant usage on schema drizzle to ${role}`,
      `grant select on drizzle.__drizzle_migrations to ${role}`,
    ]) {
      await database.db.execute(sql.raw(grant));
    }
    app = await connectAsApplication();
    const db = app.db;
    // The app migrates at start: with the owner's migrations applied, that asks nothing of this role.
    await app.migrate();

    await record(db, 2, 50);
    expect(await chainRows(db)).toHaveLength(4);
    for (const statement of [
      sql`truncate table audit_log`,
      sql`update audit_log set summary = 'x'`,
      sql`delete from audit_log`,
      sql`update audit_log_head set last_seq = 0`,
      sql`delete from audit_log_head`,
      sql`alter table audit_log disable trigger audit_log_no_truncate`,
      sql`alter table audit_log disable trigger all`,
      sql`drop trigger audit_log_seal on audit_log`,
      sql`set session_replication_role = replica`,
    ]) {
      expect(await refusal(db.execute(statement))).toMatch(/permission denied|must be owner|append-only/);
    }

    // Granted everything by mistake, it still cannot empty or change the log: the triggers refuse,
    // and only the owner may lift them.
    await database.db.execute(sql.raw(`grant all on audit_log, audit_log_head to ${role}`));
    expect(await refusal(db.execute(sql`truncate table audit_log`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update audit_log set summary = 'x'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`))).toMatch(/must be owner/);

    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: 4 });
  });
});
