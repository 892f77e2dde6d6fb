// importWorkbook: applies the Clientes and Trackings sheets of an uploaded workbook, or previews
// them: the same code runs and each transaction is rolled back (docs/decisions/117). The rows are
// grouped by client into slices of about 40 rows, each its own transaction with a turn of the
// event loop between them, so the embedded database (one query at a time) keeps answering other
// requests (docs/decisions/141): a failure or a changed plan in slice k rolls back slice k only.
// Clients are created (with an EX + 6 code and a phone that passes the
// registration rule, decision 118), or skipped when the code exists (never changed). Packages are
// created or updated (unique per client and tracking code) only through trackings/service.ts, in
// batches (createTrackings, updateTrackings), so an import's status change writes history, queues
// the client's WhatsApp message and runs the delivery rules exactly like any other change. A row
// moving an existing package to an earlier status of the flow is a backwards move: kept (status
// left as it is, no message) unless the caller chose "apply". Packages the import creates queue no
// message (docs/decisions/072). A row that would make a package collectable without an amount is
// its row's error; packages left in En bodega Miami or later without one are flagged in the answer
// (`unpriced`, docs/decisions/163). Bad rows become 'Fila N: reason' and the good rows are applied;
// importing the same file again after an interrupted run finishes it (applied rows come out unchanged).
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { ACTOR_LABELS } from "../../../shared/domain/staff-roles";
import { createHash } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import type {
  ImportBackwardsChoice,
  TImportMessage,
  TImportResponse,
  TImportRowError,
  TImportStatusChange,
  TImportUnpriced,
} from "../../../shared/api/excel";
import {
  IMPORT_NO_SHEETS,
  IMPORT_PLAN_CHANGED,
  IMPORT_PREVIEW_LIST_MAX,
  importInterrupted,
  importPlanChangedPartly,
  importRowReasons,
  importStoppedPartly,
  rowErrorText,
  sheetRows,
  CLIENTS_SHEET,
  TRACKINGS_SHEET,
} from "../../../shared/api/excel";
import { awaitsAmount, unpricedReason, type UnpricedReason } from "../../../shared/api/admin/trackings";
import { COLLECTABLE_STATUSES } from "../../../shared/domain/charges";
import type { Db, DbOrTx } from "../../db/client";
import { clients, clientTrackings, notificationOutbox } from "../../db/schema";
import { AppError, badRequest, conflict } from "../../errors";
import { inOutboxTransaction } from "../../core/outbox";
import {
  createTrackings,
  updateTrackings,
  type CreateTrackingInput,
  type UpdateTrackingInput,
  type TrackingFields,
  type TrackingRow,
} from "../packages/service";
import { TRACKING_STATUSES, type Origin, type TrackingStatus } from "../../../shared/domain/statuses";
import { isNewClientCode } from "../../../shared/domain/client-code";
import { giveReferralCodes } from "../../core/client-codes";
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
  /** "preview" runs everything and rolls it back; "apply" (default) commits (docs/decisions/117). */
  mode?: "preview" | "apply";
  /** Rows moving a package back in the flow: "keep" (default) leaves its status, "apply" moves it. */
  backwards?: ImportBackwardsChoice;
  /** The preview's fingerprint (one digest per slice): an apply checks each slice's before committing it (409). */
  expectedFingerprint?: string;
  /** Rows per slice (default IMPORT_SLICE_ROWS). */
  sliceRows?: number;
  /** Told of a write failure that interrupted the apply after its first slices (the answer is a Spanish 500). */
  onError?: (err: unknown) => void;
  /** The import and the person who ran it (lib/actor.ts importActor); default the import without a person. */
  actor?: Actor;
}

const ANONYMOUS_IMPORT: Actor = { kind: "import", accountId: null, label: ACTOR_LABELS.import, ip: null };

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

/**
 * Rows a slice aims at. A slice holds the embedded database (and the event loop) from BEGIN to
 * COMMIT; the bench measured 200-row slices holding it ~0.5–0.6 s on this machine (about 2.5 ms a
 * row with history, messages and the lookup triggers), past the 200 ms budget, so 40 (~100 ms);
 * docs/decisions/141 has the figures. Re-measured for issue 37 (docs/decisions/225): 100 rows would
 * save 8–14 % of an import's time and hold 2.5–2.7 × longer; kept at 40.
 */
