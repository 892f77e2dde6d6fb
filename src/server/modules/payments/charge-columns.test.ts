// The database keeps a package's discount, total and balance as generated columns
// (db/schema.ts) with the rule of shared/domain/charges.ts: for random amounts, coupons, extra
// lines and payments, the stored numbers equal the rule's, the total is never negative and equals
// the sum of the package's lines (issue 21's property test, on PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { clients, clientTrackings } from "../../db/schema";
import { balanceOf, chargeLines, chargeTotal, couponDiscountColones } from "../../../shared/domain/charges";

let database: TestDatabase;
let clientId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [client] = await database.db
    .insert(clients)
    .values({ clientCode: "EXCARGO1", nombre: "Ana Solís", direccion: "Grecia centro", telefono: "+50688880001" })
    .returning({ id: clients.id });
  clientId = client.id;
});
afterAll(async () => {
  await database?.close();
});

describe("client_trackings' charge columns", () => {
  it("agree with chargeTotal / balanceOf for 300 random packages, never negative, the sum of their lines", async () => {
    const samples = fc.sample(
      fc.record({
        montoColones: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
        discountPercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        extras: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 4 }),
        pagado: fc.integer({ min: 0, max: 3_000_000 }),
      }),
      { numRuns: 300, seed: 21 },
    );
    const rows = await database.db
      .insert(clientTrackings)
      .values(
        samples.map((s, i) => ({
          clientId,
          trackingCode: `CARGO${i}`,
          montoColones: s.montoColones,
          discountPercent: s.discountPercent,
          cargosExtraColones: s.extras.reduce((a, b) => a + b, 0),
          pagadoColones: s.pagado,
        })),
      )
      .returning();
    rows.forEach((row, i) => {
      const s = samples[i];
      const total = chargeTotal({ montoColones: s.montoColones, discountPercent: s.discountPercent, extras: s.extras });
      expect(row.totalColones).toBe(total);
      expect(row.descuentoColones).toBe(couponDiscountColones(s.montoColones, s.discountPercent));
      expect(row.saldoColones).toBe(balanceOf(total, s.pagado));
      if (row.totalColones !== null) {
        expect(row.totalColones).toBeGreaterThanOrEqual(0);
        const lines = chargeLines({
          montoColones: row.montoColones,
          discountPercent: row.discountPercent,
          descuentoColones: row.descuentoColones ?? 0,
          extras: s.extras.map((amountColones) => ({ kind: "OTRO" as const, description: "x", amountColones })),
        });
        expect(lines.reduce((sum, l) => sum + l.amountColones, 0)).toBe(row.totalColones);
      }
    });
  });

  it("follow a change of amount or coupon made by any statement, raw SQL included", async () => {
    const [row] = await database.db
      .insert(clientTrackings)
      .values({ clientId, trackingCode: "CARGORAW", montoColones: 10000, pagadoColones: 2000 })
      .returning({ id: clientTrackings.id });
    await database.db.execute(sql`update client_trackings set discount_percent = 10, monto_colones = 20000 where id = ${row.id}`);
    const [after] = await database.db.select().from(clientTrackings).where(eq(clientTrackings.id, row.id));
    expect([after.descuentoColones, after.totalColones, after.saldoColones]).toEqual([2000, 18000, 16000]);
  });

  it("hold an amount at its ceiling with the largest coupon and extra lines (no integer overflow)", async () => {
    const [row] = await database.db
      .insert(clientTrackings)
      .values({ clientId, trackingCode: "CARGOMAX", montoColones: 2_000_000_000, discountPercent: 100, cargosExtraColones: 100_000_000 })
      .returning();
    expect([row.descuentoColones, row.totalColones, row.saldoColones]).toEqual([2_000_000_000, 100_000_000, 100_000_000]);
    await database.db.execute(sql`update client_trackings set discount_percent = 5 where id = ${row.id}`);
    const [after] = await database.db.select().from(clientTrackings).where(eq(clientTrackings.id, row.id));
    expect(after.totalColones).toBe(chargeTotal({ montoColones: 2_000_000_000, discountPercent: 5, extras: [100_000_000] }));
  });

  it("refuse a negative extra sum or paid amount (the database's own checks)", async () => {
    await expect(
      database.db.insert(clientTrackings).values({ clientId, trackingCode: "CARGONEG", pagadoColones: -1 }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(clientTrackings).values({ clientId, trackingCode: "CARGONEG2", cargosExtraColones: -5 }),
    ).rejects.toThrow();
  });
});
