// How a package reaches the staff panel: one SQL fragment that builds its JSON (with the state of
// its newest WhatsApp status message) inside the query that lists it, so a page of clients with
// their packages is one statement, and the mapping of that JSON to the shared answer shape.
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import { NOTIFICATIONS_JSON_FIELDS, toNotificationState } from "../notifications/queries";
import type { TAdminTracking } from "../../../shared/api/admin/clients";

/**
 * A package row aliased `t` as a JSON object. `matches` is a boolean SQL expression over `t`
 * (whether the package satisfies the panel's filters).
 */
export function trackingJson(matches: SQL = sql`true`): SQL {
  return sql`json_build_object(
    'id', t.id, 'clientId', t.client_id, 'trackingCode', t.tracking_code, 'estado', t.estado,
    'origen', t.origen, 'formaEnvio', t.forma_envio, 'carrier', t.carrier, 'tiendaOrigen', t.tienda_origen,
    'descripcionPaquete', t.descripcion_paquete, 'pesoEstimado', t.peso_estimado, 'valorDeclarado', t.valor_declarado,
    'costo', t.costo, 'pesoPieCubicos', t.peso_pie_cubicos, 'montoColones', t.monto_colones, 'montoRate', t.monto_rate, 'notas', t.notas,
    'descuentoColones', t.descuento_colones, 'cargosExtraColones', t.cargos_extra_colones,
    'totalColones', t.total_colones, 'pagadoColones', t.pagado_colones, 'saldoColones', t.saldo_colones,
    'discountPercent', t.discount_percent, 'lastStatusChangeDate', t.last_status_change_date,
    'updatedAt', t.updated_at, 'createdAt', t.created_at, 'matchesFilters', ${matches},
    'notification', (select ${sql.raw(NOTIFICATIONS_JSON_FIELDS)} from notification_outbox n
      where n.tracking_id = t.id and n.kind = 'TRACKING_STATUS' order by n.id desc limit 1))`;
}

const iso = (v: unknown): string => new Date(v as string).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** PostgreSQL JSON (already parsed by the driver, or text) to the shared package shape. */
export function toAdminTracking(raw: unknown): TAdminTracking {
  const r = (typeof raw === "string" ? JSON.parse(raw) : raw) as Record<string, unknown>;
  return {
    id: Number(r.id),
    clientId: Number(r.clientId),
    trackingCode: String(r.trackingCode),
    estado: r.estado as TAdminTracking["estado"],
    origen: r.origen as TAdminTracking["origen"],
    formaEnvio: r.formaEnvio as TAdminTracking["formaEnvio"],
    carrier: (r.carrier as string | null) ?? null,
    tiendaOrigen: (r.tiendaOrigen as string | null) ?? null,
    descripcionPaquete: (r.descripcionPaquete as string | null) ?? null,
    pesoEstimado: num(r.pesoEstimado),
    valorDeclarado: num(r.valorDeclarado),
    costo: num(r.costo),
    pesoPieCubicos: (r.pesoPieCubicos as string | null) ?? null,
    montoColones: num(r.montoColones),
    montoRate: num(r.montoRate),
    descuentoColones: num(r.descuentoColones),
    cargosExtraColones: num(r.cargosExtraColones),
    totalColones: num(r.totalColones),
    pagadoColones: num(r.pagadoColones),
    saldoColones: num(r.saldoColones),
    notas: (r.notas as string | null) ?? null,
    discountPercent: num(r.discountPercent),
    lastStatusChangeDate: iso(r.lastStatusChangeDate),
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
    notification: r.notification ? toNotificationState(r.notification as Parameters<typeof toNotificationState>[0]) : null,
    matchesFilters: r.matchesFilters !== false,
  };
}

/** The package as Bodega may see it: no charge columns beyond the freight it saw before (issue 19, docs/decisions/139). */
export function withoutCharges(t: TAdminTracking): TAdminTracking {
  return { ...t, descuentoColones: null, cargosExtraColones: null, totalColones: null, pagadoColones: null, saldoColones: null };
}

/** One package as the panel shows it; undefined when it does not exist. */
export async function getAdminTracking(db: DbOrTx, id: number): Promise<TAdminTracking | undefined> {
  const result = await db.execute(sql`select ${trackingJson()} as j from client_trackings t where t.id = ${id}`);
  const row = rowsOf<{ j: unknown }>(result)[0];
  return row ? toAdminTracking(row.j) : undefined;
}
