// The client portal's view of packages (/rastreo, public-site §4, §6, §7): a client, known only
// by the code, sees and changes only its own packages. Ownership is checked on every write by the
// package policy (core/policies/package.ts, the same check the SINPE receipts use): the code in
// the body must own the package, else the same 404 as a missing package, so ids of other clients'
// packages reveal nothing; edit and delete are allowed only while the package is in
// SEGUIMIENTO_INTERNACIONAL. The writes go through service.ts like every other path.
import { eq, sql } from "drizzle-orm";
import type { Database, Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients } from "../../db/schema";
import { notFound } from "../../errors";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import {
  TRACKING_NOT_FOUND,
  CLIENT_PHOTO_KINDS,
  ZChargeLineSchema,
  ZClientChargeSchema,
  ZClientDeliverySchema,
  ZClientPackagePhotoSchema,
  ZClientStatementSchema,
  ZClientTrackingSchema,
  ZClientTrackingsResponseSchema,
  ZTrackingHistoryEntrySchema,
  type TClientTracking,
  type TClientTrackingsResponse,
  type TPreAlertRequest,
} from "../../../shared/api/trackings";
import { findClientByTypedCode } from "../../core/client-codes";
import { authorize, clientSubject } from "../../core/policies";
import type { Actor } from "../../lib/actor";
import { createTracking, deleteTracking, updateTracking, type TrackingFields, type TrackingRow } from "./service";
import { ZDiscrepancySchema } from "../../../shared/api/declared";
import { inOutboxTransaction } from "../../core/outbox";
import { UPLOADS_PATH_PREFIX } from "../../../shared/api/uploads";
import { PROOFS_LISTED_MAX, ZClientPaymentProofSchema } from "../../../shared/api/payments";
import { gzipSync } from "node:zlib";
import { ClientLookups, LookupCache, type Found, type LookupCacheOptions } from "./lookup-cache";
import type { ImageLinks } from "../../lib/image-links";
import { rowsOf } from "../../lib/rate-limiter";
import { jsonObjectSql } from "./json-sql";
import { ZPackageInvoiceSchema } from "../../../shared/api/purchase-invoices";

