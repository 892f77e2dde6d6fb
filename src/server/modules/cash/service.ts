// Caja y por cobrar (issue 21, docs/decisions/138). Read-only over payments, allocations and
// packages (the payments module writes them):
//   closing      the cierre de caja of one Costa Rica calendar day: a payment counts on its
//                paid_at day; per staff member (the account, with the name the payment recorded)
//                and method, summed in SQL with GROUPING SETS over the stored amounts, so the
//                staff rows, the method totals and the day's total are the database's sums; the
//                payments of the day later reversed are listed apart and count nowhere.
//   closing a day (issue 31, docs/decisions/147) stores who closed it and the totals as closed in
//                cash_closings; from then on nothing changes that day (the payments service and
//                the trigger refuse it). A later reversal of one of its payments counts on the day
//                it is made (reversal_counted_on), as minus its amount in the reverser's group.
//   receivables  clients with packages whose stored saldo_colones > 0 (the partial index
//                client_trackings_saldo_idx), oldest collectable debt first (nulls last), then
//                the larger amount; each client's due packages on demand.
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { cashClosings } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { lockCashDay } from "../../core/cash-day-lock";
import { formatColones, formatDate } from "../../../shared/domain/format";
import { rowsOf } from "../../lib/rate-limiter";
import { clientSearchAlternatives } from "../../core/client-search";
import { addDays, costaRicaDayKey, costaRicaDaysBetween, costaRicaDayStart, toDate } from "../../../shared/domain/dates";
import type { PaymentMethod } from "../../../shared/domain/charges";
import { COMPROBANTE_TYPE_LABELS, type ComprobanteState, type InvoicingState } from "../../../shared/api/admin/invoices";
import type { Origin, TrackingStatus } from "../../../shared/domain/statuses";
import {
  CLOSE_DAY_FUTURE,
  closeDayAlreadyMessage,
  RECEIVABLE_CLIENT_NOT_FOUND,
  type TCashDayClosing,
  type TClosingComprobantes,
  type TCashClosingQuery,
  type TCashClosingResponse,
  type TClosingPayment,
  type TClosingStaff,
  type TMethodTotals,
  type TReceivableDetail,
  type TReceivablesQuery,
  type TReceivablesResponse,
  type TReversedPayment,
} from "../../../shared/api/admin/cash";

const iso = (value: unknown): string => toDate(value as Date | string)!.toISOString();
const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

function emptyTotals(): TMethodTotals {
  return { SINPE_MOVIL: 0, EFECTIVO: 0, TARJETA: 0, TRANSFERENCIA: 0, total: 0 };
}

interface PaymentRow {
  id: number;
  paid_at: Date | string;
  client_code: string;
  client_name: string;
  method: PaymentMethod;
  reference: string | null;
  amount_colones: number;
  packages: unknown;
  recorded_by_account_id: number | null;
  recorded_by_name: string;
  reversed_at: Date | string | null;
  reversed_by_name: string | null;
  reversal_reason: string | null;
  reversed_by_account_id: number | null;
  /** "AAAA-MM-DD" (selected as text). */
  reversal_counted_on: string | null;
}

function paymentOf(row: PaymentRow): TClosingPayment {
  return {
    id: row.id,
    paidAt: iso(row.paid_at),
    clientCode: row.client_code,
    clientName: row.client_name,
    method: row.method,
    reference: row.reference,
    amountColones: Number(row.amount_colones),
    packages: json<string[] | null>(row.packages) ?? [],
    recordedByName: row.recorded_by_name,
    laterReversal:
      row.reversed_at !== null && row.reversal_counted_on !== null
        ? { reversedAt: iso(row.reversed_at), reversedByName: row.reversed_by_name, reversalReason: row.reversal_reason, countedOn: row.reversal_counted_on }
        : null,
  };
}

/** The staff group a payment belongs to: its account, or its recorded name when it has none. */
const staffKey = (accountId: number | null, name: string) => (accountId === null ? `n:${name}` : `a:${accountId}`);

