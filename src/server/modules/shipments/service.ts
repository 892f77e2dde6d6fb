// Embarques (issue 20, docs/decisions/130): create, edit while open, add received packages (by
// scan through the one scan lookup, or by id), remove, close, reopen, and move all its packages
// one status forward through the one status-change service (history, one WhatsApp message per
// package, audit paquete.estado) in one updateTrackings call.
//
// Membership (client_trackings.shipment_id) is the shipment's own relation: it is written here,
// with the shipment row locked, and recorded as embarque.agregar / embarque.quitar; it never
// touches a package's status, amount or history. Totals are ONE SQL sum over the stored values
// (shipmentTotals), used by the list, the detail, the manifest and the labels alike.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, shipments } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { inOutboxTransaction } from "../../core/outbox";
import { assertPriced, updateTrackings } from "../packages/service";
import { COLLECTABLE_STATUSES } from "../../../shared/domain/charges";
import { diffFields, recordAudit } from "../../core/audit/service";
import { resolveScan } from "../warehouse/scan";
import { TRACKING_STATUSES, type ShippingType, type TrackingStatus } from "../../../shared/domain/statuses";
import type { ShipmentState } from "../../../shared/domain/warehouse";
import {
  SHIPMENT_ALREADY_CLOSED,
  SHIPMENT_ALREADY_OPEN,
  SHIPMENT_CLOSED,
  SHIPMENT_EMPTY,
  SHIPMENT_MOVE_STATUSES,
  SHIPMENT_NOT_CLOSED,
  SHIPMENT_NOT_FOUND,
  SHIPMENT_NOTHING_TO_MOVE,
  SHIPMENT_PACKAGE_NOT_IN,
  SHIPMENT_PACKAGE_STATUS,
  SHIPMENT_REOPEN_MOVED,
  SHIPMENT_SCAN_MANY,
  SHIPMENT_SCAN_NONE,
  shipmentMoved,
  shipmentMoveNotNext,
  shipmentPackageInOther,
  shipmentPackageInThis,
  shipmentPackageNotReceived,
  shipmentPackageWrongStatus,
  shipmentPackageWrongType,
  shipmentScanUnclaimed,
  type ShipmentMoveStatus,
  type TShipment,
  type TShipmentDetail,
  type TShipmentListResponse,
  type TShipmentMoveResponse,
  type TShipmentPackage,
  type TShipmentTotals,
  type TReadyPackagesResponse,
  type ZAddToShipmentRequestSchema,
  type ZCreateShipmentRequestSchema,
  type ZUpdateShipmentRequestSchema,
} from "../../../shared/api/admin/shipments";
import type { z } from "../../../shared/validation";

type ShipmentRow = typeof shipments.$inferSelect;

const EMPTY_TOTALS: TShipmentTotals = { piezas: 0, gramos: 0, pieCubicos: 0, valorDeclaradoUsd: 0, montoColones: 0 };

/** A package status's place in the order of TRACKING_STATUSES (1-based, as array_position gives it). */
const STATUS_ORDER = sql.raw(`array[${TRACKING_STATUSES.map((s) => `'${s}'`).join(",")}]::text[]`);
const rank = (status: TrackingStatus) => TRACKING_STATUSES.indexOf(status) + 1;

interface Summary {
  totals: TShipmentTotals;
  /** The lowest status rank among its packages (null: no packages). */
  stage: number | null;
}

/** Totals and stage of these shipments: one grouped SQL sum over the stored values. */
export async function shipmentSummaries(db: DbOrTx, ids: number[]): Promise<Map<number, Summary>> {
  const out = new Map<number, Summary>();
  if (ids.length === 0) return out;
  const t = clientTrackings;
  const rows = await db
    .select({
      shipmentId: t.shipmentId,
      piezas: sql<number>`count(*)`.mapWith(Number),
      gramos: sql<number>`coalesce(sum(${t.pesoGramos}), 0)`.mapWith(Number),
      pieCubicos: sql<number>`coalesce(sum(${t.pieCubicos}), 0)`.mapWith(Number),
      valorDeclaradoUsd: sql<number>`coalesce(sum(${t.valorDeclarado}), 0)`.mapWith(Number),
      montoColones: sql<number>`coalesce(sum(${t.montoColones}), 0)`.mapWith(Number),
      stage: sql<number>`min(array_position(${STATUS_ORDER}, ${t.estado}::text))`.mapWith(Number),
    })
    .from(t)
    .where(inArray(t.shipmentId, ids))
    .groupBy(t.shipmentId);
  for (const { shipmentId, stage, ...totals } of rows) out.set(shipmentId!, { totals, stage });
  return out;
}

