// The notice to all the clients of an Embarque (decision 213): counted before sending (how many
// clients, how many get it, how many are skipped and why), then queued through the outbox, one
// per client, in one transaction that holds the Embarque's row: a double click or a second person
// within 24 hours queues nothing more. Skipped clients get a SKIPPED message with the reason, so
// the outbox shows them too. Audited.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { notificationOutbox, shipments } from "../../db/schema";
import { rowsOf } from "../../lib/rate-limiter";
import { enqueueNotifications, inOutboxTransaction, type NewNotification } from "../../core/outbox";
import { recordAudit } from "../../core/audit/service";
import type { Actor } from "../../lib/actor";
import { badRequest, conflict, notFound } from "../../errors";
import { toWhatsappChatNumber } from "../../../shared/domain/phone";
import { isOptedOut } from "../../../shared/domain/whatsapp";
import {
  SHIPMENT_NOTICE_REPEAT_HOURS,
  SHIPMENT_NOTICE_SKIP_REASONS,
  shipmentNoticeTemplate,
  shipmentNoticeText,
  type ShipmentNoticeTemplate,
} from "../../../shared/domain/whatsapp-outbox";
import {
  SHIPMENT_NOT_FOUND_FOR_NOTICE,
  SHIPMENT_NOTICE_EMPTY,
  SHIPMENT_NOTICE_REPEATED,
  type TShipmentNoticePreview,
  type TShipmentNoticeRequest,
  type TShipmentNoticeResult,
} from "../../../shared/api/admin/outbox";
import type { ShippingType } from "../../../shared/domain/statuses";

/** How many tracking numbers the notice names before "y N más" (a template parameter stays short). */
const CODES_NAMED = 8;

interface ShipmentClient {
  id: number;
  nombre: string;
  telefono: string;
  optOutAt: string | null;
  optInAt: string | null;
  unreachableAt: string | null;
  codes: string[];
}

type Skip = keyof typeof SHIPMENT_NOTICE_SKIP_REASONS;

function skipOf(c: ShipmentClient): Skip | null {
  if (toWhatsappChatNumber(c.telefono).length < 8) return "noPhone";
  if (isOptedOut(c.optOutAt, c.optInAt)) return "optedOut";
  if (c.unreachableAt) return "unreachable";
  return null;
}

function codesText(codes: string[]): string {
  const named = codes.slice(0, CODES_NAMED).join(", ");
  return codes.length > CODES_NAMED ? `${named} y ${codes.length - CODES_NAMED} más` : named;
}