/** GET /api/admin/cash/closing (see the top). */
export async function getCashClosing(db: DbOrTx, query: TCashClosingQuery, now = new Date(), invoicing: InvoicingState = "off"): Promise<TCashClosingResponse> {
  const date = query.date ?? costaRicaDayKey(now);
  const from = costaRicaDayStart(date);
  const to = addDays(from, 1);
  const day = sql`p.paid_at >= ${from.toISOString()}::timestamptz and p.paid_at < ${to.toISOString()}::timestamptz`;
  // Reversals made this day of closed days' payments (decision 147).
  const countedHere = sql`p.reversal_counted_on = ${date}::date`;
  const staff: SQL = query.staff === undefined ? sql`true` : sql`p.recorded_by_account_id = ${query.staff}`;
  const reverser: SQL = query.staff === undefined ? sql`true` : sql`p.reversed_by_account_id = ${query.staff}`;

  const paymentRows = rowsOf<PaymentRow>(
    await db.execute(sql`
      select p.id, p.paid_at, c.client_code, c.nombre as client_name, p.method, p.reference, p.amount_colones,
             (select json_agg(t.tracking_code order by t.tracking_code)
                from payment_allocations a join client_trackings t on t.id = a.tracking_id
               where a.payment_id = p.id) as packages,
             p.recorded_by_account_id, p.recorded_by_name, p.reversed_at, p.reversed_by_name, p.reversal_reason,
             p.reversed_by_account_id, p.reversal_counted_on::text as reversal_counted_on
        from payments p join clients c on c.id = p.client_id
       where (${day} and ${staff}) or (${countedHere} and ${reverser})
       order by p.paid_at, p.id`),
  );

  // The sums: per staff member and method, per staff member, per method and the day (grouping()
  // tells the sets apart), over the stored amounts: the day's payments that count here (not
  // reversed, or reversed on a later day because this day was closed), minus the reversals made
  // this day of closed days' payments (in the group of who reversed them).
  const sums = rowsOf<{ account_id: number | null; name: string | null; method: PaymentMethod | null; g_staff: number; g_method: number; total: string | number }>(
    await db.execute(sql`
      with m as (
        select p.recorded_by_account_id as account_id, p.recorded_by_name as name, p.method, p.amount_colones as amount
          from payments p
         where ${day} and ${staff} and (p.reversed_at is null or p.reversal_counted_on is not null)
        union all
        select p.reversed_by_account_id, coalesce(p.reversed_by_name, ''), p.method, -p.amount_colones
          from payments p
         where ${countedHere} and ${reverser}
      )
      select m.account_id, m.name, m.method,
             grouping(m.account_id, m.name) as g_staff, grouping(m.method) as g_method,
             sum(m.amount) as total
        from m
       group by grouping sets ((m.account_id, m.name, m.method), (m.account_id, m.name), (m.method), ())`),
  );

  const groups = new Map<string, TClosingStaff>();
  const groupOf = (accountId: number | null, name: string) => {
    const key = staffKey(accountId, name);
    let group = groups.get(key);
    if (!group) {
      group = { accountId, staffName: name, totals: emptyTotals(), payments: [] };
      groups.set(key, group);
    }
    return group;
  };
  const totals = emptyTotals();
  for (const row of sums) {
    const amount = Number(row.total);
    const staffSet = Number(row.g_staff) === 0;
    const methodSet = Number(row.g_method) === 0;
    const target = staffSet ? groupOf(row.account_id, row.name!).totals : totals;
    if (methodSet) target[row.method!] = amount;
    else target.total = amount;
  }

  const reversed: TReversedPayment[] = [];
  const closedDayReversals: TReversedPayment[] = [];
  for (const row of paymentRows) {
    const reversal = () => ({ ...paymentOf(row), reversedAt: iso(row.reversed_at), reversedByName: row.reversed_by_name, reversalReason: row.reversal_reason });
    if (row.reversal_counted_on !== null && row.reversal_counted_on === date) {
      closedDayReversals.push(reversal());
      groupOf(row.reversed_by_account_id, row.reversed_by_name ?? "");
    } else if (row.reversed_at !== null && row.reversal_counted_on === null) {
      reversed.push(reversal());
    } else {
      groupOf(row.recorded_by_account_id, row.recorded_by_name).payments.push(paymentOf(row));
    }
  }
  closedDayReversals.sort((a, b) => a.reversedAt.localeCompare(b.reversedAt) || a.id - b.id);

  const options = rowsOf<{ account_id: number; name: string }>(
    await db.execute(sql`
      select distinct on (p.recorded_by_account_id) p.recorded_by_account_id as account_id, p.recorded_by_name as name
        from payments p
       where ${day} and p.recorded_by_account_id is not null
       order by p.recorded_by_account_id, p.paid_at desc, p.id desc`),
  );

  return {
    date,
    comprobantes: await dayComprobantes(db, from, to, query.staff, invoicing),
    byStaff: [...groups.values()].sort((a, b) => a.staffName.localeCompare(b.staffName, "es") || (a.accountId ?? 0) - (b.accountId ?? 0)),
    totals,
    reversed,
    closedDayReversals,
    closing: await closingOf(db, date),
    staffOptions: options
      .map((o) => ({ accountId: Number(o.account_id), staffName: o.name }))
      .sort((a, b) => a.staffName.localeCompare(b.staffName, "es") || a.accountId - b.accountId),
  };
}

