// The warehouse's daily report (issue 32 item 8, docs/decisions/154), from stored data only:
// - received that Costa Rica day: packages whose status history shows them reaching
//   EN_BODEGA_MIAMI inside that day (first time that day per package);
// - received and not in a shipment: EN_BODEGA_MIAMI with no shipment, oldest first;
// - Sin dueño: unclaimed_packages still waiting, in age bands of whole Costa Rica days;
// - without an amount, each with its reason ("Sin peso", "Sin monto"): the one rule of
//   trackings/unpriced-sql.ts, the same list and count as Paquetes' "Sin peso o monto" (decision 164).
// Its own SQL otherwise: the Paquetes list's filters live in modules/packages.
import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { awaitsAmountSql, unpricedReasonSql } from "../packages/unpriced-sql";
import type { UnpricedReason } from "../../../shared/api/admin/trackings";
import type { Db } from "../../db/client";
import { clientTrackings, clients, trackingStatusHistory, unclaimedPackages } from "../../db/schema";
import { badRequest } from "../../errors";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../shared/domain/dates";
import {
  ageBandOf,
  REPORT_DATE_FUTURE,
  REPORT_ROWS_MAX,
  UNCLAIMED_AGE_BANDS,
  type TMissingPackage,
  type TReportPackage,
  type TWarehouseReport,
} from "../../../shared/api/admin/warehouse-report";

const MS_PER_DAY = 86_400_000;
const IN_WAREHOUSE = "EN_BODEGA_MIAMI";

/** Whole Costa Rica calendar days from `from` to `to` (0 the same day). */
function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.round((costaRicaDayStart(to).getTime() - costaRicaDayStart(from).getTime()) / MS_PER_DAY));
}

const packageColumns = {
  id: clientTrackings.id,
  trackingCode: clientTrackings.trackingCode,
  clientCode: clients.clientCode,
  clientName: clients.nombre,
  estado: clientTrackings.estado,
  origen: clientTrackings.origen,
  formaEnvio: clientTrackings.formaEnvio,
  receivedAt: clientTrackings.receivedAt,
  pesoGramos: clientTrackings.pesoGramos,
  pieCubicos: clientTrackings.pieCubicos,
  pesoPieCubicos: clientTrackings.pesoPieCubicos,
  montoColones: clientTrackings.montoColones,
  lastStatusChangeDate: clientTrackings.lastStatusChangeDate,
};

type PackageRow = {
  id: number;
  trackingCode: string;
  clientCode: string;
  clientName: string;
  estado: string;
  origen: string;
  formaEnvio: string;
  receivedAt: Date | null;
  pesoGramos: number | null;
  pieCubicos: number | null;
  pesoPieCubicos: string | null;
  montoColones: number | null;
  lastStatusChangeDate: Date;
};

function toPackage(row: PackageRow, now: Date, arrivedAt?: Date): TReportPackage {
  const at = row.receivedAt ?? arrivedAt ?? row.lastStatusChangeDate;
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    clientCode: row.clientCode,
    clientName: row.clientName,
    estado: row.estado,
    origen: row.origen,
    formaEnvio: row.formaEnvio,
    receivedAt: at.toISOString(),
    pesoGramos: row.pesoGramos,
    pieCubicos: row.pieCubicos,
    montoColones: row.montoColones,
    days: daysBetween(at, now),
  };
}


/** The report of `date` (a Costa Rica day; default today); a day still to come is refused. */
export async function warehouseReport(db: Db, date: string | undefined, now = new Date()): Promise<TWarehouseReport> {
  const today = costaRicaDayKey(now);
  const day = date ?? today;
  if (day > today) throw badRequest(REPORT_DATE_FUTURE);
  const start = costaRicaDayStart(day);
  const end = addDays(start, 1);

  const total = sql<number>`count(*) over ()`.mapWith(Number);

  const [arrivals, notShipped, missing, waiting] = await Promise.all([
    db
      .select({ ...packageColumns, arrivedAt: trackingStatusHistory.changedAt })
      .from(trackingStatusHistory)
      .innerJoin(clientTrackings, eq(clientTrackings.id, trackingStatusHistory.trackingId))
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(and(eq(trackingStatusHistory.newStatus, IN_WAREHOUSE), gte(trackingStatusHistory.changedAt, start), lt(trackingStatusHistory.changedAt, end)))
      .orderBy(asc(trackingStatusHistory.changedAt), asc(trackingStatusHistory.id)),
    db
      .select({ ...packageColumns, total })
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(and(eq(clientTrackings.estado, IN_WAREHOUSE), isNull(clientTrackings.shipmentId)))
      .orderBy(asc(sql`coalesce(${clientTrackings.receivedAt}, ${clientTrackings.lastStatusChangeDate})`), asc(clientTrackings.id))
      .limit(REPORT_ROWS_MAX),
    db
      .select({ ...packageColumns, motivo: unpricedReasonSql(), total })
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(awaitsAmountSql())
      .orderBy(asc(sql`coalesce(${clientTrackings.receivedAt}, ${clientTrackings.lastStatusChangeDate})`), asc(clientTrackings.id))
      .limit(REPORT_ROWS_MAX),
    db
      .select({
        id: unclaimedPackages.id,
        trackingCode: unclaimedPackages.trackingCode,
        carrier: unclaimedPackages.carrier,
        clientCodeHint: unclaimedPackages.clientCodeHint,
        pesoGramos: unclaimedPackages.pesoGramos,
        receivedAt: unclaimedPackages.receivedAt,
      })
      .from(unclaimedPackages)
      .where(isNull(unclaimedPackages.claimedAt))
      .orderBy(asc(unclaimedPackages.receivedAt), asc(unclaimedPackages.id)),
  ]);

  // A package that reached the warehouse twice that day (moved back and forth) is listed once.
  const seen = new Set<number>();
  const received: TReportPackage[] = [];
  for (const row of arrivals) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    received.push(toPackage({ ...row, receivedAt: row.receivedAt ?? row.arrivedAt }, now));
  }

  const bands = UNCLAIMED_AGE_BANDS.map((b) => ({ key: b.key, label: b.label, count: 0, rows: [] as TWarehouseReport["unclaimed"]["bands"][number]["rows"] }));
  // Oldest first inside each band (the query's order): the ones to chase.
  for (const row of waiting) {
    const days = daysBetween(row.receivedAt, now);
    const band = bands.find((b) => b.key === ageBandOf(days))!;
    band.count += 1;
    if (band.rows.length < REPORT_ROWS_MAX) band.rows.push({ ...row, receivedAt: row.receivedAt.toISOString(), days });
  }

  return {
    date: day,
    generatedAt: now.toISOString(),
    received: { total: received.length, rows: received.slice(0, REPORT_ROWS_MAX) },
    notShipped: { total: notShipped[0]?.total ?? 0, rows: notShipped.map((r) => toPackage(r, now)) },
    unclaimed: { total: waiting.length, bands },
    missing: { total: missing[0]?.total ?? 0, rows: missing.map((r): TMissingPackage => ({ ...toPackage(r, now), motivo: r.motivo as UnpricedReason })) },
  };
}