export const IMPORT_SLICE_ROWS = 40;
/** Hex characters of one slice's digest in the fingerprint. */
const SLICE_DIGEST_CHARS = 16;

/** A self-contained part of the import: some clients' Clientes rows and all their Trackings rows. */
export interface ImportSlice {
  clients: ClientCandidate[];
  trackings: TrackingCandidate[];
}

/**
 * Groups the rows by client code (a client's Clientes row and every Trackings row naming it land
 * in the same slice, so a slice only needs the clients it creates itself) and packs whole groups,
 * in the order the codes first appear, into slices of about `size` rows. A client without a
 * Clientes row in the file is never created by the import, so its packages may be spread over
 * several slices (all rows of one package stay together); a client with one is not split, however
 * many packages it has. Each slice keeps its rows in sheet order. Depends on the file only, so the
 * preview and the apply of one file slice it the same way. At least one slice.
 */
export function sliceImport(clientRows: ClientCandidate[], trackingRows: TrackingCandidate[], size = IMPORT_SLICE_ROWS): ImportSlice[] {
  const groups = new Map<string, ImportSlice>();
  const groupOf = (code: string) => {
    let group = groups.get(code);
    if (!group) groups.set(code, (group = { clients: [], trackings: [] }));
    return group;
  };
  for (const row of clientRows) groupOf(row.clientCode).clients.push(row);
  for (const row of trackingRows) groupOf(row.clientCode).trackings.push(row);
  const slices: ImportSlice[] = [];
  let current: ImportSlice = { clients: [], trackings: [] };
  let rows = 0;
  const add = (group: ImportSlice) => {
    const n = group.clients.length + group.trackings.length;
    if (rows > 0 && rows + n > size) {
      slices.push(current);
      current = { clients: [], trackings: [] };
      rows = 0;
    }
    for (const row of group.clients) current.clients.push(row);
    for (const row of group.trackings) current.trackings.push(row);
    rows += n;
  };
  for (const group of groups.values()) {
    if (group.clients.length > 0 || group.trackings.length <= size) add(group);
    else for (const piece of packagePieces(group.trackings, size)) add({ clients: [], trackings: piece });
  }
  if (rows > 0 || slices.length === 0) slices.push(current);
  for (const slice of slices) {
    slice.clients.sort((a, b) => a.row - b.row);
    slice.trackings.sort((a, b) => a.row - b.row);
  }
  return slices;
}