/** The move a closed shipment may make next: the status after its least advanced package's. */
function nextMoveOf(estado: string, stage: number | null): ShipmentMoveStatus | null {
  if (estado !== "CERRADO" || stage === null) return null;
  const from = Math.max(stage, rank(SHIPMENT_PACKAGE_STATUS));
  return SHIPMENT_MOVE_STATUSES.find((s) => rank(s) === from + 1) ?? null;
}

function present(row: ShipmentRow, summary: Summary | undefined): TShipment {
  return {
    id: row.id,
    formaEnvio: row.formaEnvio as ShippingType,
    numeroGuia: row.numeroGuia,
    transporte: row.transporte,
    fecha: row.fecha,
    estado: row.estado as ShipmentState,
    notas: row.notas,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    totals: summary?.totals ?? EMPTY_TOTALS,
    nextMove: nextMoveOf(row.estado, summary?.stage ?? null),
  };
}

const packageColumns = {
  id: clientTrackings.id,
  trackingCode: clientTrackings.trackingCode,
  carrier: clientTrackings.carrier,
  clientCode: clients.clientCode,
  clientName: clients.nombre,
  descripcion: clientTrackings.descripcionPaquete,
  tiendaOrigen: clientTrackings.tiendaOrigen,
  estado: clientTrackings.estado,
  origen: clientTrackings.origen,
  formaEnvio: clientTrackings.formaEnvio,
  pesoGramos: clientTrackings.pesoGramos,
  pieCubicos: clientTrackings.pieCubicos,
  valorDeclarado: clientTrackings.valorDeclarado,
  receivedAt: clientTrackings.receivedAt,
  // The purchase invoice, if any (issue 36 item 2): what it is; staff open it through its own route.
  factura: sql<TShipmentPackage["factura"]>`(select json_build_object('contentType', pi.content_type, 'sizeBytes', pi.size_bytes,
    'createdAt', to_char(pi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from package_invoices pi where pi.tracking_id = ${clientTrackings.id})`,
};

function presentPackage(row: Record<keyof typeof packageColumns, unknown>): TShipmentPackage {
  const r = row as { receivedAt: Date | null } & Omit<TShipmentPackage, "receivedAt">;
  return { ...r, receivedAt: r.receivedAt?.toISOString() ?? null };
}

/** A shipment's packages as the screens and the manifest show them: by client code, then as added. */
export async function shipmentPackages(db: DbOrTx, shipmentId: number): Promise<TShipmentPackage[]> {
  const rows = await db
    .select(packageColumns)
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(eq(clientTrackings.shipmentId, shipmentId))
    .orderBy(asc(clients.clientCode), asc(clientTrackings.id));
  return rows.map(presentPackage);
}

async function findShipment(db: DbOrTx, id: number, lock = false): Promise<ShipmentRow> {
  const query = db.select().from(shipments).where(eq(shipments.id, id));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound(SHIPMENT_NOT_FOUND);
  return row;
}

export async function getShipment(db: DbOrTx, id: number): Promise<TShipment> {
  const row = await findShipment(db, id);
  return present(row, (await shipmentSummaries(db, [id])).get(id));
}

export async function getShipmentDetail(db: DbOrTx, id: number): Promise<TShipmentDetail> {
  return { shipment: await getShipment(db, id), packages: await shipmentPackages(db, id) };
}

