// Recepción and Sin dueño (issue 20, docs/decisions/128). Receiving records the warehouse's
// receipt on a pre-alerted package (weight, measures, photos), sets its billing measure and
// amount through the one pricing rule (admin/trackings `priced`) and moves it to EN_BODEGA_MIAMI
// through the package rules (history, WhatsApp, audit). A package nobody pre-alerted waits in Sin
// dueño until staff join it to a client: by assigning it (staff name the client), or by confirming
// a client's pre-alert of its number (the proposal in trackings/service.ts createTrackings; issue
// 32, docs/decisions/155). Both join through joinUnclaimed: receipt, photos, the amount through the
// one pricing rule, EN_BODEGA_MIAMI through the package rules.
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, staffAccounts, unclaimedMatches, unclaimedPackages } from "../../db/schema";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import { inOutboxTransaction } from "../../core/outbox";
import { createTrackings, updateTrackings } from "../packages/service";
import { priced, type Tariff } from "../packages/staff-service";
import { invoicesOf } from "../packages/purchase-invoice";
import { findClientId } from "../../core/client-search";
import { diffFields, recordAudit } from "../../core/audit/service";
import { attachPhotos, movePhotosToPackage, photosOf } from "../uploads/package-photos";
import type { Actor } from "../../lib/actor";
import { resolveScan, type ScannedPackage } from "./scan";
import { billingMeasure, pieCubicosOf } from "./measures";
import { detectCarrier } from "../../../shared/domain/carriers";
import { TRACKING_STATUSES, type Origin, type ShippingType, type TrackingStatus } from "../../../shared/domain/statuses";
import type { MatchState } from "../../../shared/domain/warehouse";
import { TRACKING_DUPLICATE } from "../../../shared/api/trackings";
import { DISCREPANCY_KIND_LABELS, type DiscrepancyKind } from "../../../shared/api/declared";
import { ADMIN_CLIENT_NOT_FOUND } from "../../../shared/api/admin/clients";
import {
  CLAIM_HISTORY_NOTE,
  MATCH_NOT_FOUND,
  MATCH_PACKAGE_RECEIVED,
  MATCHES_LISTED_MAX,
  MEDIDAS_REQUIRED_BARCO,
  PACKAGE_NOT_FOUND,
  PESO_REQUIRED_AVION,
  UNCLAIMED_ALREADY_CLAIMED,
  UNCLAIMED_CLIENT_HAS_IT,
  UNCLAIMED_CLIENT_PROPOSED,
  UNCLAIMED_DUPLICATE,
  UNCLAIMED_NOT_FOUND,
  UNCLAIMED_PAGE_SIZE,
  UNCLAIMED_PREALERTED,
  alreadyReceivedMessage,
  labelCodeCheck,
  matchDecidedMessage,
  matchMismatchMessage,
  type TMatchListResponse,
  type TCreateUnclaimedRequest,
  type TReceiveRequest,
  type TReceiveResponse,
  type TReceptionPackage,
  type TUnclaimedListResponse,
  type TUnclaimedPackage,
  type TUpdateUnclaimedRequest,
  type TWarehouseScanResponse,
} from "../../../shared/api/admin/warehouse";

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
  const [names, invoices] = await Promise.all([
    staffNames(
      db,
      packages.map((p) => p.receivedByAccountId),
    ),
    invoicesOf(
      db,
      packages.map((p) => p.id),
    ),
  ]);
  return packages.map((p) => {
    const receivedBy = p.receivedByAccountId === null ? null : (names.get(p.receivedByAccountId) ?? null);
    return {
      id: p.id,
      trackingCode: p.trackingCode,
      clientCode: p.clientCode,
      clientName: p.clientName,
      estado: p.estado as TrackingStatus,
      origen: p.origen as Origin,
      formaEnvio: p.formaEnvio as ShippingType,
      carrier: p.carrier,
      descripcionPaquete: p.descripcionPaquete,
      tiendaOrigen: p.tiendaOrigen,
      valorDeclarado: p.valorDeclarado,
      pesoEstimado: p.pesoEstimado,
      factura: invoices.get(p.id) ?? null,
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
    for (const f of found) owners.set(f.id, { clientCode: f.clientCode, clientName: f.clientName });
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
 * Joins a waiting Sin dueño row to a client's package (staff's assign, or their confirmation of a
 * proposed match; the row is locked by the caller and open): the receipt is copied (received at/by,
 * weight, measures, cubic feet), the photos move, the row records the package, the other pending
 * proposals of the row are DESCARTADA, the billing measure (the package's own, else the warehouse's)
 * is priced through the one rule (`priced`, as a receipt) and the package moves to EN_BODEGA_MIAMI
 * through the package rules (history note, the client's WhatsApp message, audit); sin_dueno.asignar.
 */
async function joinUnclaimed(tx: DbOrTx, u: UnclaimedRow, trackingId: number, options: WarehouseOptions & { today: Tariff; now: Date }): Promise<void> {
  const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId)).for("update");
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  const { now } = options;
  await tx
    .update(clientTrackings)
    .set({
      receivedAt: u.receivedAt,
      receivedByAccountId: u.receivedByAccountId,
      pesoGramos: u.pesoGramos,
      largoCm: u.largoCm,
      anchoCm: u.anchoCm,
      altoCm: u.altoCm,
      pieCubicos: pieCubicosOf(u),
    })
    .where(eq(clientTrackings.id, trackingId));
  await tx.update(unclaimedPackages).set({ claimedTrackingId: trackingId, claimedAt: now }).where(eq(unclaimedPackages.id, u.id));
  await tx
    .update(unclaimedMatches)
    .set({ estado: "DESCARTADA", decidedAt: now, decidedByAccountId: options.actor.accountId })
    .where(and(eq(unclaimedMatches.unclaimedId, u.id), eq(unclaimedMatches.estado, "PENDIENTE")));
  await movePhotosToPackage(tx, u.id, trackingId);
  const measure = row.pesoPieCubicos ?? billingMeasure(row.formaEnvio as ShippingType, u);
  const moves = TRACKING_STATUSES.indexOf(row.estado as TrackingStatus) < TRACKING_STATUSES.indexOf("EN_BODEGA_MIAMI");
  await updateTrackings(tx, [
    {
      trackingId,
      changes: {
        ...(measure === null ? {} : await priced(tx, trackingId, { pesoPieCubicos: measure }, options.today)),
        ...(moves ? { estado: "EN_BODEGA_MIAMI" as const } : {}),
      },
      actor: options.actor,
      brandName: options.brandName,
      // The client is told, whoever created the package (the portal creates without a message).
      notify: true,
      notes: CLAIM_HISTORY_NOTE(u.receivedAt),
      now,
    },
  ]);
  await recordAudit(tx, options.actor, {
    action: "sin_dueno.asignar",
    entity: "sin_dueno",
    entityId: u.id,
    at: now,
    summary: `${u.trackingCode} → paquete ${trackingId}`,
    after: { claimedTrackingId: trackingId, clientId: row.clientId },
  });
}

/**
 * POST /api/admin/warehouse/unclaimed/:id/assign: the client's package is created through the
 * package rules (createTrackings, without a Sin dueño proposal) and joined to this row
 * (joinUnclaimed: receipt, photos, priced at today's rate, EN_BODEGA_MIAMI). A client whose own
 * pre-alert of the number waits in "Por confirmar" is 409: staff confirm that one instead.
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
  const now = options.now ?? new Date();
  const trackingId = await inOutboxTransaction(db, async (tx) => {
    const [row] = await tx.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, id)).for("update");
    if (!row) throw notFound(UNCLAIMED_NOT_FOUND);
    if (row.claimedAt) throw conflict(UNCLAIMED_ALREADY_CLAIMED);
    const [proposed] = await tx
      .select({ id: unclaimedMatches.id })
      .from(unclaimedMatches)
      .innerJoin(clientTrackings, eq(clientTrackings.id, unclaimedMatches.trackingId))
      .where(and(eq(unclaimedMatches.unclaimedId, id), eq(unclaimedMatches.estado, "PENDIENTE"), eq(clientTrackings.clientId, clientId)));
    if (proposed) throw conflict(UNCLAIMED_CLIENT_PROPOSED);
    let created;
    try {
      [created] = await createTrackings(
        tx,
        [
          {
            clientId,
            trackingCode: row.trackingCode,
            carrier: row.carrier,
            formaEnvio: body.formaEnvio,
            actor: options.actor,
            brandName: options.brandName,
            // The join sends the 'En bodega Miami' message; the creation itself needs none.
            notify: false,
            now,
          },
        ],
        { proposeMatches: false },
      );
    } catch (err) {
      if (err instanceof AppError && err.message === TRACKING_DUPLICATE) throw conflict(UNCLAIMED_CLIENT_HAS_IT);
      throw err;
    }
    await joinUnclaimed(tx, row, created.tracking.id, { ...options, today, now });
    return created.tracking.id;
  });
  return { unclaimed: await readUnclaimed(db, id), package: await readPackage(db, trackingId) };
}

// --- Por confirmar (issue 32, docs/decisions/155) ---

/** GET /api/admin/warehouse/matches: pending proposals of open rows, oldest first, with the label's code against the claimer's. */
export async function listMatches(db: Db): Promise<TMatchListResponse> {
  const pending = and(eq(unclaimedMatches.estado, "PENDIENTE"), isNull(unclaimedPackages.claimedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: unclaimedMatches.id,
        proposedAt: unclaimedMatches.proposedAt,
        unclaimed: unclaimedPackages,
        trackingId: clientTrackings.id,
        trackingCode: clientTrackings.trackingCode,
        formaEnvio: clientTrackings.formaEnvio,
        estado: clientTrackings.estado,
        clientCode: clients.clientCode,
        clientName: clients.nombre,
      })
      .from(unclaimedMatches)
      .innerJoin(unclaimedPackages, eq(unclaimedPackages.id, unclaimedMatches.unclaimedId))
      .innerJoin(clientTrackings, eq(clientTrackings.id, unclaimedMatches.trackingId))
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(pending)
      .orderBy(asc(unclaimedMatches.proposedAt), asc(unclaimedMatches.id))
      .limit(MATCHES_LISTED_MAX),
    db
      .select({ total: count() })
      .from(unclaimedMatches)
      .innerJoin(unclaimedPackages, eq(unclaimedPackages.id, unclaimedMatches.unclaimedId))
      .where(pending),
  ]);
  const unique = [...new Map(rows.map((r) => [r.unclaimed.id, r.unclaimed])).values()];
  const presented = new Map((await presentUnclaimed(db, unique)).map((u) => [u.id, u]));
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      proposedAt: r.proposedAt.toISOString(),
      unclaimed: presented.get(r.unclaimed.id)!,
      package: {
        id: r.trackingId,
        trackingCode: r.trackingCode,
        clientCode: r.clientCode,
        clientName: r.clientName,
        formaEnvio: r.formaEnvio as ShippingType,
        estado: r.estado as TrackingStatus,
      },
      codigo: labelCodeCheck(r.unclaimed.clientCodeHint, r.clientCode),
    })),
  };
}