async function findClient(db: DbOrTx, clientCode: string) {
  return findClientByTypedCode(db, clientCode, {
    id: clients.id,
    nombre: clients.nombre,
    clientCode: clients.clientCode,
    referralCode: clients.referralCode,
  });
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO})`;

// The lookup answer is defined once, by the shared schemas (shared/api/trackings.ts, issue 33
// item 4, docs/decisions/176): each JSON object below takes its keys, in order, from its schema;
// here is only the SQL for each key. The tests parse the answer strictly with the schema.
const trackingShape = ZClientTrackingSchema.shape;

const HISTORY_ENTRY_JSON = jsonObjectSql(ZTrackingHistoryEntrySchema, {
  previousStatus: "h.previous_status",
  newStatus: "h.new_status",
  changedAt: iso("h.changed_at"),
});

const PHOTO_JSON = jsonObjectSql(ZClientPackagePhotoSchema, {
  url: `'${UPLOADS_PATH_PREFIX}' || p.upload_name`,
  kind: "p.kind",
  createdAt: iso("p.created_at"),
});

/** The first photo of a kind (ENTREGA, FIRMA) of the package ct, as its link. */
const firstPhotoUrl = (kind: string) => `(select '${UPLOADS_PATH_PREFIX}' || p.upload_name from package_photos p
            where p.tracking_id = ct.id and p.kind = '${kind}' order by p.created_at, p.id limit 1)`;

const DELIVERY_JSON = jsonObjectSql(ZClientDeliverySchema, {
  recibidoPor: "d.recibido_por",
  deliveredAt: iso("d.delivered_at"),
  photoUrl: firstPhotoUrl("ENTREGA"),
  signatureUrl: firstPhotoUrl("FIRMA"),
});

// The lines of shared/domain/charges.ts chargeLines over the stored columns: freight, coupon, extras.
const FREIGHT_LINE_JSON = jsonObjectSql(ZChargeLineSchema, { kind: "'FLETE'", description: "'Flete'", amountColones: "ct.monto_colones" });
const DISCOUNT_LINE_JSON = jsonObjectSql(ZChargeLineSchema, {
  kind: "'DESCUENTO'",
  description: "'Cupón ' || coalesce(ct.discount_percent, 0)::text || ' %'",
  amountColones: "-ct.descuento_colones",
});
const EXTRA_LINE_JSON = jsonObjectSql(ZChargeLineSchema, { kind: "pc.kind", description: "pc.description", amountColones: "pc.amount_colones" });

const CHARGE_JSON = jsonObjectSql(ZClientChargeSchema, {
  lineas: `coalesce((
          select json_agg(l.line order by l.ord, l.id) from (
            select 0 as ord, 0 as id, ${FREIGHT_LINE_JSON} as line
              where ct.monto_colones is not null
            union all
            select 1, 0, ${DISCOUNT_LINE_JSON}
              where ct.descuento_colones > 0
            union all
            select 2, pc.id, ${EXTRA_LINE_JSON}
              from package_charges pc where pc.tracking_id = ct.id
          ) l), '[]'::json)`,
  totalColones: "ct.total_colones",
  pagadoColones: "ct.pagado_colones",
  saldoColones: "ct.saldo_colones",
});

/** One package of the client (alias ct) as its owner sees it: ZClientTrackingSchema. */
const TRACKING_JSON = jsonObjectSql(ZClientTrackingSchema, {
  id: "ct.id",
  trackingCode: "ct.tracking_code",
  estado: "ct.estado",
  origen: "ct.origen",
  formaEnvio: "ct.forma_envio",
  carrier: "ct.carrier",
  descripcionPaquete: "ct.descripcion_paquete",
  tiendaOrigen: "ct.tienda_origen",
  valorDeclarado: "ct.valor_declarado",
  diferencia: `case when ct.diferencia_tipo is null then null
        else ${jsonObjectSql(ZDiscrepancySchema, { tipo: "ct.diferencia_tipo", nota: "ct.diferencia_nota" })} end`,
  pesoVolumetricoGramos: "ct.peso_volumetrico_gramos",
  pesoPieCubicos: "ct.peso_pie_cubicos",
  montoColones: "ct.monto_colones",
  createdAt: iso("ct.created_at"),
  // The latest known event: a courier event when one was recorded, else the last status change.
  lastEventAt: iso("coalesce(ct.last_event_at, ct.last_status_change_date)"),
  history: `coalesce((
        select json_agg(${HISTORY_ENTRY_JSON} order by h.changed_at, h.id)
        from tracking_status_history h where h.tracking_id = ct.id), '[]'::json)`,
  coupon: `case when ct.discount_percent > 0
        then ${jsonObjectSql(trackingShape.coupon.unwrap(), { discountPercent: "ct.discount_percent" })} else null end`,
  photos: `coalesce((
        select json_agg(${PHOTO_JSON} order by p.created_at, p.id)
        from package_photos p where p.tracking_id = ct.id and p.kind in (${CLIENT_PHOTO_KINDS.map((k) => `'${k}'`).join(", ")})), '[]'::json)`,
  delivery: `(select ${DELIVERY_JSON} from deliveries d where d.tracking_id = ct.id)`,
  cargo: `case when ct.total_colones is null then null else ${CHARGE_JSON} end`,
  // A Sin dueño match staff have not confirmed yet (docs/decisions/155).
  enVerificacion: "exists (select 1 from unclaimed_matches m where m.tracking_id = ct.id and m.estado = 'PENDIENTE')",
  factura: `(select ${jsonObjectSql(ZPackageInvoiceSchema, { contentType: "pi.content_type", sizeBytes: "pi.size_bytes", createdAt: iso("pi.created_at") })}
        from package_invoices pi where pi.tracking_id = ct.id)`,
});

const PAYMENT_PROOF_JSON = jsonObjectSql(ZClientPaymentProofSchema, {
  id: "p.id",
  trackingId: "p.tracking_id",
  trackingCode: "p.tracking_code",
  estado: "p.estado",
  createdAt: iso("p.created_at"),
  rejectReason: "p.reject_reason",
});

const STATEMENT_JSON = jsonObjectSql(ZClientStatementSchema, {
  totalPendienteColones: `(select coalesce(sum(s.saldo_colones), 0)
      from client_trackings s where s.client_id = c.id and s.saldo_colones > 0)`,
  comprobantes: `coalesce((
      select json_agg(${PAYMENT_PROOF_JSON} order by p.created_at desc, p.id desc)
      from (select pp.id, pp.tracking_id, pt.tracking_code, pp.estado, pp.created_at, pp.reject_reason
        from payment_proofs pp left join client_trackings pt on pt.id = pp.tracking_id
        where pp.client_id = c.id order by pp.created_at desc, pp.id desc limit ${PROOFS_LISTED_MAX}) p), '[]'::json)`,
});

/** The whole answer of the client c: ZClientTrackingsResponseSchema. */
const RESPONSE_JSON = jsonObjectSql(ZClientTrackingsResponseSchema, {
  client: jsonObjectSql(ZClientTrackingsResponseSchema.shape.client, {
    nombre: "c.nombre",
    clientCode: "c.client_code",
    referralCode: "c.referral_code",
    identificacion: `case when c.tax_id_number is null then null else json_build_object('tipo', c.tax_id_type, 'terminaEn', right(c.tax_id_number, 4)) end`,
  }),
  trackings: `coalesce((
    select json_agg(${TRACKING_JSON} order by ct.created_at desc, ct.id desc)
    from client_trackings ct where ct.client_id = c.id), '[]'::json)`,
  estadoCuenta: STATEMENT_JSON,
});

const RESPONSE_SELECT = `
select ${RESPONSE_JSON}::text as body, c.client_code as code, c.code_lookalike_free as "lookalikeFree", c.id as "clientId", c.protected_at is not null as "protected"
from clients c`;

/**
 * The lookup clients run most: one statement that builds the whole answer as JSON in the
 * database (its shape taken from the shared schema, above), so the hot path is one round trip
 * with no per-row work in JavaScript. It answers several codes at once: lookups that arrive
 * together share one round trip (LookupBatcher).
 */
export const CLIENT_TRACKINGS_JSON_SQL = `${RESPONSE_SELECT} where c.client_code = any($1::text[])`;

/** Codes per statement, at most. */
const LOOKUP_BATCH_MAX = 64;
/** Statements under way at once; lookups arriving meanwhile wait and go together in the next. */
const LOOKUP_IN_FLIGHT_MAX = 4;

interface Waiter {
  resolve(found: Found | null): void;
  reject(error: unknown): void;
}

/**
 * Lookups that arrive in the same turn of the event loop, or while the statements already under
 * way use every slot, go to the database as one statement for all their codes. With one client
 * at a time nothing waits (the statement leaves on the next turn); under load, each round trip
 * answers many clients — on this 2-core machine the round trip's system calls, not the query,
 * are most of a lookup's cost (docs/decisions/096).
 */
class LookupBatcher {
  private waiting = new Map<string, Waiter[]>();
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly database: Database,
    private readonly cache?: LookupCache,
    private readonly links?: ImageLinks,
  ) {}

  load(code: string): Promise<Found | null> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(code);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(code, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.waiting.size > 0 && this.inFlight < LOOKUP_IN_FLIGHT_MAX) {
      const batch = new Map<string, Waiter[]>();
      for (const [code, list] of this.waiting) {
        batch.set(code, list);
        this.waiting.delete(code);
        if (batch.size >= LOOKUP_BATCH_MAX) break;
      }
      this.inFlight++;
      const codes = [...batch.keys()];
      const fill = this.cache?.beginFill(codes);
      this.database
        .queryPrepared<{ body: string; code: string; lookalikeFree: boolean; clientId: number; protected: boolean }>("client-trackings-json", CLIENT_TRACKINGS_JSON_SQL, [codes])
        .then(
          (rows) => {
            // Answers that will be kept are gzipped once here (lookup-cache.ts answerBytes).
            const keep = this.cache?.enabled === true;
            const found = new Map<string, Found>(
              rows.map((row) => {
                // Photo and signature links are signed here, once per answer kept (decision 146).
                const { json, validUntilMs } = this.links ? this.links.signJson(row.body) : { json: row.body, validUntilMs: null };
                const body = keep ? gzipSync(json) : Buffer.from(json);
                const answer: Found = { body, gzipped: keep, lookalikeFree: row.lookalikeFree, clientId: row.clientId, protected: row.protected, ...(validUntilMs === null ? {} : { validUntilMs }) };
                return [row.code, answer] as const;
              }),
            );
            if (fill) this.cache!.endFill(fill, found);
            for (const [code, list] of batch) for (const waiter of list) waiter.resolve(found.get(code) ?? null);
          },
          (error: unknown) => {
            if (fill) this.cache!.endFill(fill, null);
            for (const list of batch.values()) for (const waiter of list) waiter.reject(error);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.flush();
        });
    }
  }
}

/**
 * The lookup through the cache: one per app (context.ts), listening from app start to close. With
 * `links`, the answers' image links are signed (the app's; the bare answer without).
 */
export function createClientLookups(database: Database, options: LookupCacheOptions, links?: ImageLinks): ClientLookups {
  const cache = new LookupCache(options);
  return new ClientLookups(database, cache, new LookupBatcher(database, cache, links));
}

const uncached = new WeakMap<Database, ClientLookups>();

/**
 * GET /api/clients/trackings?code= as a ready JSON text, straight from the database (no cache);
 * null when no client has the code.
 */
export async function getClientTrackingsJson(database: Database, clientCode: string): Promise<string | null> {
  let lookups = uncached.get(database);
  if (!lookups) {
    lookups = createClientLookups(database, { maxEntries: 0, maxBytes: 0, missTtlMs: 0 });
    uncached.set(database, lookups);
  }
  return (await lookups.lookup(clientCode))?.body.toString() ?? null;
}

/**
 * The same answer through drizzle (any connection or transaction), parsed with the schema:
 * newest package first; null when no client has the typed code.
 */
export async function getClientTrackings(db: DbOrTx, clientCode: string): Promise<TClientTrackingsResponse | null> {
  const client = await findClient(db, clientCode);
  if (!client) return null;
  const [row] = rowsOf<{ body: string }>(await db.execute(sql`${sql.raw(RESPONSE_SELECT)} where c.id = ${client.id}`));
  return ZClientTrackingsResponseSchema.parse(JSON.parse(row.body));
}

/** The answer of a write: the package as the lookup shows it (the same SQL, one package). */
export async function dtoOf(tx: DbOrTx, row: Pick<TrackingRow, "id">): Promise<TClientTracking> {
  const [one] = rowsOf<{ body: string }>(await tx.execute(sql`select ${sql.raw(TRACKING_JSON)}::text as body from client_trackings ct where ct.id = ${row.id}`));
  return ZClientTrackingSchema.parse(JSON.parse(one.body));
}

/**
 * POST /api/clients/trackings: the client's own pre-alert (no WhatsApp message for it); `alsoDo`
 * runs in its transaction with the new package's id (the purchase invoice, purchase-invoice.ts).
 */
export async function preAlertTracking(
  db: Db,
  input: TPreAlertRequest,
  actor: Actor,
  alsoDo?: (tx: DbOrTx, trackingId: number) => Promise<unknown>,
): Promise<TClientTracking> {
  // A pre-alert of a number waiting in Sin dueño only proposes the match: staff confirm it
  // (docs/decisions/155); meanwhile the answer says enVerificacion and carries nothing of the receipt.
  return inOutboxTransaction(db, async (tx) => {
    const client = await findClient(tx, input.clientCode);
    if (!client) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    const { tracking } = await createTracking(tx, {
      clientId: client.id,
      trackingCode: input.trackingCode,
      origen: input.origen,
      formaEnvio: input.formaEnvio,
      ...declaredOf(input),
      actor,
      notify: false,
    });
    if (alsoDo) await alsoDo(tx, tracking.id);
    return dtoOf(tx, tracking);
  });
}

/**
 * Locks the package for a client's edit or delete, which the package policy decides
 * (core/policies/package.ts): its own (else the 404 of a missing one) and still editable (else 409).
 */
async function lockOwnEditable(tx: DbOrTx, trackingId: number, clientCode: string, action: "package.edit" | "package.delete"): Promise<void> {
  const client = await findClient(tx, clientCode);
  if (!client) throw notFound(TRACKING_NOT_FOUND);
  const [row] = await tx
    .select({ clientId: clientTrackings.clientId, estado: clientTrackings.estado, origen: clientTrackings.origen })
    .from(clientTrackings)
    .where(eq(clientTrackings.id, trackingId))
    .for("update");
  authorize(clientSubject(client), action, row);
}

/** What the client declared (issue 32 item 5): only the fields sent; null clears one. */
function declaredOf(input: TPreAlertRequest): Pick<TrackingFields, "descripcionPaquete" | "valorDeclarado" | "tiendaOrigen"> {
  const out: Pick<TrackingFields, "descripcionPaquete" | "valorDeclarado" | "tiendaOrigen"> = {};
  if (input.descripcionPaquete !== undefined) out.descripcionPaquete = input.descripcionPaquete;
  if (input.valorDeclarado !== undefined) out.valorDeclarado = input.valorDeclarado;
  if (input.tiendaOrigen !== undefined) out.tiendaOrigen = input.tiendaOrigen;
  return out;
}

/** PATCH /api/clients/trackings/{id}: tracking code, origin, shipping type and the declared content, value and store of an own package. */
export async function updateClientTracking(db: Db, trackingId: number, input: TPreAlertRequest, actor: Actor): Promise<TClientTracking> {
  return db.transaction(async (tx) => {
    await lockOwnEditable(tx, trackingId, input.clientCode, "package.edit");
    const { tracking } = await updateTracking(tx, {
      trackingId,
      changes: { trackingCode: input.trackingCode, origen: input.origen, formaEnvio: input.formaEnvio, ...declaredOf(input) },
      actor,
    });
    return dtoOf(tx, tracking);
  });
}

/** DELETE /api/clients/trackings/{id}. */
export async function deleteClientTracking(db: Db, trackingId: number, clientCode: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnEditable(tx, trackingId, clientCode, "package.delete");
    await deleteTracking(tx, trackingId, actor);
  });
}

