// Recepción and Sin dueño (issue 20, docs/decisions/128). Receiving records the warehouse's
// receipt on a pre-alerted package (weight, measures, photos), sets its billing measure and
// amount through the one pricing rule (admin/trackings `priced`) and moves it to EN_BODEGA_MIAMI
// through the package rules (history, WhatsApp, audit). A package nobody pre-alerted waits in Sin
// dueño until a client pre-alerts its number (the claim in trackings/service.ts createTrackings)
// or staff assign it to a client (which creates the package through the same path, so it claims).
import { asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { clientTrackings, clients, staffAccounts, unclaimedPackages } from "../../../db/schema";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../../errors";
import { inOutboxTransaction } from "../../notifications/outbox";
import { createTrackings, updateTrackings } from "../../trackings/service";
import { priced, type Tariff } from "../trackings/service";
import { findClientId } from "../clients/service";
import { diffFields, recordAudit } from "../audit/service";
import { attachPhotos, photosOf } from "../../uploads/package-photos";
import type { Actor } from "../../../lib/actor";
import { resolveScan, type ScannedPackage } from "./scan";
import { billingMeasure, pieCubicosOf } from "./measures";
import { detectCarrier } from "../../../../shared/domain/carriers";
import { TRACKING_STATUSES, type ShippingType, type TrackingStatus } from "../../../../shared/domain/statuses";
import { TRACKING_DUPLICATE } from "../../../../shared/api/trackings";
import { DISCREPANCY_KIND_LABELS, type DiscrepancyKind } from "../../../../shared/api/declared";
import { ADMIN_CLIENT_NOT_FOUND } from "../../../../shared/api/admin/clients";
import {
  MEDIDAS_REQUIRED_BARCO,
  PACKAGE_NOT_FOUND,
  PESO_REQUIRED_AVION,
  UNCLAIMED_ALREADY_CLAIMED,
  UNCLAIMED_CLIENT_HAS_IT,
  UNCLAIMED_DUPLICATE,
  UNCLAIMED_NOT_FOUND,
  UNCLAIMED_PAGE_SIZE,
  UNCLAIMED_PREALERTED,
  alreadyReceivedMessage,
  type TCreateUnclaimedRequest,
  type TReceiveRequest,
  type TReceiveResponse,
  type TReceptionPackage,
  type TUnclaimedListResponse,
  type TUnclaimedPackage,
  type TUpdateUnclaimedRequest,
  type TWarehouseScanResponse,
} from "../../../../shared/api/admin/warehouse";

export interface WarehouseOptions {
  actor: Actor;
  /** Signs the client's WhatsApp message (ctx.config.brand.name). */
  brandName: string;
  /** Today's colones per dollar and the pricing options; asked before the transaction opens (see admin/trackings). */
  tariff: () => Promise<Tariff>;
  now?: Date;
}

type UnclaimedRow = typeof unclaimedPackages.$inferSelect;

/** Staff names by account id (who received). */
async function staffNames(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: staffAccounts.id, name: staffAccounts.name }).from(staffAccounts).where(inArray(staffAccounts.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function presentPackages(db: DbOrTx, packages: ScannedPackage[]): Promise<TReceptionPackage[]> {
  const names = await staffNames(
    db,
    packages.map((p) => p.receivedByAccountId),
  );
  return packages.map((p) => {
    const receivedBy = p.receivedByAccountId === null ? null : (names.get(p.receivedByAccountId) ?? null);
    return {
      id: p.id,
      trackingCode: p.trackingCode,
      clientCode: p.clientCode,
      clientName: p.clientName,
      estado: p.estado as TrackingStatus,
      formaEnvio: p.formaEnvio as ShippingType,
      carrier: p.carrier,
      descripcionPaquete: p.descripcionPaquete,
      tiendaOrigen: p.tiendaOrigen,
      valorDeclarado: p.valorDeclarado,
      pesoEstimado: p.pesoEstimado,
      diferencia: p.diferenciaTipo !== null && p.diferenciaNota !== null ? { tipo: p.diferenciaTipo as DiscrepancyKind, nota: p.diferenciaNota } : null,
      pesoVolumetricoGramos: p.pesoVolumetricoGramos,
      receivedAt: p.receivedAt?.toISOString() ?? null,
      receivedBy,
      alreadyReceived: p.receivedAt ? alreadyReceivedMessage(p.receivedAt, receivedBy) : null,
      pesoGramos: p.pesoGramos,
      largoCm: p.largoCm,
      anchoCm: p.anchoCm,
      altoCm: p.altoCm,
      pieCubicos: p.pieCubicos,
    };
  });
}

async function readPackage(db: DbOrTx, id: number): Promise<TReceptionPackage> {
  const [row] = await db
    .select({ tracking: clientTrackings, clientCode: clients.clientCode, clientName: clients.nombre })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(eq(clientTrackings.id, id));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  const [presented] = await presentPackages(db, [{ ...row.tracking, clientCode: row.clientCode, clientName: row.clientName }]);
  return presented;
}

async function presentUnclaimed(db: DbOrTx, rows: UnclaimedRow[]): Promise<TUnclaimedPackage[]> {
  const ids = rows.map((r) => r.id);
  const [names, photos] = await Promise.all([
    staffNames(
      db,
      rows.map((r) => r.receivedByAccountId),
    ),
    photosOf(db, ids, "unclaimed"),
  ]);
  const claimedIds = rows.map((r) => r.claimedTrackingId).filter((id): id is number => id !== null);
  const owners = new Map<number, { clientCode: string; clientName: string }>();
  if (claimedIds.length > 0) {
    const found = await db
      .select({ id: clientTrackings.id, clientCode: clients.clientCode, clientName: clients.nombre })
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(inArray(clientTrackings.id, claimedIds));
    for (const f of found) owners.set(f.id, f);
  }
  return rows.map((r) => {
    const owner = r.claimedTrackingId === null ? undefined : owners.get(r.claimedTrackingId);
    return {
      id: r.id,
      trackingCode: r.trackingCode,
      carrier: r.carrier,
      clientCodeHint: r.clientCodeHint,
      pesoGramos: r.pesoGramos,
      largoCm: r.largoCm,
      anchoCm: r.anchoCm,
      altoCm: r.altoCm,
      notas: r.notas,
      receivedAt: r.receivedAt.toISOString(),
      receivedBy: r.receivedByAccountId === null ? null : (names.get(r.receivedByAccountId) ?? null),
      claimedAt: r.claimedAt?.toISOString() ?? null,
      claimedBy: owner && r.claimedTrackingId !== null ? { trackingId: r.claimedTrackingId, ...owner } : null,
      photos: (photos.get(r.id) ?? []).map((p) => ({ url: p.url, kind: p.kind })),
    };
  });
}

async function readUnclaimed(db: DbOrTx, id: number): Promise<TUnclaimedPackage> {
  const [row] = await db.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, id));
  if (!row) throw notFound(UNCLAIMED_NOT_FOUND);
  const [presented] = await presentUnclaimed(db, [row]);
  return presented;
}