/** Open shipments first, then the newest. */
export async function listShipments(db: Db, query: { page: number; pageSize: number }): Promise<TShipmentListResponse> {
  const [{ total }] = await db.select({ total: count() }).from(shipments);
  const rows = await db
    .select()
    .from(shipments)
    .orderBy(sql`(${shipments.estado} = 'ABIERTO') desc`, desc(shipments.createdAt), desc(shipments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const summaries = await shipmentSummaries(
    db,
    rows.map((r) => r.id),
  );
  return { shipments: rows.map((r) => present(r, summaries.get(r.id))), total, page: query.page, pageSize: query.pageSize };
}

/** Received packages waiting at Miami in no shipment, of the shipment's type, oldest received first. */
export async function readyPackages(db: Db, id: number): Promise<TReadyPackagesResponse> {
  const shipment = await findShipment(db, id);
  const where = and(
    sql`${clientTrackings.receivedAt} is not null`,
    sql`${clientTrackings.shipmentId} is null`,
    eq(clientTrackings.estado, SHIPMENT_PACKAGE_STATUS),
    eq(clientTrackings.formaEnvio, shipment.formaEnvio),
  );
  const [{ total }] = await db.select({ total: count() }).from(clientTrackings).where(where);
  const rows = await db
    .select(packageColumns)
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(where)
    .orderBy(asc(clientTrackings.receivedAt), asc(clientTrackings.id))
    .limit(2000);
  return { packages: rows.map(presentPackage), total };
}

const auditedShipment = (s: ShipmentRow) => ({
  formaEnvio: s.formaEnvio,
  numeroGuia: s.numeroGuia,
  transporte: s.transporte,
  fecha: s.fecha,
  estado: s.estado,
  notas: s.notas,
});

export async function createShipment(db: Db, body: z.output<typeof ZCreateShipmentRequestSchema>, actor: Actor): Promise<TShipmentDetail> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shipments)
      .values({
        formaEnvio: body.formaEnvio,
        numeroGuia: body.numeroGuia,
        transporte: body.transporte ?? null,
        fecha: body.fecha,
        notas: body.notas ?? null,
        createdByAccountId: actor.accountId,
      })
      .returning();
    await recordAudit(tx, actor, { action: "embarque.crear", entity: "embarque", entityId: created.id, summary: created.numeroGuia, after: auditedShipment(created) });
    return created;
  });
  return { shipment: present(row, undefined), packages: [] };
}

export async function updateShipment(
  db: Db,
  id: number,
  body: z.output<typeof ZUpdateShipmentRequestSchema>,
  actor: Actor,
): Promise<TShipmentDetail> {
  await db.transaction(async (tx) => {
    const before = await findShipment(tx, id, true);
    if (before.estado !== "ABIERTO") throw conflict(SHIPMENT_CLOSED);
    const changes: Partial<typeof shipments.$inferInsert> = {};
    if (body.numeroGuia !== undefined) changes.numeroGuia = body.numeroGuia;
    if (body.transporte !== undefined) changes.transporte = body.transporte;
    if (body.fecha !== undefined) changes.fecha = body.fecha;
    if (body.notas !== undefined) changes.notas = body.notas;
    const [after] = await tx
      .update(shipments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(shipments.id, id))
      .returning();
    const diff = diffFields(auditedShipment(before), auditedShipment(after));
    if (diff) await recordAudit(tx, actor, { action: "embarque.editar", entity: "embarque", entityId: id, summary: after.numeroGuia, ...diff });
  });
  return getShipmentDetail(db, id);
}

/** The package ids a scan names: exactly one package, or a Spanish refusal (409 with the choices when several). */
async function scannedPackageId(db: Db, code: string): Promise<number> {
  const scan = await resolveScan(db, code);
  if (scan.packages.length === 1) return scan.packages[0].id;
  if (scan.packages.length > 1) {
    const ids = scan.packages.map((p) => p.id);
    const matches = await db
      .select(packageColumns)
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(inArray(clientTrackings.id, ids))
      .orderBy(asc(clients.clientCode));
    throw new AppError("CONFLICT", 409, SHIPMENT_SCAN_MANY, { matches: matches.map(presentPackage) });
  }
  if (scan.unclaimed) throw conflict(shipmentScanUnclaimed(scan.unclaimed.trackingCode));
  throw notFound(SHIPMENT_SCAN_NONE);
}