const COMPROBANTE_ORDER = ["01", "04", "03"] as const;
const STATE_LABELS: Record<ComprobanteState, string> = { pendiente: "Pendiente", enviado: "Enviado", aceptado: "Aceptado", rechazado: "Rechazado" };

/**
 * The comprobantes electrónicos issued in [from, to) (issue 34 item 6, decision 195), oldest
 * first, with their totals per kind summed in SQL (rejected ones counted apart). With the staff
 * filter: the Facturas and Tiquetes of the payments that person recorded, the Notas de crédito of
 * the payments they reversed.
 */
async function dayComprobantes(db: DbOrTx, from: Date, to: Date, staffId: number | undefined, invoicing: InvoicingState): Promise<TClosingComprobantes> {
  const issued = sql`d.issued_at >= ${from.toISOString()}::timestamptz and d.issued_at < ${to.toISOString()}::timestamptz`;
  const staff: SQL =
    staffId === undefined
      ? sql`true`
      : sql`(case when d.document_type = '03' then p.reversed_by_account_id else p.recorded_by_account_id end) = ${staffId}`;
  const rows = rowsOf<{ id: number; payment_id: number; document_type: "01" | "03" | "04"; consecutivo: string | null; client_code: string; client_name: string; amount_colones: number; state: ComprobanteState; issued_at: Date | string }>(
    await db.execute(sql`
      select d.id, d.payment_id, d.document_type, d.consecutivo, c.client_code, c.nombre as client_name, p.amount_colones, d.state, d.issued_at
        from invoice_documents d join payments p on p.id = d.payment_id join clients c on c.id = p.client_id
       where ${issued} and ${staff}
       order by d.issued_at, d.id`),
  );
  const sums = rowsOf<{ document_type: string; issued: string | number; amount: string | number | null; rejected: string | number }>(
    await db.execute(sql`
      select d.document_type,
             count(*) filter (where d.state <> 'rechazado') as issued,
             sum(p.amount_colones) filter (where d.state <> 'rechazado') as amount,
             count(*) filter (where d.state = 'rechazado') as rejected
        from invoice_documents d join payments p on p.id = d.payment_id
       where ${issued} and ${staff}
       group by d.document_type`),
  );
  return {
    invoicing,
    items: rows.map((r) => ({
      id: Number(r.id),
      paymentId: Number(r.payment_id),
      documentType: r.document_type,
      typeLabel: COMPROBANTE_TYPE_LABELS[r.document_type],
      consecutivo: r.consecutivo,
      clientCode: r.client_code,
      clientName: r.client_name,
      amountColones: Number(r.amount_colones),
      state: r.state,
      stateLabel: STATE_LABELS[r.state],
      issuedAt: iso(r.issued_at),
    })),
    totals: COMPROBANTE_ORDER.map((documentType) => {
      const sum = sums.find((s) => s.document_type === documentType);
      return {
        documentType,
        typeLabel: COMPROBANTE_TYPE_LABELS[documentType],
        count: Number(sum?.issued ?? 0),
        amountColones: Number(sum?.amount ?? 0),
        rejected: Number(sum?.rejected ?? 0),
      };
    }),
  };
}

async function closingOf(db: DbOrTx, date: string): Promise<TCashDayClosing | null> {
  const [row] = await db.select().from(cashClosings).where(eq(cashClosings.day, date));
  if (!row) return null;
  return { closedAt: row.closedAt.toISOString(), closedByName: row.closedByName, totals: json<TMethodTotals>(row.totals), paymentCount: row.paymentCount };
}

/**
 * POST /api/admin/cash/closings: closes a Costa Rica day (today or earlier), once. Under the
 * day's lock (the one recording and reversing take), so a payment racing the close is either in
 * the totals stored here or refused. Audited as caja.cerrar.
 */