/** GET /api/admin/warehouse/scan: what the scanned text finds, as Recepción shows it. */
export async function scanForReception(db: Db, code: string): Promise<TWarehouseScanResponse> {
  const found = await resolveScan(db, code);
  return {
    trackingCode: found.trackingCode,
    carrier: found.trackingCode ? detectCarrier(found.trackingCode) : null,
    packages: await presentPackages(db, found.packages),
    unclaimed: found.unclaimed ? (await presentUnclaimed(db, [found.unclaimed]))[0] : null,
  };
}

/**
 * POST /api/admin/warehouse/receive. The package is locked first: one already received is 409
 * with who and when, and nothing changes (of two receives at once exactly one wins). AVION needs
 * the weight, BARCO the three measures. A package already past EN_BODEGA_MIAMI keeps its status.
 */
export async function receivePackage(db: Db, body: TReceiveRequest, options: WarehouseOptions): Promise<TReceiveResponse> {
  const [exists] = await db.select({ id: clientTrackings.id }).from(clientTrackings).where(eq(clientTrackings.id, body.trackingId));
  if (!exists) throw notFound(PACKAGE_NOT_FOUND);
  const today = await options.tariff();
  const now = options.now ?? new Date();
  const queued = await inOutboxTransaction(db, async (tx) => {
    const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, body.trackingId)).for("update");
    if (!row) throw notFound(PACKAGE_NOT_FOUND);
    if (row.receivedAt) {
      const names = await staffNames(tx, [row.receivedByAccountId]);
      throw conflict(alreadyReceivedMessage(row.receivedAt, row.receivedByAccountId === null ? null : (names.get(row.receivedByAccountId) ?? null)));
    }
    const formaEnvio = row.formaEnvio as ShippingType;
    const measured = { pesoGramos: body.pesoGramos ?? null, largoCm: body.largoCm ?? null, anchoCm: body.anchoCm ?? null, altoCm: body.altoCm ?? null };
    const measure = billingMeasure(formaEnvio, measured);
    if (measure === null) throw badRequest(formaEnvio === "AVION" ? PESO_REQUIRED_AVION : MEDIDAS_REQUIRED_BARCO);
    const pieCubicos = pieCubicosOf(measured);
    const diferencia = body.diferencia ?? null;
    await tx
      .update(clientTrackings)
      .set({
        ...measured,
        pieCubicos,
        receivedAt: now,
        receivedByAccountId: options.actor.accountId,
        diferenciaTipo: diferencia?.tipo ?? null,
        diferenciaNota: diferencia?.nota ?? null,
      })
      .where(eq(clientTrackings.id, row.id));
    const moves = TRACKING_STATUSES.indexOf(row.estado as TrackingStatus) < TRACKING_STATUSES.indexOf("EN_BODEGA_MIAMI");
    const [result] = await updateTrackings(tx, [
      {
        trackingId: row.id,
        changes: { ...(await priced(tx, row.id, { pesoPieCubicos: measure }, today)), ...(moves ? { estado: "EN_BODEGA_MIAMI" as const } : {}) },
        notes: body.notas,
        actor: options.actor,
        brandName: options.brandName,
        now,
      },
    ]);
    await attachPhotos(tx, { trackingId: row.id }, "LLEGADA", body.photos ?? [], options.actor, now);
    await recordAudit(tx, options.actor, {
      action: "paquete.recibir",
      entity: "paquete",
      entityId: row.id,
      at: now,
      summary: `${row.trackingCode} · ${formaEnvio === "AVION" ? `${measured.pesoGramos} g` : `${pieCubicos} pie³`}`,
      after: { ...measured, pieCubicos, pesoPieCubicos: measure, photos: body.photos?.length ?? 0 },
    });
    if (diferencia) {
      await recordAudit(tx, options.actor, {
        action: "paquete.diferencia_declarada",
        entity: "paquete",
        entityId: row.id,
        at: now,
        summary: `${row.trackingCode} · ${DISCREPANCY_KIND_LABELS[diferencia.tipo]}: ${diferencia.nota}`,
        before: { descripcionPaquete: row.descripcionPaquete, pesoEstimado: row.pesoEstimado, valorDeclarado: row.valorDeclarado },
        after: { diferenciaTipo: diferencia.tipo, diferenciaNota: diferencia.nota, pesoGramos: measured.pesoGramos },
      });
    }
    return Boolean(result.statusChange?.notificationId);
  });
  return { package: await readPackage(db, body.trackingId), notificationQueued: queued };
}