/**
 * Adds packages to an open shipment, all or none: each must be received, waiting at Miami
 * (EN_BODEGA_MIAMI), in no shipment and of the shipment's type; the first that is not is refused
 * in Spanish and nothing changes.
 */
export async function addToShipment(
  db: Db,
  id: number,
  body: z.output<typeof ZAddToShipmentRequestSchema>,
  actor: Actor,
): Promise<TShipmentDetail & { added: number }> {
  const ids = "code" in body ? [await scannedPackageId(db, body.code)] : [...new Set(body.trackingIds)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const shipment = await findShipment(tx, id, true);
    if (shipment.estado !== "ABIERTO") throw conflict(SHIPMENT_CLOSED);
    const rows: { id: number; trackingCode: string; receivedAt: Date | null; estado: string; formaEnvio: string; shipmentId: number | null }[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      rows.push(
        ...(await tx
          .select({
            id: clientTrackings.id,
            trackingCode: clientTrackings.trackingCode,
            receivedAt: clientTrackings.receivedAt,
            estado: clientTrackings.estado,
            formaEnvio: clientTrackings.formaEnvio,
            shipmentId: clientTrackings.shipmentId,
          })
          .from(clientTrackings)
          .where(inArray(clientTrackings.id, chunk))
          .orderBy(asc(clientTrackings.id))
          .for("update")),
      );
    }
    if (rows.length !== ids.length) throw notFound(SHIPMENT_SCAN_NONE);
    for (const p of rows) {
      if (p.shipmentId === id) throw conflict(shipmentPackageInThis(p.trackingCode));
      if (p.shipmentId !== null) {
        const [other] = await tx.select({ numeroGuia: shipments.numeroGuia }).from(shipments).where(eq(shipments.id, p.shipmentId));
        throw conflict(shipmentPackageInOther(p.trackingCode, other?.numeroGuia ?? String(p.shipmentId)));
      }
      if (!p.receivedAt) throw conflict(shipmentPackageNotReceived(p.trackingCode));
      if (p.formaEnvio !== shipment.formaEnvio) throw conflict(shipmentPackageWrongType(p.trackingCode, p.formaEnvio as ShippingType));
      if (p.estado !== SHIPMENT_PACKAGE_STATUS) throw conflict(shipmentPackageWrongStatus(p.trackingCode, p.estado));
    }
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .update(clientTrackings)
        .set({ shipmentId: id })
        .where(inArray(clientTrackings.id, ids.slice(i, i + 1000)));
    }
    await tx.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, id));
    await recordAudit(tx, actor, {
      action: "embarque.agregar",
      entity: "embarque",
      entityId: id,
      summary: `${shipment.numeroGuia}: ${rows.length === 1 ? rows[0].trackingCode : `${rows.length} paquetes`}`,
      after: { paquetes: rows.map((r) => r.id) },
    });
  });
  return { ...(await getShipmentDetail(db, id)), added: ids.length };
}

export async function removeFromShipment(db: Db, id: number, trackingId: number, actor: Actor): Promise<TShipmentDetail> {
  await db.transaction(async (tx) => {
    const shipment = await findShipment(tx, id, true);
    if (shipment.estado !== "ABIERTO") throw conflict(SHIPMENT_CLOSED);
    const [removed] = await tx
      .update(clientTrackings)
      .set({ shipmentId: null })
      .where(and(eq(clientTrackings.id, trackingId), eq(clientTrackings.shipmentId, id)))
      .returning({ id: clientTrackings.id, trackingCode: clientTrackings.trackingCode });
    if (!removed) throw notFound(SHIPMENT_PACKAGE_NOT_IN);
    await tx.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, id));
    await recordAudit(tx, actor, {
      action: "embarque.quitar",
      entity: "embarque",
      entityId: id,
      summary: `${shipment.numeroGuia}: ${removed.trackingCode}`,
      before: { paquete: removed.id },
    });
  });
  return getShipmentDetail(db, id);
}

