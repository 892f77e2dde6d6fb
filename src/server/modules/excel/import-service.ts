// importWorkbook: applies the Clientes and Trackings sheets of an uploaded workbook in ONE
// transaction. Clients are created (with an EX + 6 code), or skipped when the code exists (never changed). Packages are
// created or updated (unique per client and tracking code) only through trackings/service.ts, in
// batches (createTrackings, updateTrackings), so an import's status change writes history, queues
// the client's WhatsApp message and runs the delivery rules exactly like any other change.
// Packages the import creates queue no message (docs/decisions/072). Bad rows become 'Fila N:
// reason' and the good rows are applied; any failure while writing rolls everything back.
import { and, inArray } from "drizzle-orm";
import type { TImportResponse, TImportRowError } from "../../../shared/api/excel";
import { IMPORT_NO_SHEETS, importRowReasons, rowErrorText } from "../../../shared/api/excel";
import type { Db, DbOrTx } from "../../db/client";
import { clients, clientTrackings } from "../../db/schema";
import { badRequest } from "../../errors";
import { inOutboxTransaction } from "../notifications/outbox";
import {
  CHANGED_BY,
  createTrackings,
  updateTrackings,
  type CreateTrackingInput,
  type UpdateTrackingInput,
  type TrackingFields,
  type TrackingRow,
} from "../trackings/service";
import type { TrackingStatus } from "../../../shared/domain/statuses";
import { isNewClientCode } from "../../../shared/domain/client-code";
import { fillReferralCodes } from "../clients/codes";
import {
  parseClientSheet,
  parseTrackingSheet,
  sheetRole,
  type ClientCandidate,
  type TrackingCandidate,
} from "./import-rows";
import type { WorkbookData } from "../../lib/xlsx/workbook-data";

export interface ImportOptions {
  /** Signs the WhatsApp status messages (ctx.config.brand.name). */
  brandName: string;
  now?: Date;
}

/** Rows per IN (…) list: well under PostgreSQL's parameter limit. */
const CHUNK = 1000;
/** Rows handed to createTrackings and updateTrackings at once. */
const BATCH = 2000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Sheets the import reads (the reader parses no other). */
export function isImportSheet(name: string): boolean {
  return sheetRole(name) !== null;
}

export async function importWorkbook(db: Db, workbook: WorkbookData, options: ImportOptions): Promise<TImportResponse> {
  const clientSheet = workbook.sheets.find((s) => sheetRole(s.name) === "clients");
  const trackingSheet = workbook.sheets.find((s) => sheetRole(s.name) === "trackings");
  if (!clientSheet && !trackingSheet) throw badRequest(IMPORT_NO_SHEETS);

  // Everything that needs no database is checked before the transaction opens.
  const clientRows = clientSheet ? parseClientSheet(clientSheet) : { rows: [], errors: [] };
  const trackingRows = trackingSheet ? parseTrackingSheet(trackingSheet) : { rows: [], errors: [] };

  return inOutboxTransaction(db, async (tx) => {
    const { errors: clientErrors, ...clientResult } = await applyClients(tx, clientRows.rows);
    const trackingResult = await applyTrackings(tx, trackingRows.rows, options);
    return {
      clients: { ...clientResult, errors: byRow([...clientRows.errors, ...clientErrors]) },
      trackings: {
        created: trackingResult.created,
        updated: trackingResult.updated,
        unchanged: trackingResult.unchanged,
        errors: byRow([...trackingRows.errors, ...trackingResult.errors]),
      },
    };
  });
}

function byRow(errors: TImportRowError[]): TImportRowError[] {
  return errors.sort((a, b) => a.row - b.row);
}

async function applyClients(
  tx: DbOrTx,
  candidates: ClientCandidate[],
): Promise<{ created: number; skipped: number; errors: TImportRowError[] }> {
  // A new client's code follows the issued rule (EX + 6); an old system's shorter or longer code
  // only names a client that already has it (then skipped like any existing one).
  const odd = [...new Set(candidates.filter((c) => !isNewClientCode(c.clientCode)).map((c) => c.clientCode))];
  const stored = new Set<string>();
  for (const codes of chunks(odd)) {
    const found = await tx.select({ clientCode: clients.clientCode }).from(clients).where(inArray(clients.clientCode, codes));
    for (const c of found) stored.add(c.clientCode);
  }
  const errors: TImportRowError[] = [];
  const rows = candidates.filter((c) => {
    if (isNewClientCode(c.clientCode) || stored.has(c.clientCode)) return true;
    errors.push({ row: c.row, error: rowErrorText(c.row, importRowReasons.newClientCodeInvalid(c.clientCode)) });
    return false;
  });
  // A code repeated in the sheet: the first row counts, the others are skipped like existing ones.
  const firstByCode = new Map<string, ClientCandidate>();
  for (const row of rows) if (!firstByCode.has(row.clientCode)) firstByCode.set(row.clientCode, row);
  let created = 0;
  for (const chunk of chunks([...firstByCode.values()], 500)) {
    const inserted = await tx
      .insert(clients)
      .values(chunk.map((c) => ({ clientCode: c.clientCode, nombre: c.nombre, direccion: c.direccion, telefono: c.telefono })))
      .onConflictDoNothing({ target: clients.clientCode })
      .returning({ id: clients.id });
    created += inserted.length;
  }
  // Imported clients get their referral code here (decision 108); an imported code that equals
  // someone's referral code makes that one be drawn again.
  if (created > 0) await fillReferralCodes(tx);
  return { created, skipped: rows.length - created, errors };
}

