// Issue 34: comprobante numbers are gap-free and unique per branch, terminal and type, taken in
// the caller's transaction (a rollback gives the number back), also under 20 concurrent
// transactions from two instances (two connection pools) on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase, openSecondConnection, type TestDatabase } from "../../test/database";
import { rowsOf } from "../../lib/rate-limiter";
import { nextDocumentNumber } from "./numbering";

const POINT = { branch: "001", terminal: "00001" };
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

class Rollback extends Error {}

describe("comprobante numbering (issue 34)", () => {
  it("counts 1, 2, 3 per branch, terminal and type, each with its own consecutivo", async () => {
    const take = (point: typeof POINT, kind: "FACTURA" | "TIQUETE" | "NOTA_CREDITO") =>
      database.db.transaction((tx) => nextDocumentNumber(tx, point, kind));
    expect(await take(POINT, "FACTURA")).toEqual({ number: 1, consecutivo: "00100001010000000001" });
    expect(await take(POINT, "FACTURA")).toEqual({ number: 2, consecutivo: "00100001010000000002" });
    expect(await take(POINT, "TIQUETE")).toEqual({ number: 1, consecutivo: "00100001040000000001" });
    expect(await take(POINT, "NOTA_CREDITO")).toEqual({ number: 1, consecutivo: "00100001030000000001" });
    expect((await take({ branch: "002", terminal: "00001" }, "FACTURA")).consecutivo).toBe("00200001010000000001");
    expect((await take({ branch: "001", terminal: "00002" }, "FACTURA")).consecutivo).toBe("00100002010000000001");
    expect((await take(POINT, "FACTURA")).number).toBe(3);
  });

  it("a rolled-back transaction gives its number back", async () => {
    await database.db.transaction((tx) => nextDocumentNumber(tx, POINT, "FACTURA"));
    await expect(
      database.db.transaction(async (tx) => {
        expect((await nextDocumentNumber(tx, POINT, "FACTURA")).number).toBe(2);
        throw new Rollback("el pago falló");
      }),
    ).rejects.toThrow(Rollback);
    expect((await database.db.transaction((tx) => nextDocumentNumber(tx, POINT, "FACTURA"))).number).toBe(2);
  });

  it("the database refuses to move a number back, skip one or delete the row", async () => {
    await database.db.transaction((tx) => nextDocumentNumber(tx, POINT, "FACTURA"));
    await expect(database.db.execute(sql`update invoice_sequences set last_number = last_number + 2`)).rejects.toThrow();
    await expect(database.db.execute(sql`update invoice_sequences set last_number = 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from invoice_sequences`)).rejects.toThrow();
  });

  it("20 concurrent transactions on two instances (two pools on PostgreSQL): committed numbers unique and gap-free, rolled-back ones reused", async () => {
    // PGlite is one embedded connection (its transactions queue): there the 20 run on it alone;
    // CI's PostgreSQL pass runs them on two pools, as two app instances would.
    const second: Database | undefined = database.url ? await openSecondConnection(database) : undefined;
    try {
      const instances = second ? [database, second] : [database];
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          instances[i % instances.length].db.transaction(async (tx) => {
            const taken = await nextDocumentNumber(tx, POINT, "FACTURA");
            // Work after taking the number, while the row is held (other transactions wait).
            await tx.execute(sql`select count(*) from invoice_sequences`);
            if (i % 5 === 4) throw new Rollback(`pago ${i} revertido`);
            return taken.number;
          }),
        ),
      );
      const committed = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      const rolledBack = outcomes.filter((o) => o.status === "rejected");
      expect(rolledBack).toHaveLength(4);
      for (const r of rolledBack) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Rollback);
      expect(committed.sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      const [row] = rowsOf<{ last_number: string | number }>(await database.db.execute(sql`select last_number from invoice_sequences`));
      expect(Number(row.last_number)).toBe(16);
    } finally {
      await second?.close();
    }
  });
});
