// Entregas (issue 20, docs/decisions/132): the packages ready to deliver grouped by the client's
// zone, finding one by scanning, delivering it with its proof, and the office-pickup switch.
//
// Delivering is one inOutboxTransaction: the package is locked, must be LISTO_PARA_ENTREGAR (a
// delivered one answers 409 with when and to whom, and nothing changes), the deliveries row and
// its photos (ENTREGA, FIRMA) are written, and the move to ENTREGADO goes through updateTrackings
// like every status change (history, the client's WhatsApp message, coupons and referral rewards),
// with the audit record paquete.entregar naming who received it.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, deliveries, deliveryAssignments, packagePhotos, staffAccounts } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { inOutboxTransaction } from "../../core/outbox";
import { updateTrackings } from "../packages/service";
import { attachPhotos } from "../uploads/package-photos";
import { recordAudit } from "../../core/audit/service";
import { authorize, type StaffSubject } from "../../core/policies";
import { resolveScan } from "../warehouse/scan";
import { deliveryZoneOf, foldText, ZONE_NONE_KEY, ZONE_PICKUP_KEY } from "../../../shared/domain/delivery-zones";
import { UPLOADS_PATH_PREFIX } from "../../../shared/api/uploads";
import {
  alreadyDeliveredMessage,
  ASSIGN_NOT_MESSENGER,
  ASSIGN_NOT_READY,
  ASSIGN_PICKUP,
  DELIVERY_NOT_FOUND,
  DELIVERY_NOT_READY,
  PICKUP_DELIVERED,
  ZONE_PREVIEW_MAX,
  type TDeliveriesQuery,
  type TDeliveriesResponse,
  type TMessengerPackage,
  type TMessengers,
  type TDeliveryPackage,
  type TDeliveryResponse,
  type TDeliveryScanResponse,
  type TDeliveryZoneGroup,
} from "../../../shared/api/admin/deliveries";

const READY = "LISTO_PARA_ENTREGAR";

/**
 * What the caller may see: office staff see the client's address and phone and the package's
 * total and paid amounts; Bodega does not (issue 19) — it sees the saldo only, what a driver
 * collects in cash (docs/decisions/139).
 */
export interface DeliveryView {
  contact: boolean;
}

const packageColumns = {
  id: clientTrackings.id,
  trackingCode: clientTrackings.trackingCode,
  descripcionPaquete: clientTrackings.descripcionPaquete,
  montoColones: clientTrackings.montoColones,
  totalColones: clientTrackings.totalColones,
  pagadoColones: clientTrackings.pagadoColones,
  saldoColones: clientTrackings.saldoColones,
  readySince: clientTrackings.lastStatusChangeDate,
  retiroOficina: clientTrackings.retiroOficina,
  clientCode: clients.clientCode,
  clientName: clients.nombre,
  direccion: clients.direccion,
  telefono: clients.telefono,
  messengerId: deliveryAssignments.messengerAccountId,
  messengerName: staffAccounts.name,
};

type PackageRow = {
  id: number;
  trackingCode: string;
  descripcionPaquete: string | null;
  montoColones: number | null;
  totalColones: number | null;
  pagadoColones: number;
  saldoColones: number | null;
  readySince: Date;
  retiroOficina: boolean;
  clientCode: string;
  clientName: string;
  direccion: string;
  telefono: string;
  messengerId: number | null;
  messengerName: string | null;
};

function toDto(row: PackageRow, view: DeliveryView): TDeliveryPackage {
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    descripcionPaquete: row.descripcionPaquete,
    montoColones: row.montoColones,
    saldoColones: row.saldoColones ?? 0,
    totalColones: view.contact ? row.totalColones : null,
    pagadoColones: view.contact ? row.pagadoColones : null,
    readySince: row.readySince.toISOString(),
    retiroOficina: row.retiroOficina,
    clientCode: row.clientCode,
    clientName: row.clientName,
    direccion: view.contact ? row.direccion : null,
    telefono: view.contact ? row.telefono : null,
    mensajero: row.messengerId !== null && row.messengerName !== null ? { id: row.messengerId, name: row.messengerName } : null,
  };
}

