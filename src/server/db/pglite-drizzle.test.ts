// drizzle over PGlite (decision 192): drizzle's queries reach PGlite without the parsers drizzle
// sends with each one (PGlite merged them into its ~320 parsers on every query), and every value
// comes back exactly as plain drizzle gives it, in queries, raw SQL and transactions.
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { drizzleOverPglite } from "./client";
import { createEmptyPglite } from "../test/database";

const moments = pgTable("moments", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  local: timestamp("local").notNull(),
  localText: timestamp("local_text", { mode: "string" }).notNull(),
  day: date("day").notNull(),
  wait: interval("wait").notNull(),
  amounts: numeric("amounts").array().notNull(),
  days: date("days").array().notNull(),
});

const SETUP = `create table moments (id int primary key, at timestamptz not null, local timestamp not null,
  local_text timestamp not null, day date not null, wait interval not null, amounts numeric[] not null, days date[] not null);
  insert into moments values (1, '2026-11-27 23:59:58.123+00', '2026-01-02 03:04:05.678', '2026-01-02 03:04:05', '2026-02-28',
  '1 day 02:03:04', '{1.50,20}', '{2026-03-01,2026-03-02}')`;

async function open() {
  // An empty cluster loaded from the run's copy: initdb twice cost about 9 s of CPU.
  const client = await createEmptyPglite();
  await client.exec(SETUP);
  const options: unknown[] = [];
  const query = client.query.bind(client);
  // What reaches PGlite's query, from the instance and from a transaction on it.
  client.query = ((text: string, params?: unknown[], opts?: unknown) => {
    options.push(opts);
    return query(text, params, opts as Parameters<typeof query>[2]);
  }) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], opts?: unknown) => {
        options.push(opts);
        return txQuery(text, params, opts as Parameters<typeof txQuery>[2]);
      }) as typeof tx.query;
      return fn(tx);
    })) as typeof client.transaction;
  return { client, options };
}

const plain = await open();
const fast = await open();
afterAll(async () => {
  await plain.client.close();
  await fast.client.close();
});
const plainDb = drizzle({ client: plain.client });
const fastDb = await drizzleOverPglite(fast.client);

const reads = {
  select: (db: typeof plainDb) => db.select().from(moments),
  execute: async (db: typeof plainDb) => (await db.execute(sql`select * from moments`)).rows,
  transaction: (db: typeof plainDb) => db.transaction(async (tx) => [await tx.select().from(moments), (await tx.execute(sql`select * from moments`)).rows]),
};

describe("drizzle over PGlite (decision 192)", () => {
  for (const [name, read] of Object.entries(reads)) {
    it(`${name}: the same values as plain drizzle, and no parsers sent with the query`, async () => {
      plain.options.length = 0;
      fast.options.length = 0;
      const expected = await read(plainDb);
      const got = await read(fastDb as unknown as typeof plainDb);
      expect(got).toEqual(expected);
      // The plain driver does send them (what made each query copy PGlite's parser table).
      expect(plain.options.some((o) => (o as { parsers?: unknown } | undefined)?.parsers)).toBe(true);
      expect(fast.options.length).toBeGreaterThan(0);
      expect(fast.options.filter((o) => (o as { parsers?: unknown } | undefined)?.parsers)).toEqual([]);
    });
  }

  it("gives the dates and times as drizzle maps them from PostgreSQL's text", async () => {
    const [row] = await fastDb.select().from(moments as never);
    expect(row).toMatchObject({
      at: new Date("2026-11-27T23:59:58.123Z"),
      local: new Date("2026-01-02T03:04:05.678Z"),
      localText: "2026-01-02 03:04:05",
      day: "2026-02-28",
      wait: "1 day 02:03:04",
      amounts: ["1.50", "20"],
      days: ["2026-03-01", "2026-03-02"],
    });
  });

  it("passes any other parsers through as sent", async () => {
    fast.options.length = 0;
    const { rows } = await (fastDb as unknown as { $client: PGlite }).$client.query<{ n: string }>("select 7::int as n", [], {
      parsers: { 23: (value: string) => `n=${value}` },
    });
    expect(rows).toEqual([{ n: "n=7" }]);
    const changed = await (fastDb as unknown as { $client: PGlite }).$client.query<{ at: string }>("select at from moments", [], {
      parsers: { 1184: (value: string) => `at ${value}` },
    });
    expect(changed.rows).toEqual([{ at: "at 2026-11-27 23:59:58.123+00" }]);
    expect(fast.options.every((o) => (o as { parsers?: unknown }).parsers)).toBe(true);
  });
});