// --- Sin dueño ---

/**
 * POST /api/admin/warehouse/unclaimed: a package nobody pre-alerted. A number a client already
 * pre-alerted is received instead (409); one already waiting is 409 too.
 */
export async function createUnclaimed(db: Db, body: TCreateUnclaimedRequest, actor: Actor, now = new Date()): Promise<TUnclaimedPackage> {
  const id = await db.transaction(async (tx) => {
    const found = await resolveScan(tx, body.trackingCode);
    if (found.packages.length > 0) throw conflict(UNCLAIMED_PREALERTED);
    if (found.unclaimed) throw conflict(UNCLAIMED_DUPLICATE);
    let row: UnclaimedRow;
    try {
      [row] = await tx
        .insert(unclaimedPackages)
        .values({
          trackingCode: body.trackingCode,
          carrier: body.carrier === undefined ? detectCarrier(body.trackingCode) : body.carrier,
          clientCodeHint: body.clientCodeHint ?? null,
          pesoGramos: body.pesoGramos ?? null,
          largoCm: body.largoCm ?? null,
          anchoCm: body.anchoCm ?? null,
          altoCm: body.altoCm ?? null,
          notas: body.notas ?? null,
          receivedAt: now,
          receivedByAccountId: actor.accountId,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err, "unclaimed_packages_open_code_key")) throw conflict(UNCLAIMED_DUPLICATE);
      throw err;
    }
    await attachPhotos(tx, { unclaimedId: row.id }, "ETIQUETA", body.labelPhotos ?? [], actor, now);
    await attachPhotos(tx, { unclaimedId: row.id }, "LLEGADA", body.photos ?? [], actor, now);
    await recordAudit(tx, actor, {
      action: "sin_dueno.registrar",
      entity: "sin_dueno",
      entityId: row.id,
      at: now,
      summary: row.trackingCode,
      after: { trackingCode: row.trackingCode, carrier: row.carrier, clientCodeHint: row.clientCodeHint, pesoGramos: row.pesoGramos },
    });
    return row.id;
  });
  return readUnclaimed(db, id);
}

/** GET /api/admin/warehouse/unclaimed: open rows first (newest first), then the claimed ones. */
export async function listUnclaimed(db: Db, query: { q?: string; page: number }): Promise<TUnclaimedListResponse> {
  const q = query.q?.trim().toUpperCase().replace(/\s+/g, "");
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? or(sql`upper(${unclaimedPackages.trackingCode}) like ${pattern}`, sql`upper(coalesce(${unclaimedPackages.clientCodeHint}, '')) like ${pattern}`)
    : undefined;
  const [rows, [{ total }], [{ openTotal }]] = await Promise.all([
    db
      .select()
      .from(unclaimedPackages)
      .where(where)
      .orderBy(sql`${unclaimedPackages.claimedAt} is null desc`, desc(unclaimedPackages.receivedAt), asc(unclaimedPackages.id))
      .limit(UNCLAIMED_PAGE_SIZE)
      .offset((query.page - 1) * UNCLAIMED_PAGE_SIZE),
    db.select({ total: count() }).from(unclaimedPackages).where(where),
    db.select({ openTotal: count() }).from(unclaimedPackages).where(isNull(unclaimedPackages.claimedAt)),
  ]);
  return { items: await presentUnclaimed(db, rows), total, openTotal, page: query.page, pageSize: UNCLAIMED_PAGE_SIZE };
}