/** The packages with their client and, when on a delivery list, its messenger's name. */
function packagesQuery(db: DbOrTx) {
  return db
    .select(packageColumns)
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .leftJoin(deliveryAssignments, eq(deliveryAssignments.trackingId, clientTrackings.id))
    .leftJoin(staffAccounts, eq(staffAccounts.id, deliveryAssignments.messengerAccountId));
}

/** Office pickup first, then the cantons by name, Sin zona last (staff read those addresses). */
function zoneOrder(a: TDeliveryZoneGroup, b: TDeliveryZoneGroup): number {
  const rank = (z: TDeliveryZoneGroup) => (z.key === ZONE_PICKUP_KEY ? 0 : z.key === ZONE_NONE_KEY ? 2 : 1);
  return rank(a) - rank(b) || a.label.localeCompare(b.label, "es");
}

/**
 * GET /api/admin/deliveries: the ready packages by zone, oldest ready first within a zone; without
 * a zone or a search each zone carries its count and its ZONE_PREVIEW_MAX oldest packages.
 */
export async function listDeliveries(db: Db, query: TDeliveriesQuery, view: DeliveryView): Promise<TDeliveriesResponse> {
  const rows: PackageRow[] = await packagesQuery(db)
    .where(eq(clientTrackings.estado, READY))
    .orderBy(asc(clientTrackings.lastStatusChangeDate), asc(clientTrackings.id));
  const q = query.q ? foldText(query.q) : null;
  const zones = new Map<string, TDeliveryZoneGroup>();
  let total = 0;
  for (const row of rows) {
    // The ready list is a day's work (hundreds), so the zone and the search run here.
    const zone = deliveryZoneOf(row.direccion, row.retiroOficina);
    if (query.zona && zone.key !== query.zona) continue;
    // Bodega's search matches what it sees: tracking, client code and name (no address, no phone).
    if (q && ![row.trackingCode, row.clientCode, row.clientName, ...(view.contact ? [row.direccion] : [])].some((t) => foldText(t).includes(q))) continue;
    const group = zones.get(zone.key) ?? { key: zone.key, label: zone.label, count: 0, packages: [] };
    if (query.zona || q || group.packages.length < ZONE_PREVIEW_MAX) group.packages.push(toDto(row, view));
    group.count++;
    total++;
    zones.set(zone.key, group);
  }
  return { total, zones: [...zones.values()].sort(zoneOrder) };
}

/** GET /api/admin/deliveries/scan: the packages a scanned code finds (resolveScan), ready or not. */
export async function scanForDelivery(db: Db, code: string, view: DeliveryView): Promise<TDeliveryScanResponse> {
  const { packages } = await resolveScan(db, code);
  const readyIds = packages.filter((p) => p.estado === READY).map((p) => p.id);
  const ready: PackageRow[] =
    readyIds.length === 0
      ? []
      : await packagesQuery(db).where(and(inArray(clientTrackings.id, readyIds), eq(clientTrackings.estado, READY)));
  return {
    ready: ready.map((row) => toDto(row, view)),
    notReady: packages
      .filter((p) => p.estado !== READY)
      .map((p) => ({ id: p.id, trackingCode: p.trackingCode, clientCode: p.clientCode, clientName: p.clientName, estado: p.estado, origen: p.origen })),
  };
}

export interface DeliverInput {
  /** 'Entregar con saldo pendiente': staff's explicit choice for a package with a balance. */
  entregarConSaldo?: boolean;
  recibidoPor: string;
  photos: string[];
  signature?: string;
  notas?: string;
}

