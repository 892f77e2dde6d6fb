// The reused PGlite test databases (./pglite-pool.ts): a database an earlier file used comes back
// exactly as the template, or not at all.
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { pgliteExtensions } from "../db/client";
import { createEmptyPglite } from "./database";
import { leasePglite, pglitePoolCounts } from "./pglite-pool";

describe.skipIf(!!process.env.DATABASE_URL || process.env.EI_TEST_PGLITE_REUSE === "off")("PGlite test databases reused between files", () => {
  // A small stand-in for the migrated template: a table with seeded rows, one empty table with an
  // identity, a plain sequence and a trigger. Its own pool entries are told apart by a marker.
  const KEY = "pool-test";
  let made = 0;
  // Made once (from the run's empty cluster), then loaded from its copy like the real template.
  let copy: Blob | undefined;
  const create = async () => {
    made++;
    if (copy) return PGlite.create({ loadDataDir: copy, extensions: await pgliteExtensions() });
    const client = await createEmptyPglite();
    await client.exec(`
      create table seeded (id int primary key, label text);
      insert into seeded values (1, 'uno'), (2, 'dos');
      create table rows (id int generated always as identity primary key, v text not null);
      create sequence loose;
      create function refuse() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$;
      create trigger seeded_no_delete before delete on seeded for each row execute function refuse();
    `);
    copy = await client.dumpDataDir("none");
    return client;
  };
  const state = async (client: PGlite) => ({
    seeded: (await client.query("select * from seeded order by id")).rows,
    rows: (await client.query("select count(*)::int as n from rows")).rows,
    next: (await client.query("insert into rows (v) values ('x') returning id")).rows,
    loose: (await client.query("select nextval('loose')::int as n")).rows,
  });

  it("gives the next lease the same database back with the template's rows, identities and sequences", async () => {
    const first = await leasePglite(KEY, create);
    const fresh = await state(first.client);
    await first.client.exec("delete from rows");
    // Reset the identity state of the fresh check, then dirty everything a file could.
    await first.client.exec(`
      insert into rows (v) values ('a'), ('b'), ('c');
      update seeded set label = 'cambiado' where id = 1;
      select nextval('loose'); select nextval('loose');
    `);
    await first.release();
    const counts = pglitePoolCounts(KEY);
    const second = await leasePglite(KEY, create);
    expect(pglitePoolCounts(KEY).reused).toBe(counts.reused + 1);
    // The first lease's fresh reading dirtied the identity and sequence once: a new template reads the same.
    expect(await state(second.client)).toEqual(fresh);
    await second.release();
  });

  it("refuses every call through a released lease, as a closed database does", async () => {
    const one = await leasePglite(KEY, create);
    await one.release();
    expect(one.client.closed).toBe(true);
    await expect(one.client.query("select 1")).rejects.toThrow(/closed/);
    const other = await leasePglite(KEY, create);
    await expect(other.client.query("select 1 as n")).resolves.toMatchObject({ rows: [{ n: 1 }] });
    await other.release();
  });

  it("stops the listeners a file left, so its callbacks never hear the next file", async () => {
    const one = await leasePglite(KEY, create);
    const heard: string[] = [];
    await one.client.listen("canal", (payload) => heard.push(payload));
    await one.release();
    const two = await leasePglite(KEY, create);
    await two.client.exec("notify canal, 'siguiente'");
    await two.client.query("select 1");
    expect(heard).toEqual([]);
    expect((await two.client.query("select pg_listening_channels() as c")).rows).toEqual([]);
    await two.release();
  });

  it.each([
    ["a function left behind", "create function extra() returns int language sql as 'select 1'"],
    ["a trigger disabled", "alter table seeded disable trigger seeded_no_delete"],
    ["a setting changed for the session", "set statement_timeout = 1234"],
    ["a role created", "create role pool_test_role"],
  ])("does not reuse a database with %s: the next lease gets a new one", async (_what, change) => {
    const one = await leasePglite(KEY, create);
    await one.client.exec(change);
    const before = { ...pglitePoolCounts(KEY), made };
    await one.release();
    expect(pglitePoolCounts(KEY).discarded).toBe(before.discarded + 1);
    const two = await leasePglite(KEY, create);
    expect(made).toBe(before.made + 1);
    await two.release();
  });

  it("reuses a database after dropping a schema a file added, with the triggers on the template's tables that depend on it", async () => {
    const one = await leasePglite(KEY, create);
    await one.client.exec(`
      create schema file_own;
      create table file_own.log (name text);
      create function file_own.note() returns trigger language plpgsql as $$ begin insert into file_own.log values (tg_table_name); return null; end $$;
      create trigger seeded_noted after insert on seeded for each statement execute function file_own.note();
      insert into seeded values (3, 'tres');
    `);
    await one.release();
    const before = made;
    const two = await leasePglite(KEY, create);
    expect(made).toBe(before);
    expect((await two.client.query("select nspname from pg_namespace where nspname = 'file_own'")).rows).toEqual([]);
    expect((await two.client.query("select tgname from pg_trigger where tgname = 'seeded_noted'")).rows).toEqual([]);
    expect((await two.client.query("select * from seeded order by id")).rows).toEqual([
      { id: 1, label: "uno" },
      { id: 2, label: "dos" },
    ]);
    await two.release();
  });

  it("opens a new database for a lease that asks for a fresh one, and closes it after", async () => {
    const before = made;
    const one = await leasePglite(KEY, create, { fresh: true });
    expect(made).toBe(before + 1);
    await one.release();
  });
});