interface TrackingApplyResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: TImportRowError[];
}

const key = (clientId: number, trackingCode: string) => `${clientId}\u0000${trackingCode}`;

async function applyTrackings(tx: DbOrTx, rows: TrackingCandidate[], options: ImportOptions): Promise<TrackingApplyResult> {
  const out: TrackingApplyResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
  if (rows.length === 0) return out;

  const clientIds = new Map<string, number>();
  for (const codes of chunks([...new Set(rows.map((r) => r.clientCode))])) {
    const found = await tx.select({ id: clients.id, clientCode: clients.clientCode }).from(clients).where(inArray(clients.clientCode, codes));
    for (const c of found) clientIds.set(c.clientCode, c.id);
  }

  const known = new Map<string, TrackingRow>();
  for (const chunk of chunks(rows.filter((r) => clientIds.has(r.clientCode)))) {
    const ids = [...new Set(chunk.map((r) => clientIds.get(r.clientCode)!))];
    const codes = [...new Set(chunk.map((r) => r.trackingCode))];
    const found = await tx
      .select()
      .from(clientTrackings)
      .where(and(inArray(clientTrackings.clientId, ids), inArray(clientTrackings.trackingCode, codes)));
    for (const t of found) known.set(key(t.clientId, t.trackingCode), t);
  }

  const common = { changedBy: CHANGED_BY.import, brandName: options.brandName, now: options.now };
  // Packages are created and updated in batches (createTrackings, updateTrackings: a few
  // statements per 500 rows); a row naming a package still waiting in a batch flushes both first
  // (creations, then updates), so each row sees the rows above it.
  let creates: CreateTrackingInput[] = [];
  let updates: UpdateTrackingInput[] = [];
  const pendingKeys = new Set<string>();
  const flush = async () => {
    if (creates.length > 0) {
      const created = await createTrackings(tx, creates);
      for (const { tracking } of created) known.set(key(tracking.clientId, tracking.trackingCode), tracking);
      out.created += created.length;
    }
    if (updates.length > 0) {
      const updated = await updateTrackings(tx, updates);
      for (const { tracking } of updated) {
        known.set(key(tracking.clientId, tracking.trackingCode), tracking);
      }
      out.updated += updated.length;
    }
    creates = [];
    updates = [];
    pendingKeys.clear();
  };
  for (const row of rows) {
    const clientId = clientIds.get(row.clientCode);
    if (clientId === undefined) {
      out.errors.push({ row: row.row, error: rowErrorText(row.row, importRowReasons.unknownClient(row.clientCode)) });
      continue;
    }
    const rowKey = key(clientId, row.trackingCode);
    if (pendingKeys.has(rowKey)) await flush();
    const existing = known.get(rowKey);
    if (!existing) {
      creates.push({ ...common, ...givenFields(row), clientId, trackingCode: row.trackingCode, estado: row.estado, notify: false });
    } else {
      const changes = changedFields(existing, row);
      if (Object.keys(changes).length === 0) {
        out.unchanged++;
        continue;
      }
      updates.push({ ...common, trackingId: existing.id, changes });
    }
    pendingKeys.add(rowKey);
    if (pendingKeys.size >= BATCH) await flush();
  }
  await flush();
  return out;
}

/** The row's values that were given (an empty cell never erases what the package has). */
function givenFields(row: TrackingCandidate): TrackingFields {
  const fields: TrackingFields = { origen: row.origen, formaEnvio: row.formaEnvio };
  if (row.descripcionPaquete !== undefined) fields.descripcionPaquete = row.descripcionPaquete;
  if (row.pesoEstimado !== undefined) fields.pesoEstimado = row.pesoEstimado;
  if (row.valorDeclarado !== undefined) fields.valorDeclarado = row.valorDeclarado;
  if (row.tiendaOrigen !== undefined) fields.tiendaOrigen = row.tiendaOrigen;
  if (row.carrier !== undefined) fields.carrier = row.carrier;
  if (row.notas !== undefined) fields.notas = row.notas;
  return fields;
}

function changedFields(current: TrackingRow, row: TrackingCandidate): TrackingFields & { estado?: TrackingStatus } {
  const changes: TrackingFields & { estado?: TrackingStatus } = {};
  const given = givenFields(row);
  for (const [name, value] of Object.entries(given) as [keyof TrackingFields, unknown][]) {
    const before = current[name as keyof TrackingRow];
    const same = typeof value === "number" && typeof before === "number" ? Math.abs(value - before) < 0.005 : value === before;
    if (!same) (changes as Record<string, unknown>)[name] = value;
  }
  if (row.estado !== undefined && row.estado !== current.estado) changes.estado = row.estado;
  return changes;
}