async function proofOf(db: DbOrTx, trackingId: number): Promise<TDeliveryResponse | null> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.trackingId, trackingId));
  if (!row) return null;
  const photos = await db
    .select({ name: packagePhotos.uploadName, kind: packagePhotos.kind })
    .from(packagePhotos)
    .where(and(eq(packagePhotos.trackingId, trackingId), inArray(packagePhotos.kind, ["ENTREGA", "FIRMA"])))
    .orderBy(asc(packagePhotos.createdAt), asc(packagePhotos.id));
  const url = (kind: string) => {
    const found = photos.find((p) => p.kind === kind);
    return found ? `${UPLOADS_PATH_PREFIX}${found.name}` : null;
  };
  return {
    trackingId,
    recibidoPor: row.recibidoPor,
    deliveredAt: row.deliveredAt.toISOString(),
    photoUrl: url("ENTREGA"),
    signatureUrl: url("FIRMA"),
  };
}

/** POST /api/admin/deliveries/{id}: delivers a ready package with its proof (see the top). */
export async function deliverPackage(
  db: Db,
  trackingId: number,
  input: DeliverInput,
  options: {
    actor: Actor;
    brandName?: string;
    now?: Date;
    /** Who delivers: a Mensajero only what is on their own list (core/policies/package.ts), else the same 404 as none. */
    staff?: StaffSubject;
  },
): Promise<TDeliveryResponse> {
  const now = options.now ?? new Date();
  return inOutboxTransaction(db, async (tx) => {
    const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId)).for("update");
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    if (options.staff) {
      const [assignment] = await tx
        .select({ messengerAccountId: deliveryAssignments.messengerAccountId })
        .from(deliveryAssignments)
        .where(eq(deliveryAssignments.trackingId, trackingId));
      authorize(options.staff, "package.deliver", { messengerAccountId: assignment?.messengerAccountId ?? null });
    }
    if (row.estado !== READY) {
      const [done] = await tx.select().from(deliveries).where(eq(deliveries.trackingId, trackingId));
      if (done) throw conflict(alreadyDeliveredMessage(done.deliveredAt, done.recibidoPor));
      throw conflict(DELIVERY_NOT_READY);
    }
    await tx.insert(deliveries).values({
      trackingId,
      recibidoPor: input.recibidoPor,
      deliveredAt: now,
      deliveredByAccountId: options.actor.accountId,
      notas: input.notas ?? null,
    });
    await attachPhotos(tx, { trackingId }, "ENTREGA", input.photos, options.actor, now);
    if (input.signature) await attachPhotos(tx, { trackingId }, "FIRMA", [input.signature], options.actor, now);
    await updateTrackings(tx, [
      {
        trackingId,
        changes: { estado: "ENTREGADO" },
        entregarConSaldo: input.entregarConSaldo,
        actor: options.actor,
        brandName: options.brandName,
        notes: `Recibido por ${input.recibidoPor}`,
        now,
      },
    ]);
    await recordAudit(tx, options.actor, {
      action: "paquete.entregar",
      entity: "paquete",
      entityId: trackingId,
      summary: `${row.trackingCode} → recibido por ${input.recibidoPor}`.slice(0, 300),
      after: { recibidoPor: input.recibidoPor, fotos: input.photos.length, firma: Boolean(input.signature), notas: input.notas ?? null },
      at: now,
    });
    return (await proofOf(tx, trackingId))!;
  });
}

/** PATCH /api/admin/deliveries/{id}/pickup: whether the client picks the package up at the office. */
export async function setOfficePickup(db: Db, trackingId: number, retiroOficina: boolean, actor: Actor): Promise<{ retiroOficina: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId)).for("update");
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    if (row.estado === "ENTREGADO") throw conflict(PICKUP_DELIVERED);
    if (row.retiroOficina === retiroOficina) return { retiroOficina };
    await tx.update(clientTrackings).set({ retiroOficina, updatedAt: new Date() }).where(eq(clientTrackings.id, trackingId));
    // A package the client picks up at the office is on no messenger's list (decision 161).
    if (retiroOficina) await tx.delete(deliveryAssignments).where(eq(deliveryAssignments.trackingId, trackingId));
    await recordAudit(tx, actor, {
      action: "paquete.retiro_oficina",
      entity: "paquete",
      entityId: trackingId,
      summary: `${row.trackingCode} → ${retiroOficina ? "retira en oficina" : "entrega a domicilio"}`,
      before: { retiroOficina: row.retiroOficina },
      after: { retiroOficina },
    });
    return { retiroOficina };
  });
}