export async function closeCashDay(db: Db, date: string, actor: Actor, now = new Date(), invoicing: InvoicingState = "off"): Promise<TCashClosingResponse> {
  if (costaRicaDaysBetween(date, now) < 0) throw badRequest(CLOSE_DAY_FUTURE);
  await db.transaction(async (tx) => {
    if (await lockCashDay(tx, date)) throw conflict(closeDayAlreadyMessage(date));
    const day = await getCashClosing(tx, { date }, now);
    const paymentCount = day.byStaff.reduce((n, s) => n + s.payments.length, 0);
    const byStaff = day.byStaff.map((s) => ({ accountId: s.accountId, staffName: s.staffName, totals: s.totals }));
    await tx.insert(cashClosings).values({
      day: date,
      closedAt: now,
      closedByAccountId: actor.accountId,
      closedByName: actor.label.slice(0, 120),
      totals: day.totals,
      byStaff,
      paymentCount,
    });
    await recordAudit(tx, actor, {
      action: "caja.cerrar",
      entity: "caja",
      entityId: date,
      summary: `${formatDate(`${date}T12:00:00-06:00`)} · ${formatColones(day.totals.total)} · ${paymentCount} pagos`,
      after: { day: date, totals: day.totals, byStaff, paymentCount, closedDayReversals: day.closedDayReversals.map((r) => r.id) },
      at: now,
    });
  });
  return getCashClosing(db, { date }, now, invoicing);
}

/** Clients `c` matching the search (name, code, phone), as the clients panel searches them. */
function searchFilter(search: string | undefined): SQL {
  if (!search) return sql`true`;
  return sql`(${sql.join(clientSearchAlternatives(search), sql` or `)})`;
}

/** GET /api/admin/cash/receivables (see the top). */
export async function listReceivables(db: Db, query: TReceivablesQuery, now = new Date()): Promise<TReceivablesResponse> {
  const filter = searchFilter(query.search);
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf<{ client_code: string; nombre: string; telefono: string; due: string | number; packages: string | number; oldest: Date | string | null }>(
    await db.execute(sql`
      select c.client_code, c.nombre, c.telefono, d.due, d.packages, d.oldest
        from (select t.client_id, sum(t.saldo_colones) as due, count(*) as packages, min(t.cobrable_at) as oldest
                from client_trackings t
               where t.saldo_colones > 0
               group by t.client_id) d
        join clients c on c.id = d.client_id
       where ${filter}
       order by d.oldest asc nulls last, d.due desc, c.client_code
       limit ${query.pageSize} offset ${offset}`),
  );
  const [total] = rowsOf<{ due: string | number | null; clients: string | number }>(
    await db.execute(sql`
      select sum(t.saldo_colones) as due, count(distinct t.client_id) as clients
        from client_trackings t join clients c on c.id = t.client_id
       where t.saldo_colones > 0 and ${filter}`),
  );
  return {
    items: rows.map((row) => {
      const oldest = row.oldest === null ? null : toDate(row.oldest)!;
      return {
        clientCode: row.client_code,
        nombre: row.nombre,
        telefono: row.telefono,
        totalDueColones: Number(row.due),
        packages: Number(row.packages),
        oldestSince: oldest?.toISOString() ?? null,
        daysDue: oldest ? costaRicaDaysBetween(oldest, now) : null,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    totals: { totalDueColones: Number(total?.due ?? 0), clients: Number(total?.clients ?? 0) },
  };
}

/** GET /api/admin/cash/receivables/{clientCode}: the client's packages with a balance, oldest first. */
export async function getReceivableDetail(db: Db, clientCode: string): Promise<TReceivableDetail> {
  const [client] = rowsOf<{ id: number; client_code: string; nombre: string; telefono: string }>(
    await db.execute(sql`select id, client_code, nombre, telefono from clients where client_code = ${clientCode}`),
  );
  if (!client) throw notFound(RECEIVABLE_CLIENT_NOT_FOUND);
  const rows = rowsOf<{ id: number; tracking_code: string; estado: TrackingStatus; origen: Origin; total_colones: number | null; pagado_colones: number; saldo_colones: number; cobrable_at: Date | string | null }>(
    await db.execute(sql`
      select t.id, t.tracking_code, t.estado, t.origen, t.total_colones, t.pagado_colones, t.saldo_colones, t.cobrable_at
        from client_trackings t
       where t.client_id = ${client.id} and t.saldo_colones > 0
       order by t.cobrable_at asc nulls last, t.id`),
  );
  const [due] = rowsOf<{ due: string | number | null }>(
    await db.execute(sql`select sum(saldo_colones) as due from client_trackings where client_id = ${client.id} and saldo_colones > 0`),
  );
  return {
    clientCode: client.client_code,
    nombre: client.nombre,
    telefono: client.telefono,
    totalDueColones: Number(due?.due ?? 0),
    packages: rows.map((row) => ({
      id: Number(row.id),
      trackingCode: row.tracking_code,
      estado: row.estado,
      origen: row.origen,
      totalColones: row.total_colones === null ? null : Number(row.total_colones),
      pagadoColones: Number(row.pagado_colones),
      saldoColones: Number(row.saldo_colones),
      since: row.cobrable_at === null ? null : iso(row.cobrable_at),
    })),
  };
}