const EDITABLE = ["carrier", "clientCodeHint", "pesoGramos", "largoCm", "anchoCm", "altoCm", "notas"] as const;

/** PATCH /api/admin/warehouse/unclaimed/:id: what the label says, weight, measures, notes (open rows only). */
export async function updateUnclaimed(db: Db, id: number, body: TUpdateUnclaimedRequest, actor: Actor): Promise<TUnclaimedPackage> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, id)).for("update");
    if (!row) throw notFound(UNCLAIMED_NOT_FOUND);
    if (row.claimedAt) throw conflict(UNCLAIMED_ALREADY_CLAIMED);
    const changes: Partial<typeof unclaimedPackages.$inferInsert> = {};
    for (const key of EDITABLE) if (body[key] !== undefined) Object.assign(changes, { [key]: body[key] });
    const [after] = await tx.update(unclaimedPackages).set(changes).where(eq(unclaimedPackages.id, id)).returning();
    const diff = diffFields(row, after, EDITABLE);
    if (diff) await recordAudit(tx, actor, { action: "sin_dueno.editar", entity: "sin_dueno", entityId: id, summary: row.trackingCode, ...diff });
  });
  return readUnclaimed(db, id);
}

/** GET /api/admin/warehouse/client: the client's code and name (404 in Spanish when unknown). */
export async function clientForAssign(db: Db, clientCode: string): Promise<{ clientCode: string; clientName: string }> {
  const [row] = await db.select({ clientCode: clients.clientCode, clientName: clients.nombre }).from(clients).where(eq(clients.clientCode, clientCode));
  if (!row) throw notFound(ADMIN_CLIENT_NOT_FOUND);
  return row;
}

/**
 * POST /api/admin/warehouse/unclaimed/:id/assign: the client's package is created through the
 * package rules (createTrackings), whose claim takes this row's receipt and moves it to
 * EN_BODEGA_MIAMI; then it is priced through the one rule at today's rate.
 */
export async function assignUnclaimed(
  db: Db,
  id: number,
  body: { clientCode: string; formaEnvio: ShippingType },
  options: WarehouseOptions,
): Promise<{ unclaimed: TUnclaimedPackage; package: TReceptionPackage }> {
  const clientId = await findClientId(db, body.clientCode);
  const [exists] = await db.select({ id: unclaimedPackages.id }).from(unclaimedPackages).where(eq(unclaimedPackages.id, id));
  if (!exists) throw notFound(UNCLAIMED_NOT_FOUND);
  const today = await options.tariff();
  const trackingId = await inOutboxTransaction(db, async (tx) => {
    const [row] = await tx.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, id)).for("update");
    if (!row) throw notFound(UNCLAIMED_NOT_FOUND);
    if (row.claimedAt) throw conflict(UNCLAIMED_ALREADY_CLAIMED);
    let created;
    try {
      [created] = await createTrackings(tx, [
        {
          clientId,
          trackingCode: row.trackingCode,
          carrier: row.carrier,
          formaEnvio: body.formaEnvio,
          actor: options.actor,
          brandName: options.brandName,
          // The claim sends the 'En bodega Miami' message; the creation itself needs none.
          notify: false,
          now: options.now,
        },
      ]);
    } catch (err) {
      if (err instanceof AppError && err.message === TRACKING_DUPLICATE) throw conflict(UNCLAIMED_CLIENT_HAS_IT);
      throw err;
    }
    const trackingId = created.tracking.id;
    const [claimed] = await tx.select({ claimedTrackingId: unclaimedPackages.claimedTrackingId }).from(unclaimedPackages).where(eq(unclaimedPackages.id, id));
    if (claimed?.claimedTrackingId !== trackingId) throw new Error(`assignUnclaimed: row ${id} was not claimed by package ${trackingId}`);
    await updateTrackings(tx, [
      { trackingId, changes: await priced(tx, trackingId, { formaEnvio: body.formaEnvio }, today), actor: options.actor, brandName: options.brandName, now: options.now },
    ]);
    return trackingId;
  });
  return { unclaimed: await readUnclaimed(db, id), package: await readPackage(db, trackingId) };
}