// --- The Mensajero's delivery list (issue 32 item 7, docs/decisions/161) ---

/** GET /api/admin/messengers: the enabled Mensajero accounts, by name. */
export async function listMessengers(db: Db): Promise<TMessengers> {
  const messengers = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "mensajero"), isNull(staffAccounts.disabledAt)))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  return { messengers };
}

/**
 * GET /api/admin/delivery-list: the packages on this messenger's list that are still Listo para
 * entregar (the trigger takes a package off when it leaves), oldest assigned first.
 */
export async function listMessengerPackages(db: Db, messengerAccountId: number): Promise<{ packages: TMessengerPackage[] }> {
  const rows = await db
    .select({
      id: clientTrackings.id,
      trackingCode: clientTrackings.trackingCode,
      descripcionPaquete: clientTrackings.descripcionPaquete,
      clientName: clients.nombre,
      direccion: clients.direccion,
      telefono: clients.telefono,
      saldoColones: clientTrackings.saldoColones,
      assignedAt: deliveryAssignments.assignedAt,
    })
    .from(deliveryAssignments)
    .innerJoin(clientTrackings, eq(clientTrackings.id, deliveryAssignments.trackingId))
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(and(eq(deliveryAssignments.messengerAccountId, messengerAccountId), eq(clientTrackings.estado, READY)))
    .orderBy(asc(deliveryAssignments.assignedAt), asc(clientTrackings.id));
  return { packages: rows.map((r) => ({ ...r, saldoColones: r.saldoColones ?? 0, assignedAt: r.assignedAt.toISOString() })) };
}

/**
 * PUT /api/admin/deliveries/{id}/messenger: puts a ready package on an enabled messenger's list
 * (moving it from another's), or takes it off (null); recorded in the audit log.
 */
export async function assignMessenger(
  db: Db,
  trackingId: number,
  messengerId: number | null,
  actor: Actor,
): Promise<{ mensajero: { id: number; name: string } | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId)).for("update");
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    const [current] = await tx
      .select({ id: staffAccounts.id, name: staffAccounts.name })
      .from(deliveryAssignments)
      .innerJoin(staffAccounts, eq(staffAccounts.id, deliveryAssignments.messengerAccountId))
      .where(eq(deliveryAssignments.trackingId, trackingId));
    if (messengerId === null) {
      if (!current) return { mensajero: null };
      await tx.delete(deliveryAssignments).where(eq(deliveryAssignments.trackingId, trackingId));
      await recordAudit(tx, actor, {
        action: "paquete.mensajero",
        entity: "paquete",
        entityId: trackingId,
        summary: `${row.trackingCode} → fuera de la lista de ${current.name}`.slice(0, 300),
        before: { mensajero: current.name },
        after: { mensajero: null },
      });
      return { mensajero: null };
    }
    if (row.estado !== READY) throw conflict(ASSIGN_NOT_READY);
    if (row.retiroOficina) throw conflict(ASSIGN_PICKUP);
    const [messenger] = await tx
      .select({ id: staffAccounts.id, name: staffAccounts.name })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.id, messengerId), eq(staffAccounts.role, "mensajero"), isNull(staffAccounts.disabledAt)));
    if (!messenger) throw badRequest(ASSIGN_NOT_MESSENGER);
    if (current?.id === messenger.id) return { mensajero: messenger };
    await tx
      .insert(deliveryAssignments)
      .values({ trackingId, messengerAccountId: messenger.id, assignedByAccountId: actor.accountId, assignedAt: new Date() })
      .onConflictDoUpdate({
        target: deliveryAssignments.trackingId,
        set: { messengerAccountId: messenger.id, assignedByAccountId: actor.accountId, assignedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: "paquete.mensajero",
      entity: "paquete",
      entityId: trackingId,
      summary: `${row.trackingCode} → lista de ${messenger.name}`.slice(0, 300),
      before: { mensajero: current?.name ?? null },
      after: { mensajero: messenger.name },
    });
    return { mensajero: messenger };
  });
}
