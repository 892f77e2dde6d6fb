// One number, one rule (issue 32 item 1, docs/decisions/164): the "Sin peso / Sin monto" rule is
// written once in TypeScript (shared/api/admin/trackings.ts unpricedReason, awaitsAmount: the
// status service's refusal, the import's flags) and once in SQL (unpriced-sql.ts: the Paquetes
// filter, the warehouse report). Both run here on the same table of cases, read as real
// client_trackings rows (json_populate_recordset: the table's own column types, no insert), and
// must give the same answer for every one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { rowsOf } from "../../lib/rate-limiter";
import { awaitsAmount, unpricedReason, type PricedFields } from "../../../shared/api/admin/trackings";
import { TRACKING_STATUSES } from "../../../shared/domain/statuses";
import { awaitsAmountSql, unpricedReasonSql } from "./unpriced-sql";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Case = PricedFields & { estado: string };

/** Every combination of an amount (none, ₡0, some), a typed measure (none, blank in three ways, a number, "0"), grams, cubic feet and status. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const montoColones of [null, 0, 4_500])
    for (const pesoPieCubicos of [null, "", "   ", " \t\n", "900", "0", "1,5"])
      for (const pesoGramos of [null, 0, 700])
        for (const pieCubicos of [null, 0.5])
          for (const estado of TRACKING_STATUSES) out.push({ montoColones, pesoPieCubicos, pesoGramos, pieCubicos, estado });
  return out;
}

describe("the Sin peso / Sin monto rule: the SQL and the TypeScript agree", () => {
  it("on every case of the table", async () => {
    const table = cases();
    const json = JSON.stringify(
      table.map((c, i) => ({ id: i, monto_colones: c.montoColones, peso_pie_cubicos: c.pesoPieCubicos, peso_gramos: c.pesoGramos, pie_cubicos: c.pieCubicos, estado: c.estado })),
    );
    const result = await database.db.execute(sql`
      select t.id, ${unpricedReasonSql("t")} as motivo, ${awaitsAmountSql("t")} as awaits
      from json_populate_recordset(null::client_trackings, ${json}::json) as t order by t.id`);
    const rows = rowsOf<{ id: number; motivo: string | null; awaits: boolean }>(result);
    expect(rows).toHaveLength(table.length);
    const disagreements = rows.filter((r) => {
      const c = table[Number(r.id)];
      return r.motivo !== unpricedReason(c) || r.awaits !== awaitsAmount(c);
    });
    expect(disagreements).toEqual([]);
  });

  it("says what the rule says on the cases that matter", () => {
    const base: Case = { montoColones: null, pesoPieCubicos: null, pesoGramos: null, pieCubicos: null, estado: "EN_BODEGA_MIAMI" };
    expect(unpricedReason(base)).toBe("Sin peso");
    expect(unpricedReason({ ...base, pesoPieCubicos: "  " })).toBe("Sin peso");
    expect(unpricedReason({ ...base, pesoPieCubicos: "900" })).toBe("Sin monto");
    // Weighed at Recepción, not priced yet: something to price from.
    expect(unpricedReason({ ...base, pesoGramos: 700 })).toBe("Sin monto");
    expect(unpricedReason({ ...base, pieCubicos: 0.5 })).toBe("Sin monto");
    // ₡0 is an amount (a free package).
    expect(unpricedReason({ ...base, montoColones: 0 })).toBeNull();
    expect(awaitsAmount(base)).toBe(true);
    expect(awaitsAmount({ ...base, estado: "SEGUIMIENTO_INTERNACIONAL" })).toBe(false);
    expect(awaitsAmount({ ...base, estado: "ENTREGADO" })).toBe(false);
    expect(awaitsAmount({ ...base, montoColones: 0 })).toBe(false);
  });
});