/** One client's package rows in pieces of about `size` rows; the rows of one package stay in one piece. */
function packagePieces(rows: TrackingCandidate[], size: number): TrackingCandidate[][] {
  const byPackage = new Map<string, TrackingCandidate[]>();
  for (const row of rows) {
    const list = byPackage.get(row.trackingCode);
    if (list) list.push(row);
    else byPackage.set(row.trackingCode, [row]);
  }
  const pieces: TrackingCandidate[][] = [];
  let piece: TrackingCandidate[] = [];
  for (const list of byPackage.values()) {
    if (piece.length > 0 && piece.length + list.length > size) {
      pieces.push(piece);
      piece = [];
    }
    for (const row of list) piece.push(row);
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

const sliceRowCount = (slice: ImportSlice) => slice.clients.length + slice.trackings.length;

/** Gives the event loop a turn: requests waiting for the database get their queries in. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown inside a slice's transaction to roll it back with its part of the answer. */
class SliceRollback extends Error {
  constructor(readonly part: SliceResult) {
    super("import slice: rolled back");
  }
}

/**
 * The plan as a digest, slice by slice: every row's outcome (client created or skipped, package
 * created, updated with which values, unchanged, backwards move kept or applied, error) and every
 * message. Nothing that differs between two runs of the same plan (ids, referral codes, instants)
 * enters it. Each slice's digest starts from the previous one's, so slice k's covers slices 0…k.
 */
class PlanDigest {
  private readonly hash = createHash("sha256");
  constructor(previous: string) {
    this.hash.update(previous);
    this.hash.update("\n");
  }
  add(...entry: unknown[]): void {
    this.hash.update(JSON.stringify(entry));
    this.hash.update("\n");
  }
  hex(): string {
    return this.hash.digest("hex");
  }
}

/** One slice's part of the answer. */
interface SliceResult {
  digest: string;
  clients: { created: number; skipped: number; errors: TImportRowError[] };
  trackings: { created: number; updated: number; unchanged: number; errors: TImportRowError[] };
  moves: TImportStatusChange[];
  messages: TImportMessage[];
  unpriced: TImportUnpriced[];
}

/**
 * Imports a workbook in slices (docs/decisions/141), each in its own transaction, with a turn of
 * the event loop between them so other requests' queries get through. The preview (mode
 * "preview") is this same code with every slice rolled back, so it shows exactly what the apply
 * then does as long as the data do not change in between (the fingerprint catches that, slice by
 * slice, before each commit).
 */
export async function importWorkbook(db: Db, workbook: WorkbookData, options: ImportOptions): Promise<TImportResponse> {
  const clientSheet = workbook.sheets.find((s) => sheetRole(s.name) === "clients");
  const trackingSheet = workbook.sheets.find((s) => sheetRole(s.name) === "trackings");
  if (!clientSheet && !trackingSheet) throw badRequest(IMPORT_NO_SHEETS);
  const mode = options.mode ?? "apply";
  const backwards = options.backwards ?? "keep";

  // Everything that needs no database is checked before the first transaction opens.
  const clientRows = clientSheet ? parseClientSheet(clientSheet) : { rows: [], errors: [] };
  const trackingRows = trackingSheet ? parseTrackingSheet(trackingSheet) : { rows: [], errors: [] };
  const slices = sliceImport(clientRows.rows, trackingRows.rows, options.sliceRows);
  const totalRows = clientRows.rows.length + trackingRows.rows.length;

  // The file's own errors and its slicing start the digest: a different file differs at slice 0.
  const seed = new PlanDigest("plan");
  seed.add("slices", slices.map(sliceRowCount));
  for (const e of byRow([...clientRows.errors])) seed.add("client error", e.error);
  for (const e of byRow([...trackingRows.errors])) seed.add("tracking error", e.error);
  let previous = seed.hex();

  const expected = options.expectedFingerprint?.split(".");
  if (mode === "apply" && expected !== undefined && expected.length !== slices.length) throw conflict(IMPORT_PLAN_CHANGED);

  const parts: SliceResult[] = [];
  let appliedRows = 0;
  /** The 409 of a plan that changed (any other failure after slice 0 becomes importInterrupted). */
  let refused: AppError | undefined;
  const sliceOptions = { ...options, backwards };
  const counts = () => auditCounts(parts, clientRows.errors.length, trackingRows.errors.length);
  for (let k = 0; k < slices.length; k++) {
    if (k > 0) await nextTurn();
    const last = k === slices.length - 1;
    let part: SliceResult;
    try {
      part = await inOutboxTransaction(db, async (tx) => {
        const digest = new PlanDigest(previous);
        const result = await importSlice(tx, slices[k], sliceOptions, digest);
        if (mode === "preview") throw new SliceRollback(result);
        if (expected !== undefined && expected[k] !== shortDigest(result.digest)) {
          refused = conflict(k === 0 ? IMPORT_PLAN_CHANGED : importPlanChangedPartly(appliedRows, totalRows));
          throw refused;
        }
        // One record for the run (each package already has its own), in the last slice's transaction.
        if (last) await recordImportAudit(tx, options, auditCounts([...parts, result], clientRows.errors.length, trackingRows.errors.length));
        return result;
      });
    } catch (err) {
      if (err instanceof SliceRollback) {
        part = err.part;
      } else {
        // Nothing is committed yet (slice 0), or ever (a preview rolls every slice back): as it is.
        if (k === 0 || mode === "preview") throw err;
        // Slices 0…k-1 are committed: the run's record says what they applied.
        await recordImportAudit(db, options, counts(), { slices: k, of: slices.length }).catch((auditErr: unknown) => options.onError?.(auditErr));
        if (err === refused) throw err;
        // A refusal (4xx: a package created meanwhile, a rule the data no longer meet) stays a
        // 4xx with its reason and which rows were applied and which not (docs/decisions/163).
        if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) throw stoppedPartly(err, slices, k, appliedRows, totalRows);
        options.onError?.(err);
        throw new AppError("INTERNAL", 500, importInterrupted(appliedRows, totalRows));
      }
    }
    parts.push(part);
    previous = part.digest;
    appliedRows += sliceRowCount(slices[k]);
  }

  const allClientErrors = byRow([...clientRows.errors, ...parts.flatMap((p) => p.clients.errors)]);
  const trackingErrors = byRow([...trackingRows.errors, ...parts.flatMap((p) => p.trackings.errors)]);
  const moves = parts.flatMap((p) => p.moves).sort((a, b) => a.row - b.row);
  const sum = (pick: (p: SliceResult) => number) => parts.reduce((total, p) => total + pick(p), 0);
  return {
    clients: { created: sum((p) => p.clients.created), skipped: sum((p) => p.clients.skipped), errors: allClientErrors },
    trackings: {
      created: sum((p) => p.trackings.created),
      updated: sum((p) => p.trackings.updated),
      unchanged: sum((p) => p.trackings.unchanged),
      errors: trackingErrors,
    },
    mode,
    backwards,
    statusChanges: capped(moves.filter((m) => m.applied)),
    backwardMoves: capped(moves.filter((m) => m.backwards)),
    messages: capped(parts.flatMap((p) => p.messages).sort((a, b) => a.row - b.row)),
    unpriced: capped(parts.flatMap((p) => p.unpriced).sort((a, b) => a.row - b.row)),
    fingerprint: parts.map((p) => shortDigest(p.digest)).join("."),
  };
}

const shortDigest = (hex: string) => hex.slice(0, SLICE_DIGEST_CHARS);

/** The refusal of slice k > 0 with the rows of slices 0…k-1 (applied) and of the others (not), per sheet. */
function stoppedPartly(err: AppError, slices: ImportSlice[], k: number, appliedRows: number, totalRows: number): AppError {
  const rowsOf = (part: ImportSlice[]) => [
    { sheet: CLIENTS_SHEET, rows: part.flatMap((s) => s.clients.map((c) => c.row)) },
    { sheet: TRACKINGS_SHEET, rows: part.flatMap((s) => s.trackings.map((t) => t.row)) },
  ];
  const applied = rowsOf(slices.slice(0, k));
  const notApplied = rowsOf(slices.slice(k));
  return new AppError(err.code, err.statusCode, importStoppedPartly(err.message, appliedRows, totalRows, sheetRows(applied), sheetRows(notApplied)), {
    ...err.extra,
    importacion: {
      aplicadas: Object.fromEntries(applied.map((p) => [p.sheet, p.rows])),
      noAplicadas: Object.fromEntries(notApplied.map((p) => [p.sheet, p.rows])),
    },
  });
}

/** One slice: its clients, then its packages, the messages they queued and its row errors, all digested. */
async function importSlice(
  tx: DbOrTx,
  slice: ImportSlice,
  options: ImportOptions & { backwards: ImportBackwardsChoice },
  digest: PlanDigest,
): Promise<SliceResult> {
  const { errors: clientErrors, ...clientResult } = await applyClients(tx, slice.clients, digest);
  const trackingResult = await applyTrackings(tx, slice.trackings, options, digest);
  const messages = await queuedMessages(tx, trackingResult.notified);
  for (const m of messages) digest.add("message", m.row, m.recipient, m.body);
  const sliceClientErrors = byRow(clientErrors);
  const sliceTrackingErrors = byRow(trackingResult.errors);
  for (const e of [...sliceClientErrors, ...sliceTrackingErrors]) digest.add("error", e.error);
  for (const u of trackingResult.unpriced) digest.add("unpriced", u.row, u.trackingCode, u.estado, u.motivo);
  return {
    digest: digest.hex(),
    clients: { ...clientResult, errors: sliceClientErrors },
    trackings: { created: trackingResult.created, updated: trackingResult.updated, unchanged: trackingResult.unchanged, errors: sliceTrackingErrors },
    moves: trackingResult.moves,
    messages,
    unpriced: trackingResult.unpriced,
  };
}

interface ImportCounts {
  clientes: { creados: number; omitidos: number; errores: number };
  paquetes: { creados: number; actualizados: number; sinCambios: number; errores: number };
}

function auditCounts(parts: SliceResult[], clientParseErrors: number, trackingParseErrors: number): ImportCounts {
  const sum = (pick: (p: SliceResult) => number) => parts.reduce((total, p) => total + pick(p), 0);
  return {
    clientes: { creados: sum((p) => p.clients.created), omitidos: sum((p) => p.clients.skipped), errores: clientParseErrors + sum((p) => p.clients.errors.length) },
    paquetes: {
      creados: sum((p) => p.trackings.created),
      actualizados: sum((p) => p.trackings.updated),
      sinCambios: sum((p) => p.trackings.unchanged),
      errores: trackingParseErrors + sum((p) => p.trackings.errors.length),
    },
  };
}

/** The run's one audit record; `interrupted` when only the first slices were applied. */
async function recordImportAudit(
  tx: DbOrTx,
  options: ImportOptions,
  counts: ImportCounts,
  interrupted?: { slices: number; of: number },
): Promise<void> {
  const summary = `Clientes: ${counts.clientes.creados} creados · Paquetes: ${counts.paquetes.creados} creados, ${counts.paquetes.actualizados} actualizados · ${counts.clientes.errores + counts.paquetes.errores} errores`;
  await recordAudit(tx, options.actor ?? ANONYMOUS_IMPORT, {
    action: "importacion.aplicar",
    entity: "importacion",
    summary: interrupted ? `Interrumpida (${interrupted.slices} de ${interrupted.of} partes aplicadas) · ${summary}` : summary,
    after: interrupted ? { ...counts, partes: { aplicadas: interrupted.slices, total: interrupted.of } } : counts,
  });
}

function capped<T>(items: T[]): { total: number; items: T[] } {
  return { total: items.length, items: items.slice(0, IMPORT_PREVIEW_LIST_MAX) };
}

/** The outbox rows the import's status changes queued, in row order. */
async function queuedMessages(tx: DbOrTx, notified: NotifiedRow[]): Promise<TImportMessage[]> {
  const stored = new Map<number, { recipient: string; body: string }>();
  for (const ids of chunks(notified.map((n) => n.notificationId))) {
    const rows = await tx
      .select({ id: notificationOutbox.id, recipient: notificationOutbox.recipient, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(inArray(notificationOutbox.id, ids));
    for (const r of rows) stored.set(r.id, r);
  }
  return notified.map((n) => {
    const message = stored.get(n.notificationId)!;
    return { row: n.row, clientCode: n.clientCode, trackingCode: n.trackingCode, recipient: message.recipient, body: message.body };
  });
}

function byRow(errors: TImportRowError[]): TImportRowError[] {
  return errors.sort((a, b) => a.row - b.row);
}

async function applyClients(
  tx: DbOrTx,
  candidates: ClientCandidate[],
  digest: PlanDigest,
): Promise<{ created: number; skipped: number; errors: TImportRowError[] }> {
  // A new client's code follows the issued rule (EX + 6) and its phone the registration form's
  // (docs/decisions/118); an existing code is skipped whatever the row says (never changed), so an
  // old system's shorter or longer code only names a client that already has it.
  const stored = new Set<string>();
  for (const codes of chunks([...new Set(candidates.map((c) => c.clientCode))])) {
    const found = await tx.select({ clientCode: clients.clientCode }).from(clients).where(inArray(clients.clientCode, codes));
    for (const c of found) stored.add(c.clientCode);
  }
  const errors: TImportRowError[] = [];
  const rows = candidates.filter((c) => {
    if (stored.has(c.clientCode)) return true;
    if (!isNewClientCode(c.clientCode)) {
      errors.push({ row: c.row, error: rowErrorText(c.row, importRowReasons.newClientCodeInvalid(c.clientCode)) });
      return false;
    }
    if (c.telefonoProblem) {
      errors.push({ row: c.row, error: rowErrorText(c.row, c.telefonoProblem) });
      return false;
    }
    if (c.identificacionProblem) {
      errors.push({ row: c.row, error: rowErrorText(c.row, c.identificacionProblem) });
      return false;
    }
    return true;
  });
  // A code repeated in the sheet: the first row counts, the others are skipped like existing ones.
  // A stored code is not offered to the insert at all (it would only conflict; an import of
  // updates names every client again).
  const firstByCode = new Map<string, ClientCandidate>();
  for (const row of rows) if (!stored.has(row.clientCode) && !firstByCode.has(row.clientCode)) firstByCode.set(row.clientCode, row);
  const createdCodes = new Set<string>();
  for (const chunk of chunks([...firstByCode.values()], 500)) {
    const inserted = await tx
      .insert(clients)
      .values(
        chunk.map((c) => ({
          clientCode: c.clientCode,
          nombre: c.nombre,
          direccion: c.direccion,
          telefono: c.telefono,
          taxIdType: c.tipoIdentificacion,
          taxIdNumber: c.identificacion,
        })),
      )
      .onConflictDoNothing({ target: clients.clientCode })
      .returning({ clientCode: clients.clientCode });
    for (const c of inserted) createdCodes.add(c.clientCode);
  }
  for (const row of rows) {
    const created = createdCodes.has(row.clientCode) && firstByCode.get(row.clientCode) === row;
    const taxId = row.tipoIdentificacion ? [row.tipoIdentificacion, row.identificacion ?? ""] : [];
    digest.add("client", row.row, row.clientCode, created ? [row.nombre, row.direccion, row.telefono, ...taxId] : "skipped");
  }
  const created = createdCodes.size;
  // Imported clients get their referral code here (decision 108); an imported code that equals
  // someone's referral code makes that one be drawn again.
  await giveReferralCodes(tx, [...createdCodes]);
  return { created, skipped: rows.length - created, errors };
}

interface TrackingApplyResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: TImportRowError[];
  /** Status moves rows asked of existing packages, in row order (applied or kept). */
  moves: TImportStatusChange[];
  /** The rows whose status change queued a WhatsApp message. */
  notified: NotifiedRow[];
  /** Packages the rows leave in En bodega Miami or later without an amount (docs/decisions/163). */
  unpriced: TImportUnpriced[];
}

interface NotifiedRow {
  row: number;
  clientCode: string;
  trackingCode: string;
  notificationId: number;
}

const key = (clientId: number, trackingCode: string) => `${clientId}\u0000${trackingCode}`;

/** `to` comes before `from` in the flow (shared/domain/statuses.ts order). */
export function isBackwardMove(from: TrackingStatus, to: TrackingStatus): boolean {
  return TRACKING_STATUSES.indexOf(to) < TRACKING_STATUSES.indexOf(from);
}

async function applyTrackings(
  tx: DbOrTx,
  rows: TrackingCandidate[],
  options: ImportOptions & { backwards: ImportBackwardsChoice },
  digest: PlanDigest,
): Promise<TrackingApplyResult> {
  const out: TrackingApplyResult = { created: 0, updated: 0, unchanged: 0, errors: [], moves: [], notified: [], unpriced: [] };
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

  const common = { actor: options.actor ?? ANONYMOUS_IMPORT, brandName: options.brandName, now: options.now };
  // Packages are created and updated in batches (createTrackings, updateTrackings: a few
  // statements per 500 rows); a row naming a package still waiting in a batch flushes both first
  // (creations, then updates), so each row sees the rows above it.
  let creates: CreateTrackingInput[] = [];
  let updates: UpdateTrackingInput[] = [];
  let updateRows: TrackingCandidate[] = [];
  const pendingKeys = new Set<string>();
  /** The packages rows created, moved or stripped of their amount: checked for an amount at the end. */
  const touched = new Map<string, { row: TrackingCandidate }>();
  const flush = async () => {
    if (creates.length > 0) {
      const created = await createTrackings(tx, creates);
      for (const { tracking } of created) known.set(key(tracking.clientId, tracking.trackingCode), tracking);
      out.created += created.length;
    }
    if (updates.length > 0) {
      const updated = await updateTrackings(tx, updates);
      updated.forEach(({ tracking, statusChange }, index) => {
        known.set(key(tracking.clientId, tracking.trackingCode), tracking);
        const row = updateRows[index];
        if (statusChange?.notificationId != null) {
          out.notified.push({ row: row.row, clientCode: row.clientCode, trackingCode: tracking.trackingCode, notificationId: statusChange.notificationId });
        }
      });
      out.updated += updated.length;
    }
    creates = [];
    updates = [];
    updateRows = [];
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
    // No amount, not collectable (docs/decisions/152, 163): such a row is this row's error, decided
    // here with the same rule the status service applies, so no slice is ever refused for it.
    const refusal = collectableWithoutAmount(existing, row, options.backwards);
    if (refusal) {
      out.errors.push({ row: row.row, error: rowErrorText(row.row, importRowReasons.unpriced(row.trackingCode, refusal.motivo, refusal.estado)) });
      continue;
    }
    if (!existing) {
      const fields = givenFields(row);
      digest.add("create", row.row, row.clientCode, row.trackingCode, row.estado ?? null, fields);
      creates.push({ ...common, ...fields, clientId, trackingCode: row.trackingCode, estado: row.estado, notify: false });
      touched.set(rowKey, { row });
    } else {
      const changes = changedFields(existing, row);
      if (changes.estado !== undefined) {
        const from = existing.estado as TrackingStatus;
        const backwards = isBackwardMove(from, changes.estado);
        const applied = !backwards || options.backwards === "apply";
        const origen = (changes.origen ?? existing.origen) as Origin;
        out.moves.push({ row: row.row, clientCode: row.clientCode, trackingCode: row.trackingCode, origen, from, to: changes.estado, backwards, applied });
        // Kept: the row's other values are still written; its status is left as it is, unsent.
        if (!applied) delete changes.estado;
      }
      if (Object.keys(changes).length === 0) {
        digest.add("unchanged", row.row);
        out.unchanged++;
        continue;
      }
      digest.add("update", row.row, row.clientCode, row.trackingCode, (existing.estado as TrackingStatus), changes);
      updates.push({ ...common, trackingId: existing.id, changes });
      updateRows.push(row);
      // A move, or any change of a priced package (a new shipping type may drop its amount).
      if (touched.has(rowKey) || changes.estado !== undefined || existing.montoColones !== null) touched.set(rowKey, { row });
    }
    pendingKeys.add(rowKey);
    if (pendingKeys.size >= BATCH) await flush();
  }
  await flush();
  for (const m of out.moves) digest.add("move", m.row, m.from, m.to, m.applied);
  // The flags: packages the import created, moved or stripped of their amount that end it in
  // En bodega Miami or later without one (a package already waiting unpriced that a row only
  // annotates is the warehouse's list's, not the import's doing).
  for (const [packageKey, { row }] of touched) {
    const tracking = known.get(packageKey);
    if (!tracking || !awaitsAmount(tracking)) continue;
    out.unpriced.push({ row: row.row, clientCode: row.clientCode, trackingCode: tracking.trackingCode, estado: tracking.estado as TrackingStatus, origen: tracking.origen as Origin, motivo: unpricedReason(tracking)! });
  }
  return out;
}

/**
 * The status a row would give a package and, when that status is collectable (Listo para entregar,
 * Entregado) and the package would have no amount after the row, the reason; null otherwise. The
 * twin of what createTrackings / updateTrackings then check (assertPriced), with the same inputs:
 * the row's given values over the stored ones, a change of shipping type without a new measure
 * dropping the amount (updateTrackings), a backwards move kept unless "apply".
 */
function collectableWithoutAmount(
  existing: TrackingRow | undefined,
  row: TrackingCandidate,
  backwards: ImportBackwardsChoice,
): { estado: TrackingStatus; motivo: UnpricedReason } | null {
  if (!existing) {
    const estado = row.estado ?? "SEGUIMIENTO_INTERNACIONAL";
    if (!COLLECTABLE_STATUSES.includes(estado)) return null;
    const motivo = unpricedReason({ montoColones: row.montoColones ?? null, pesoPieCubicos: row.pesoPieCubicos ?? null, pesoGramos: null, pieCubicos: null });
    return motivo === null ? null : { estado, motivo };
  }
  const changes = changedFields(existing, row);
  const estado = changes.estado;
  if (estado === undefined || !COLLECTABLE_STATUSES.includes(estado)) return null;
  if (isBackwardMove(existing.estado as TrackingStatus, estado) && backwards !== "apply") return null;
  const dropsMeasure =
    changes.formaEnvio !== undefined && changes.formaEnvio !== existing.formaEnvio && changes.pesoPieCubicos === undefined && existing.pesoPieCubicos !== null;
  const after = {
    montoColones: dropsMeasure ? null : changes.montoColones !== undefined ? changes.montoColones : existing.montoColones,
    pesoPieCubicos: dropsMeasure ? null : changes.pesoPieCubicos !== undefined ? changes.pesoPieCubicos : existing.pesoPieCubicos,
    pesoGramos: existing.pesoGramos,
    pieCubicos: existing.pieCubicos,
  };
  const motivo = unpricedReason(after);
  return motivo === null ? null : { estado, motivo };
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
  if (row.pesoPieCubicos !== undefined) fields.pesoPieCubicos = row.pesoPieCubicos;
  if (row.montoColones !== undefined) fields.montoColones = row.montoColones;
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