export async function closeShipment(db: Db, id: number, actor: Actor): Promise<TShipmentDetail> {
  await db.transaction(async (tx) => {
    const shipment = await findShipment(tx, id, true);
    if (shipment.estado === "CERRADO") throw conflict(SHIPMENT_ALREADY_CLOSED);
    const [{ piezas }] = await tx.select({ piezas: count() }).from(clientTrackings).where(eq(clientTrackings.shipmentId, id));
    if (piezas === 0) throw conflict(SHIPMENT_EMPTY);
    const now = new Date();
    await tx
      .update(shipments)
      .set({ estado: "CERRADO", closedAt: now, closedByAccountId: actor.accountId, updatedAt: now })
      .where(eq(shipments.id, id));
    await recordAudit(tx, actor, {
      action: "embarque.cerrar",
      entity: "embarque",
      entityId: id,
      summary: `${shipment.numeroGuia} · ${piezas} ${piezas === 1 ? "paquete" : "paquetes"}`,
      before: { estado: "ABIERTO" },
      after: { estado: "CERRADO", piezas },
    });
  });
  return getShipmentDetail(db, id);
}

/** Reopens a closed shipment while every package is still at Miami (none has moved on). */
export async function reopenShipment(db: Db, id: number, actor: Actor): Promise<TShipmentDetail> {
  await db.transaction(async (tx) => {
    const shipment = await findShipment(tx, id, true);
    if (shipment.estado === "ABIERTO") throw conflict(SHIPMENT_ALREADY_OPEN);
    const [{ moved }] = await tx
      .select({ moved: count() })
      .from(clientTrackings)
      .where(and(eq(clientTrackings.shipmentId, id), sql`${clientTrackings.estado} <> ${SHIPMENT_PACKAGE_STATUS}`));
    if (moved > 0) throw conflict(SHIPMENT_REOPEN_MOVED);
    await tx.update(shipments).set({ estado: "ABIERTO", closedAt: null, closedByAccountId: null, updatedAt: new Date() }).where(eq(shipments.id, id));
    await recordAudit(tx, actor, {
      action: "embarque.reabrir",
      entity: "embarque",
      entityId: id,
      summary: shipment.numeroGuia,
      before: { estado: "CERRADO" },
      after: { estado: "ABIERTO" },
    });
  });
  return getShipmentDetail(db, id);
}

export interface MoveOptions {
  actor: Actor;
  /** Signs the WhatsApp messages (ctx.config.brand.name). */
  brandName: string;
  now?: Date;
  /** Packages per transaction (default MOVE_SLICE; tests use small ones). */
  sliceSize?: number;
}

/**
 * Packages one transaction of a move changes: about 100 ms of the embedded database on the
 * reference machine (a status change with history, message and audit costs about 0.5 ms there),
 * so other requests get through between slices (docs/decisions/141).
 */
export const MOVE_SLICE = 200;

/**
 * Moves every package of a closed shipment that is behind `estado` to it (history, one WhatsApp
 * message per package, audit paquete.estado each) and records embarque.estado once. Only the next
 * step is accepted (En aduanas → En bodega Costa Rica → Listo para entregar); packages already at
 * or past it are left alone and counted as unchanged. The packages are moved in slices of
 * MOVE_SLICE, each its own transaction with a turn of the event loop between them
 * (docs/decisions/141): if one fails, the slices before it stay moved and the same move again
 * finishes the rest (the shipment's next step stays the same until every package has made it).
 */