/**
 * The proposal and its Sin dueño row, locked in the order every join takes (the row, then the
 * proposal): of two decisions at once, or a decision and staff's assign, one wins and the other is
 * 409 in Spanish.
 */
async function lockPendingMatch(tx: DbOrTx, matchId: number) {
  const [found] = await tx.select({ unclaimedId: unclaimedMatches.unclaimedId }).from(unclaimedMatches).where(eq(unclaimedMatches.id, matchId));
  if (!found) throw notFound(MATCH_NOT_FOUND);
  const [row] = await tx.select().from(unclaimedPackages).where(eq(unclaimedPackages.id, found.unclaimedId)).for("update");
  const [match] = await tx.select().from(unclaimedMatches).where(eq(unclaimedMatches.id, matchId)).for("update");
  if (!row || !match) throw notFound(MATCH_NOT_FOUND);
  if (match.estado !== "PENDIENTE") throw conflict(matchDecidedMessage(match.estado as MatchState));
  if (row.claimedAt) throw conflict(matchDecidedMessage("DESCARTADA"));
  const [pkg] = await tx
    .select({ id: clientTrackings.id, trackingCode: clientTrackings.trackingCode, receivedAt: clientTrackings.receivedAt, clientCode: clients.clientCode })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(eq(clientTrackings.id, match.trackingId));
  return { row, match, pkg: pkg! };
}