async function shipmentOf(db: DbOrTx, id: number, lock: boolean) {
  const query = db
    .select({ id: shipments.id, numeroGuia: shipments.numeroGuia, formaEnvio: shipments.formaEnvio, fecha: shipments.fecha })
    .from(shipments)
    .where(eq(shipments.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(SHIPMENT_NOT_FOUND_FOR_NOTICE);
  return { ...row, formaEnvio: row.formaEnvio as ShippingType };
}

async function clientsOf(db: DbOrTx, shipmentId: number): Promise<ShipmentClient[]> {
  const rows = rowsOf<{
    id: number;
    nombre: string;
    telefono: string;
    opt_out_at: string | Date | null;
    opt_in_at: string | Date | null;
    unreachable_at: string | Date | null;
    codes: string[] | string;
  }>(
    await db.execute(sql`
      select c.id, c.nombre, c.telefono, c.whatsapp_opt_out_at as opt_out_at, c.whatsapp_opt_in_at as opt_in_at,
        c.whatsapp_unreachable_at as unreachable_at, array_agg(t.tracking_code order by t.tracking_code) as codes
      from client_trackings t join clients c on c.id = t.client_id
      where t.shipment_id = ${shipmentId}
      group by c.id order by c.id`),
  );
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return rows.map((r) => ({
    id: Number(r.id),
    nombre: r.nombre,
    telefono: r.telefono,
    optOutAt: iso(r.opt_out_at),
    optInAt: iso(r.opt_in_at),
    unreachableAt: iso(r.unreachable_at),
    // node-postgres parses text[]; PGlite too; a driver that answers the literal gets it split.
    codes: Array.isArray(r.codes) ? r.codes : String(r.codes).replace(/^\{|\}$/g, "").split(",").filter(Boolean),
  }));
}

/** When this notice of this Embarque was last queued within the repeat window, or null. */
async function lastSentAt(db: DbOrTx, shipmentId: number, template: ShipmentNoticeTemplate): Promise<string | null> {
  const o = notificationOutbox;
  const [row] = await db
    .select({ at: o.createdAt })
    .from(o)
    .where(
      and(
        eq(o.shipmentId, shipmentId),
        eq(o.kind, "SHIPMENT_NOTICE"),
        sql`${o.payload}->>'template' = ${template}`,
        gt(o.createdAt, sql`now() - make_interval(hours => ${SHIPMENT_NOTICE_REPEAT_HOURS})`),
      ),
    )
    .orderBy(desc(o.createdAt))
    .limit(1);
  return row ? new Date(row.at).toISOString() : null;
}

function previewOf(
  shipment: Awaited<ReturnType<typeof shipmentOf>>,
  template: ShipmentNoticeTemplate,
  list: ShipmentClient[],
  alreadySentAt: string | null,
): TShipmentNoticePreview {
  const skipped = { optedOut: 0, unreachable: 0, noPhone: 0 };
  for (const c of list) {
    const skip = skipOf(c);
    if (skip) skipped[skip] += 1;
  }
  const first = list.find((c) => !skipOf(c)) ?? list[0];
  return {
    shipment,
    plantilla: template,
    sample: first ? shipmentNoticeText(template, first.nombre, codesText(first.codes)) : null,
    clients: list.length,
    willSend: list.length - skipped.optedOut - skipped.unreachable - skipped.noPhone,
    skipped,
    alreadySentAt,
  };
}

export async function previewShipmentNotice(db: Db, request: TShipmentNoticeRequest): Promise<TShipmentNoticePreview> {
  const shipment = await shipmentOf(db, request.embarqueId, false);
  return previewOf(shipment, request.plantilla, await clientsOf(db, shipment.id), await lastSentAt(db, shipment.id, request.plantilla));
}

export async function sendShipmentNotice(db: Db, request: TShipmentNoticeRequest, actor: Actor): Promise<TShipmentNoticeResult> {
  return inOutboxTransaction(db, async (tx) => {
    // The Embarque's row is held until the commit: a second click waits, then finds these messages.
    const shipment = await shipmentOf(tx, request.embarqueId, true);
    if (await lastSentAt(tx, shipment.id, request.plantilla)) throw conflict(SHIPMENT_NOTICE_REPEATED);
    const list = await clientsOf(tx, shipment.id);
    if (list.length === 0) throw badRequest(SHIPMENT_NOTICE_EMPTY);
    const template = shipmentNoticeTemplate(request.plantilla);
    const messages: NewNotification[] = list.map((c) => {
      const codes = codesText(c.codes);
      const skip = skipOf(c);
      return {
        kind: "SHIPMENT_NOTICE",
        recipient: c.telefono,
        body: shipmentNoticeText(request.plantilla, c.nombre, codes),
        payload: { template: request.plantilla, nombre: c.nombre, codes },
        parameters: [c.nombre, codes],
        clientId: c.id,
        shipmentId: shipment.id,
        ...(skip ? { skipReason: SHIPMENT_NOTICE_SKIP_REASONS[skip] } : {}),
      };
    });
    await enqueueNotifications(tx, messages);
    const preview = previewOf(shipment, request.plantilla, list, null);
    await recordAudit(tx, actor, {
      action: "embarque.aviso",
      entity: "embarque",
      entityId: shipment.id,
      summary: `${template?.label ?? request.plantilla} · ${shipment.numeroGuia} · ${preview.willSend} de ${preview.clients} clientes`,
      after: { plantilla: request.plantilla, clientes: preview.clients, enCola: preview.willSend, omitidos: preview.skipped },
    });
    const skippedTotal = preview.clients - preview.willSend;
    return {
      ...preview,
      queued: preview.willSend,
      message: `Aviso en cola para ${preview.willSend} ${preview.willSend === 1 ? "cliente" : "clientes"}${skippedTotal ? `; ${skippedTotal} no se enviarán (ver motivos en la bandeja)` : ""}.`,
    };
  });
}