export async function moveShipment(db: Db, id: number, estado: ShipmentMoveStatus, options: MoveOptions): Promise<TShipmentMoveResponse> {
  const now = options.now ?? new Date();
  const size = options.sliceSize ?? MOVE_SLICE;
  // The checks and the list of packages behind, read under the shipment's lock.
  const { shipment, behind, members } = await db.transaction(async (tx) => {
    const row = await findShipment(tx, id, true);
    if (row.estado !== "CERRADO") throw conflict(SHIPMENT_NOT_CLOSED);
    const next = nextMoveOf(row.estado, (await shipmentSummaries(tx, [id])).get(id)?.stage ?? null);
    if (next === null) throw conflict(SHIPMENT_NOTHING_TO_MOVE);
    if (next !== estado) throw conflict(shipmentMoveNotNext(next));
    const all = await tx
      .select({ id: clientTrackings.id, estado: clientTrackings.estado })
      .from(clientTrackings)
      .where(eq(clientTrackings.shipmentId, id))
      .orderBy(asc(clientTrackings.id));
    const behindRows = all.filter((m) => rank(m.estado as TrackingStatus) < rank(estado));
    // No amount, not collectable (docs/decisions/152): refused before the first slice, nothing moves.
    if (COLLECTABLE_STATUSES.includes(estado)) {
      for (let i = 0; i < behindRows.length; i += 1000) {
        const ids = behindRows.slice(i, i + 1000).map((m) => m.id);
        const amounts = await tx
          .select({
            trackingCode: clientTrackings.trackingCode,
            pesoPieCubicos: clientTrackings.pesoPieCubicos,
            pesoGramos: clientTrackings.pesoGramos,
            pieCubicos: clientTrackings.pieCubicos,
            montoColones: clientTrackings.montoColones,
          })
          .from(clientTrackings)
          .where(inArray(clientTrackings.id, ids))
          .orderBy(asc(clientTrackings.id));
        assertPriced(amounts.map((a) => ({ ...a, newStatus: estado })));
      }
    }
    return { shipment: row, members: all.length, behind: behindRows.map((m) => m.id) };
  });
  let moved = 0;
  const slices = Math.max(1, Math.ceil(behind.length / size));
  for (let k = 0; k < slices; k++) {
    if (k > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const last = k === slices - 1;
    const step = inOutboxTransaction(db, async (tx) => {
      // Still closed, and only the packages still behind (someone may have moved one meanwhile).
      const current = await findShipment(tx, id, true);
      if (current.estado !== "CERRADO") throw conflict(SHIPMENT_NOT_CLOSED);
      const ids = behind.slice(k * size, (k + 1) * size);
      const still = ids.length === 0 ? [] : await tx
        .select({ id: clientTrackings.id, estado: clientTrackings.estado })
        .from(clientTrackings)
        .where(and(inArray(clientTrackings.id, ids), eq(clientTrackings.shipmentId, id)))
        .orderBy(asc(clientTrackings.id));
      const toMove = still.filter((m) => rank(m.estado as TrackingStatus) < rank(estado));
      await updateTrackings(
        tx,
        toMove.map((m) => ({
          trackingId: m.id,
          changes: { estado },
          actor: options.actor,
          brandName: options.brandName,
          notes: `Embarque ${shipment.numeroGuia}`,
          now,
        })),
      );
      if (last) {
        const total = moved + toMove.length;
        await tx.update(shipments).set({ updatedAt: now }).where(eq(shipments.id, id));
        await recordAudit(tx, options.actor, {
          action: "embarque.estado",
          entity: "embarque",
          entityId: id,
          at: now,
          summary: `${shipment.numeroGuia} → ${estado} · ${total} ${total === 1 ? "paquete" : "paquetes"}`,
          after: { estado, movidos: total, sinCambio: members - total },
        });
      }
      return toMove.length;
    });
    try {
      moved += await step;
    } catch (err) {
      // The slices before this one stay moved: the run's record says how many (each package has its own).
      if (moved > 0) {
        await recordAudit(db, options.actor, {
          action: "embarque.estado",
          entity: "embarque",
          entityId: id,
          at: now,
          summary: `${shipment.numeroGuia} → ${estado} · interrumpido: ${moved} de ${behind.length} paquetes`,
          after: { estado, movidos: moved, pendientes: behind.length - moved },
        }).catch(() => undefined);
      }
      throw err;
    }
  }
  const unchanged = members - moved;
  return { ...(await getShipmentDetail(db, id)), moved, unchanged, message: shipmentMoved(moved, estado) };
}
