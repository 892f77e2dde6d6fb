// Two app instances starting together on one PostgreSQL (compose.yaml's two app services) both
// migrate: the advisory lock makes the second wait and then find nothing left to do, so neither
// fails and every migration is applied once. PGlite has one process per DATA_DIR (decision 150).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("migrations under two instances (PostgreSQL)", () => {
  it("two instances migrating an empty database at once both start, each migration applied once", async () => {
    const { default: pg } = await import("pg");
    const name = `ei_mig_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const first = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
    const second = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
    try {
      const outcomes = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok"]);
      const journal = JSON.parse(readFileSync(path.join(__dirname, "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await check.end();
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