/**
 * POST /api/admin/warehouse/matches/:id/confirm: staff checked that the box is the claimer's. A
 * label whose client code differs from the claimer's needs `confirmarDiferencia` (else 409 with
 * `mismatch: true`, nothing changes); a package received meanwhile in Recepción is 409. Then the
 * row is joined exactly as staff's assign does (joinUnclaimed: priced, EN_BODEGA_MIAMI, message).
 */
export async function confirmMatch(
  db: Db,
  matchId: number,
  body: { confirmarDiferencia: boolean },
  options: WarehouseOptions,
): Promise<{ unclaimed: TUnclaimedPackage; package: TReceptionPackage }> {
  const [exists] = await db.select({ id: unclaimedMatches.id }).from(unclaimedMatches).where(eq(unclaimedMatches.id, matchId));
  if (!exists) throw notFound(MATCH_NOT_FOUND);
  const today = await options.tariff();
  const now = options.now ?? new Date();
  const joined = await inOutboxTransaction(db, async (tx) => {
    const { row, match, pkg } = await lockPendingMatch(tx, matchId);
    if (pkg.receivedAt) throw conflict(MATCH_PACKAGE_RECEIVED);
    const codigo = labelCodeCheck(row.clientCodeHint, pkg.clientCode);
    if (codigo.coincide === false && !body.confirmarDiferencia) {
      throw new AppError("CONFLICT", 409, matchMismatchMessage(row.clientCodeHint!, pkg.clientCode), { mismatch: true });
    }
    await tx.update(unclaimedMatches).set({ estado: "CONFIRMADA", decidedAt: now, decidedByAccountId: options.actor.accountId }).where(eq(unclaimedMatches.id, matchId));
    await recordAudit(tx, options.actor, {
      action: "sin_dueno.confirmar",
      entity: "sin_dueno",
      entityId: row.id,
      at: now,
      summary: `${row.trackingCode} → ${pkg.clientCode} (${codigo.texto})`,
      after: { matchId, trackingId: match.trackingId, clientCode: pkg.clientCode, clientCodeHint: row.clientCodeHint, coincide: codigo.coincide },
    });
    await joinUnclaimed(tx, row, match.trackingId, { ...options, today, now });
    return { unclaimedId: row.id, trackingId: match.trackingId };
  });
  return { unclaimed: await readUnclaimed(db, joined.unclaimedId), package: await readPackage(db, joined.trackingId) };
}

/**
 * POST /api/admin/warehouse/matches/:id/reject: not the claimer's (or not verifiable). The row keeps
 * waiting in Sin dueño and the client's package stays a plain pre-alert; sin_dueno.rechazar.
 */
export async function rejectMatch(db: Db, matchId: number, actor: Actor, now = new Date()): Promise<{ match: { id: number; estado: "RECHAZADA" } }> {
  await db.transaction(async (tx) => {
    const { row, match, pkg } = await lockPendingMatch(tx, matchId);
    await tx.update(unclaimedMatches).set({ estado: "RECHAZADA", decidedAt: now, decidedByAccountId: actor.accountId }).where(eq(unclaimedMatches.id, matchId));
    await recordAudit(tx, actor, {
      action: "sin_dueno.rechazar",
      entity: "sin_dueno",
      entityId: row.id,
      at: now,
      summary: `${row.trackingCode} ✕ ${pkg.clientCode} (paquete ${pkg.trackingCode})`,
      after: { matchId, trackingId: match.trackingId, clientCode: pkg.clientCode, clientCodeHint: row.clientCodeHint },
    });
  });
  return { match: { id: matchId, estado: "RECHAZADA" } };
}
