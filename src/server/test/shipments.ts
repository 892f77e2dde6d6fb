// Embarques fixtures (issue 20): clients with packages already received at Miami (what Recepción
// leaves behind: received_at, weight, EN_BODEGA_MIAMI), and shipments, written straight to the
// database so each test owns its data and needs no other module's calls.
import { inArray, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { clientTrackings, clients, shipments } from "../db/schema";
import { createTrackings } from "../modules/packages/service";
import type { ShippingType } from "../../shared/domain/statuses";
import { TEST_ADMIN_ACTOR } from "./actors";
import { uniquePhone } from "./clients";

let sequence = 0;
const tag = () => `${randomBytes(3).toString("hex").toUpperCase()}${(++sequence).toString(36).toUpperCase()}`;

export interface ReceivedOptions {
  formaEnvio?: ShippingType;
  /** How many clients share the packages (default 5). */
  clients?: number;
  /** Client names, used in turn (default "Cliente N"). */
  names?: string[];
  /** Leave them pre-alerted only (not received). */
  received?: boolean;
}

/**
 * `count` packages over a few new clients, received at Miami: weight 100 + 10·i g, for sea 1.5
 * ft³ each, declared $10.25 each, amount ₡1 000 each. Ordered by id.
 */
export async function addReceivedPackages(db: Db, count: number, options: ReceivedOptions = {}) {
  const formaEnvio = options.formaEnvio ?? "AVION";
  const clientCount = Math.max(1, Math.min(options.clients ?? 5, count));
  const batch = tag();
  const people = await db
    .insert(clients)
    .values(
      Array.from({ length: clientCount }, (_, i) => ({
        clientCode: `EX${batch}${String(i).padStart(3, "0")}`,
        nombre: options.names?.[i % options.names.length] ?? `Cliente ${i + 1}`,
        direccion: "Grecia centro, 200 m norte del parque",
        telefono: `+506${uniquePhone()}`,
      })),
    )
    .returning({ id: clients.id });
  const created = await db.transaction((tx) =>
    createTrackings(
      tx,
      Array.from({ length: count }, (_, i) => ({
        clientId: people[i % clientCount].id,
        trackingCode: `TBA${batch}${String(i).padStart(5, "0")}`,
        formaEnvio,
        estado: options.received === false ? ("SEGUIMIENTO_INTERNACIONAL" as const) : ("EN_BODEGA_MIAMI" as const),
        descripcionPaquete: `Paquete ${i + 1}`,
        valorDeclarado: 10.25,
        montoColones: 1000,
        actor: TEST_ADMIN_ACTOR,
        notify: false,
      })),
    ),
  );
  const ids = created.map((c) => c.tracking.id);
  if (options.received !== false) {
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      await db
        .update(clientTrackings)
        .set({
          receivedAt: new Date(),
          pesoGramos: sql`100 + 10 * (${clientTrackings.id} - ${ids[0]})`,
          ...(formaEnvio === "BARCO" ? { largoCm: 40, anchoCm: 30, altoCm: 35, pieCubicos: 1.5 } : {}),
        })
        .where(inArray(clientTrackings.id, chunk));
    }
  }
  return db.select().from(clientTrackings).where(inArray(clientTrackings.id, ids)).orderBy(clientTrackings.id);
}

/** A shipment row (open unless said), optionally holding these packages. */
export async function addTestShipment(db: Db, options: { formaEnvio?: ShippingType; estado?: "ABIERTO" | "CERRADO"; trackingIds?: number[] } = {}) {
  const [row] = await db
    .insert(shipments)
    .values({
      formaEnvio: options.formaEnvio ?? "AVION",
      numeroGuia: `AWB-${tag()}`,
      transporte: "AV 601",
      fecha: "2026-11-26",
      estado: options.estado ?? "ABIERTO",
      closedAt: options.estado === "CERRADO" ? new Date() : null,
    })
    .returning();
  if (options.trackingIds?.length) {
    await db.update(clientTrackings).set({ shipmentId: row.id }).where(inArray(clientTrackings.id, options.trackingIds));
  }
  return row;
}
