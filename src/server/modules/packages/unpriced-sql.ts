// The "Sin peso / Sin monto" rule in SQL (docs/decisions/164): the twin of shared/api/admin/trackings.ts
// unpricedReason and awaitsAmount, for the lists that filter and count in the database (the
// Paquetes filter "Sin peso o monto", the warehouse report's section). unpriced-rule.test.ts runs
// both on the same table of cases and expects the same answer; change them together.
import { sql, type SQL } from "drizzle-orm";
import { PRICE_EXPECTED_STATUSES, UNPRICED_REASONS } from "../../../shared/api/admin/trackings";

/** A client_trackings column under `alias` (a FROM alias, or the table's own name). */
const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

const [SIN_PESO, SIN_MONTO] = UNPRICED_REASONS;

/** 'Sin peso', 'Sin monto' or null (it has an amount), as unpricedReason says. */
export function unpricedReasonSql(alias = "client_trackings"): SQL<string | null> {
  const c = (name: string) => column(alias, name);
  return sql<string | null>`(case
    when ${c("monto_colones")} is not null then null
    when (${c("peso_pie_cubicos")} is null or btrim(${c("peso_pie_cubicos")}, E' \\t\\n\\r') = '')
      and ${c("peso_gramos")} is null and ${c("pie_cubicos")} is null then ${SIN_PESO}::text
    else ${SIN_MONTO}::text end)`;
}

/** The package is expected to carry an amount and has none (awaitsAmount): the lists' membership. */
export function awaitsAmountSql(alias = "client_trackings"): SQL<boolean> {
  const statuses = sql.join(
    PRICE_EXPECTED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<boolean>`(${column(alias, "monto_colones")} is null and ${column(alias, "estado")} in (${statuses}))`;
}
