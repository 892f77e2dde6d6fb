// The one lookup behind every scan (issue 20): Recepción, adding to a shipment and delivering
// all send the scanned text here. Our label finds its package by id; a carrier's code finds every
// client's package with that tracking number (any client: two clients may pre-alert one number)
// and the Sin dueño row waiting with it.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clientTrackings, clients, unclaimedPackages } from "../../db/schema";
import { parseScannedCode } from "../../../shared/domain/barcodes";

export type ScannedPackage = typeof clientTrackings.$inferSelect & { clientCode: string; clientName: string };

export interface ScanResult {
  /** The tracking number as read (after the carrier's prefixes), or null for our label / an empty scan. */
  trackingCode: string | null;
  packages: ScannedPackage[];
  /** The open Sin dueño row with this tracking number, when one waits. */
  unclaimed: typeof unclaimedPackages.$inferSelect | null;
}

export async function resolveScan(db: DbOrTx, raw: string): Promise<ScanResult> {
  const scanned = parseScannedCode(raw);
  if (scanned.kind === "empty") return { trackingCode: null, packages: [], unclaimed: null };
  const columns = { tracking: clientTrackings, clientCode: clients.clientCode, clientName: clients.nombre };
  const where =
    scanned.kind === "label"
      ? eq(clientTrackings.id, scanned.trackingId)
      : inArray(sql`upper(${clientTrackings.trackingCode})`, scanned.candidates);
  const rows = await db.select(columns).from(clientTrackings).innerJoin(clients, eq(clients.id, clientTrackings.clientId)).where(where).limit(20);
  const packages = rows.map((r) => ({ ...r.tracking, clientCode: r.clientCode, clientName: r.clientName }));
  if (scanned.kind === "label") return { trackingCode: null, packages, unclaimed: null };
  const [unclaimed] = await db
    .select()
    .from(unclaimedPackages)
    .where(and(inArray(sql`upper(${unclaimedPackages.trackingCode})`, scanned.candidates), isNull(unclaimedPackages.claimedAt)))
    .limit(1);
  return { trackingCode: scanned.trackingCode, packages, unclaimed: unclaimed ?? null };
}
