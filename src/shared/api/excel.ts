// Excel import and export of /admin (staff-side §2, §3, §7, §8): the import file's sheets and
// columns, the limits a file must respect, the answer of POST /api/import/express, the four
// export kinds with their file names, and every Spanish text of the feature, once.
import { z } from "../validation";
import { DECLARED_CONTENT_MAX, DECLARED_STORE_MAX } from "./declared";
import { costaRicaDayKey, type DateInput } from "../domain/dates";
import { ORIGINS, TRACKING_STATUSES, TRACKING_STATUS_LABELS, trackingStatusLabel, type TrackingStatus } from "../domain/statuses";
import { UNPRICED_REASONS, type UnpricedReason } from "./admin/trackings";
import { binary, defineRoute } from "./contract";

// --- The import file (§3) ---

export interface ImportColumn {
  /** The header as the import file names it (machine name, also written by the full export). */
  key: string;
  required: boolean;
  /** Other headers people write for this column (compared after lenient normalization). */
  aliases?: readonly string[];
}

export const CLIENT_COLUMNS = [
  { key: "client_code", required: true, aliases: ["codigo_cliente", "codigo_de_cliente", "codigo"] },
  { key: "nombre", required: true, aliases: ["nombre_completo", "cliente"] },
  { key: "direccion", required: false, aliases: ["direccion_exacta"] },
  { key: "telefono", required: true, aliases: ["whatsapp", "telefono_whatsapp", "celular"] },
  // The identification for the electronic invoice (decision 189): física, jurídica, DIMEX or NITE, and its number.
  { key: "tipo_identificacion", required: false, aliases: ["tipo_de_identificacion", "tipo_cedula"] },
  { key: "identificacion", required: false, aliases: ["cedula", "numero_identificacion", "numero_de_identificacion"] },
] as const satisfies readonly ImportColumn[];

export const TRACKING_COLUMNS = [
  { key: "client_code", required: true, aliases: ["codigo_cliente", "codigo_de_cliente"] },
  { key: "tracking_code", required: true, aliases: ["tracking", "codigo_tracking", "codigo_de_tracking", "numero_de_tracking"] },
  { key: "origen", required: true },
  { key: "forma_envio", required: true, aliases: ["forma_de_envio", "tipo_envio", "tipo_de_envio", "envio"] },
  { key: "estado", required: false, aliases: ["status", "estatus"] },
  { key: "descripcion_paquete", required: false, aliases: ["descripcion", "descripcion_del_paquete"] },
  { key: "peso_estimado", required: false, aliases: ["peso"] },
  { key: "valor_declarado", required: false, aliases: ["valor"] },
  { key: "tienda_origen", required: false, aliases: ["tienda"] },
  { key: "carrier", required: false, aliases: ["transportista", "courier"] },
  { key: "notas", required: false, aliases: ["nota", "notas_internas"] },
  // The package's billing weight (grams by air, cubic feet by sea) and its stored amount: a file
  // that makes a package ready or delivered carries them (docs/decisions/152).
  { key: "peso_pie_cubicos", required: false, aliases: ["peso_facturable", "pies_cubicos"] },
  { key: "monto_colones", required: false, aliases: ["monto"] },
] as const satisfies readonly ImportColumn[];


export const CLIENTS_SHEET = "Clientes";
export const TRACKINGS_SHEET = "Trackings";

/** Longest text the import accepts per column (the database has room; this keeps rows sane). */
export const IMPORT_TEXT_MAX: Record<string, number> = {
  nombre: 200,
  direccion: 500,
  telefono: 32,
  // What a client declares: the same limits as the forms (shared/api/declared.ts).
  descripcion_paquete: DECLARED_CONTENT_MAX,
  tienda_origen: DECLARED_STORE_MAX,
  carrier: 100,
  notas: 2000,
};
/** numeric(12,2) columns hold values below 10^10. */
export const IMPORT_NUMBER_MAX = 9_999_999_999.99;

// --- Limits (docs/decisions/070) ---

export const EXCEL_MAX_FILE_BYTES = 15 * 1024 * 1024;
export const EXCEL_MAX_FILE_LABEL = "15 MB";
/** Data rows per sheet (the header is not counted). */
export const EXCEL_MAX_ROWS = 50_000;
export const EXCEL_MAX_ROWS_LABEL = "50.000";
/** Everything the import decompresses from one .xlsx, in bytes. */
export const EXCEL_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const EXCEL_MAX_UNCOMPRESSED_LABEL = "100 MB";
/** A zip entry that inflates more than this many times its compressed size is a bomb. */
export const EXCEL_MAX_COMPRESSION_RATIO = 200;

// --- The answer of POST /api/import/express (§7) ---

export const ZImportRowErrorSchema = z.object({
  /** The spreadsheet's own row number (the header is row 1). */
  row: z.number().int(),
  /** "Fila N: reason", ready to show. */
  error: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowErrorSchema>;

// --- Preview and confirmation (issue 18 item 6, docs/decisions/117) ---

/** POST /api/import/express/preview: the same import, rolled back before it commits. */
const IMPORT_PREVIEW_PATH = "/api/import/express/preview";
const IMPORT_APPLY_PATH = "/api/import/express";
/**
 * What a row that moves a package to an earlier status of the flow does: "keep" (the default of
 * every call, also a plain spec-style POST) leaves the package's status as it is and sends no
 * message; "apply" moves it back and messages the client like any status change.
 */
export const IMPORT_BACKWARDS_CHOICES = ["keep", "apply"] as const;
export type ImportBackwardsChoice = (typeof IMPORT_BACKWARDS_CHOICES)[number];
export const IMPORT_BACKWARDS_INVALID = 'El campo "backwards" debe ser "keep" o "apply".';
export const IMPORT_FINGERPRINT_INVALID = 'El campo "fingerprint" no es una huella de vista previa válida.';
/** 409: the apply's plan is not the one the preview showed (the database or the file changed). */
export const IMPORT_PLAN_CHANGED =
  "Los datos cambiaron desde la vista previa: no se aplicó nada. Revise la nueva vista previa antes de importar.";
/** 409 after the first slices were committed (docs/decisions/141): they stay, the rest was not applied. */
export const importPlanChangedPartly = (applied: number, total: number) =>
  `Los datos cambiaron desde la vista previa: se aplicaron ${applied} de ${total} filas y el resto no. ` +
  "Haga una nueva vista previa e importe el archivo otra vez para terminar; las filas ya aplicadas no se repiten.";
/** 500 when writing failed after the first slices were committed (docs/decisions/141). */
export const importInterrupted = (applied: number, total: number) =>
  `La importación se interrumpió por un error: se aplicaron ${applied} de ${total} filas y el resto no. ` +
  "Importe el mismo archivo otra vez para terminar; las filas ya aplicadas no se repiten.";
/**
 * A refusal (4xx) in a slice after the first (docs/decisions/141, 163), e.g. a package created
 * meanwhile by someone else: the earlier slices stay. Says why, which rows were applied and which
 * not (`applied` / `notApplied`: "Clientes: filas 2–4 · Trackings: filas 2–31, 40").
 */
export const importStoppedPartly = (reason: string, applied: number, total: number, appliedRows: string, notAppliedRows: string) =>
  `La importación se detuvo: ${reason.trim().replace(/\.?$/, ".")} Se aplicaron ${applied} de ${total} filas (${appliedRows}) ` +
  `y el resto no (${notAppliedRows}). Corrija lo indicado e importe el mismo archivo otra vez para terminar; las filas ya aplicadas no se repiten.`;

/** Sorted row numbers as ranges ("2–41, 80, 95–97"); after `max` ranges, "y N filas más". */
export function rowRanges(rows: readonly number[], max = 8): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const row of sorted) {
    const last = ranges.at(-1);
    if (last && row === last[1] + 1) last[1] = row;
    else ranges.push([row, row]);
  }
  const shown = ranges.slice(0, max).map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  const hidden = ranges.slice(max).reduce((n, [a, b]) => n + b - a + 1, 0);
  return shown.join(", ") + (hidden > 0 ? ` y ${hidden} ${hidden === 1 ? "fila" : "filas"} más` : "");
}

/** One sheet's rows for importStoppedPartly: "Trackings: filas 2–31" ("ninguna" when empty). */
export function sheetRows(parts: readonly { sheet: string; rows: readonly number[] }[]): string {
  const named = parts.filter((p) => p.rows.length > 0).map((p) => `${p.sheet}: ${p.rows.length === 1 ? "fila" : "filas"} ${rowRanges(p.rows)}`);
  return named.length > 0 ? named.join(" · ") : "ninguna fila";
}
/** The fingerprint: one 16-hex digest per slice of the import, joined by '.' (docs/decisions/141). */
export const IMPORT_FINGERPRINT_PATTERN = /^[0-9a-f]{16}(?:\.[0-9a-f]{16})*$/;
/** Longest fingerprint accepted (about 950 slices; 50 000 rows per sheet make at most about 500). */
export const IMPORT_FINGERPRINT_MAX = 16 * 1024;
/** Lists of the answer (status changes, backwards moves, messages) carry at most this many items; `total` counts all. */
export const IMPORT_PREVIEW_LIST_MAX = 200;

/** The optional multipart fields next to "file" (the preview reads only `backwards`). */
export const ZImportFieldsSchema = z.object({
  backwards: z.enum(IMPORT_BACKWARDS_CHOICES, { error: IMPORT_BACKWARDS_INVALID }).default("keep"),
  fingerprint: z
    .string({ error: IMPORT_FINGERPRINT_INVALID })
    .max(IMPORT_FINGERPRINT_MAX, IMPORT_FINGERPRINT_INVALID)
    .regex(IMPORT_FINGERPRINT_PATTERN, IMPORT_FINGERPRINT_INVALID)
    .optional(),
});
export type TImportFields = z.infer<typeof ZImportFieldsSchema>;

const ZTrackingStatus = z.enum(TRACKING_STATUSES);

export const ZImportStatusChangeSchema = z.object({
  row: z.number().int(),
  clientCode: z.string(),
  trackingCode: z.string(),
  /** The statuses read in its origin's words ("En bodega China", docs/decisions/157). */
  origen: z.enum(ORIGINS),
  from: ZTrackingStatus,
  to: ZTrackingStatus,
  /** `to` is an earlier step of the flow than `from` (TRACKING_STATUSES order). */
  backwards: z.boolean(),
  /** False for a backwards move left as it is (backwards: "keep"). */
  applied: z.boolean(),
});
export type TImportStatusChange = z.infer<typeof ZImportStatusChangeSchema>;

export const ZImportMessageSchema = z.object({
  row: z.number().int(),
  clientCode: z.string(),
  trackingCode: z.string(),
  /** International digits, as the outbox stores them (50688887777). */
  recipient: z.string(),
  body: z.string(),
});
export type TImportMessage = z.infer<typeof ZImportMessageSchema>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

/**
 * A package the import leaves (or, in a preview, would leave) in En bodega Miami or a later
 * status without an amount (docs/decisions/163): applied, and flagged with the reason of the one
 * rule ("Sin peso", "Sin monto"); it cannot become Listo para entregar until it is priced.
 */
export const ZImportUnpricedSchema = z.object({
  /** The Trackings row that created or moved it (the last one when several did). */
  row: z.number().int(),
  clientCode: z.string(),
  trackingCode: z.string(),
  estado: ZTrackingStatus,
  /** The status reads in its origin's words ("En bodega China", docs/decisions/157). */
  origen: z.enum(ORIGINS),
  motivo: z.enum(UNPRICED_REASONS),
});
export type TImportUnpriced = z.infer<typeof ZImportUnpricedSchema>;

export const ZImportResponseSchema = z.object({
  clients: z.object({
    created: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(ZImportRowErrorSchema),
  }),
  trackings: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    /** Rows naming an existing package whose values were already the same (nothing written). */
    unchanged: z.number().int(),
    errors: z.array(ZImportRowErrorSchema),
  }),
  /** "preview": nothing was written; "apply": everything above was committed (slice by slice, docs/decisions/141). */
  mode: z.enum(["preview", "apply"]),
  backwards: z.enum(IMPORT_BACKWARDS_CHOICES),
  /** Status moves of existing packages that are (or, in a preview, would be) written. */
  statusChanges: listOf(ZImportStatusChangeSchema),
  /** Every row asking an existing package to go back in the flow, applied or kept. */
  backwardMoves: listOf(ZImportStatusChangeSchema),
  /** WhatsApp messages queued (or that would be queued) by the status changes. */
  messages: listOf(ZImportMessageSchema),
  /** Packages left in En bodega Miami or later without an amount, in row order (docs/decisions/163). */
  unpriced: listOf(ZImportUnpricedSchema),
  /** The plan's digests, one per slice (docs/decisions/141): send it back with the apply to refuse a plan that changed (409). */
  fingerprint: z.string(),
});
export type TImportResponse = z.infer<typeof ZImportResponseSchema>;

/**
 * POST /api/import/express/preview (OFFICE_STAFF): multipart, the workbook in the field `file` and
 * the optional field `backwards` (ZImportFieldsSchema); the same import, rolled back.
 */
export const IMPORT_PREVIEW_ROUTE = defineRoute({
  method: "POST",
  path: IMPORT_PREVIEW_PATH,
  tag: "excel",
  summary: "Vista previa de una importación de Excel (campo file; opcional backwards): nada se guarda",
  consumes: "multipart/form-data",
  responses: { 200: ZImportResponseSchema },
});

/**
 * POST /api/import/express (OFFICE_STAFF): multipart, the workbook in `file`, optional `backwards`
 * and `fingerprint` (the preview's: a plan that changed since is refused with 409).
 */
export const IMPORT_APPLY_ROUTE = defineRoute({
  method: "POST",
  path: IMPORT_APPLY_PATH,
  tag: "excel",
  summary: "Importa clientes y paquetes desde Excel (campo file; opcionales backwards y fingerprint)",
  consumes: "multipart/form-data",
  responses: { 200: ZImportResponseSchema },
});

export function rowErrorText(row: number, reason: string): string {
  return `Fila ${row}: ${reason}`;
}

// --- Row errors (Spanish, §8 'Fila N: message') ---

export const importRowReasons = {
  missingValue: (column: string) => `falta el valor de la columna "${column}"`,
  clientCodeInvalid: (value: string) =>
    `el código de cliente "${value}" no es válido (EX seguido de 3 a 14 letras o números)`,
  newClientCodeInvalid: (code: string) =>
    `el código de cliente "${code}" no es válido para un cliente nuevo (EX seguido de 6 letras o números)`,
  unknownClient: (code: string) => `el cliente "${code}" no existe`,
  trackingCodeInvalid: (value: string) =>
    `el código de tracking "${value}" no es válido (solo letras, números y guiones; máximo 64 caracteres)`,
  originInvalid: (value: string) => `el origen "${value}" no es válido (use USA o CHINA)`,
  shippingTypeInvalid: (value: string) => `la forma de envío "${value}" no es válida (use AVION o BARCO)`,
  statusInvalid: (value: string, allowed: readonly string[]) =>
    `el estado "${value}" no es válido (use ${allowed.join(", ")})`,
  numberInvalid: (column: string, value: string) => `el valor "${value}" de la columna "${column}" no es un número válido`,
  numberNegative: (column: string) => `la columna "${column}" no puede ser negativa`,
  numberTooLarge: (column: string) => `el valor de la columna "${column}" es demasiado grande`,
  textTooLong: (column: string, max: number) => `la columna "${column}" tiene más de ${max} caracteres`,
  /** The declared value's rule (shared/api/declared.ts), as the forms say it. */
  declaredValue: (problem: string) => `la columna "valor_declarado" no es válida: ${problem}`,
  controlChars: (column: string) => `la columna "${column}" tiene caracteres de control o invisibles`,
  /** `problem` is a name rule's message ("El nombre solo puede tener …"), joined lower-case after "Fila N: ". */
  nameInvalid: (problem: string) => problem.charAt(0).toLowerCase() + problem.slice(1),
  /** `problem` is the registration form's phone message (docs/decisions/118), joined the same way. */
  phoneInvalid: (problem: string) => problem.charAt(0).toLowerCase() + problem.slice(1),
  /** A row that would make a package collectable without an amount (docs/decisions/152, 163): the row is not applied. */
  unpriced: (trackingCode: string, motivo: UnpricedReason, estado: TrackingStatus) =>
    `el paquete "${trackingCode}" no tiene monto (${motivo}): no puede pasar a ${TRACKING_STATUS_LABELS[estado]}. ` +
    "Agregue las columnas peso_pie_cubicos y monto_colones; la fila no se aplicó",
};

// --- Refused files (400/413, the whole file; nothing is written) ---

export const IMPORT_FILE_REQUIRED = "Por favor seleccione un archivo Excel";
export const IMPORT_NOT_MULTIPART = 'Envíe el archivo como formulario (multipart/form-data) en el campo "file".';
export const IMPORT_UPLOAD_BROKEN = "No se pudo leer el archivo enviado. Inténtelo de nuevo.";
export const IMPORT_WRONG_EXTENSION = "El archivo debe ser una hoja de cálculo Excel (.xlsx o .xls).";
export const IMPORT_FILE_TOO_LARGE = `El archivo supera el tamaño máximo de ${EXCEL_MAX_FILE_LABEL}.`;
export const IMPORT_NOT_SPREADSHEET = "El archivo no es una hoja de cálculo Excel válida (.xlsx o .xls).";
export const IMPORT_CORRUPT = "El archivo Excel está dañado y no se puede leer.";
export const IMPORT_ENCRYPTED = "El archivo Excel está protegido con contraseña. Guárdelo sin contraseña e inténtelo de nuevo.";
export const IMPORT_UNCOMPRESSED_TOO_LARGE =
  `El contenido del archivo Excel supera los ${EXCEL_MAX_UNCOMPRESSED_LABEL} al descomprimirlo; no se procesó.`;
export const IMPORT_SUSPICIOUS_COMPRESSION =
  "El archivo Excel tiene una compresión sospechosa (posible bomba de descompresión); no se procesó.";
export const IMPORT_TOO_SLOW = "El archivo Excel tardó demasiado en leerse; no se procesó.";
/** 429: one import at a time (docs/decisions/101); the second changes nothing. */
export const IMPORT_BUSY = "Ya hay una importación en curso. Espere a que termine e inténtelo de nuevo.";
export const IMPORT_NO_SHEETS = `El archivo no tiene las hojas "${CLIENTS_SHEET}" ni "${TRACKINGS_SHEET}".`;
export const importTooManyRows = (sheet: string) =>
  `La hoja "${sheet}" tiene más de ${EXCEL_MAX_ROWS_LABEL} filas. Divida el archivo en partes más pequeñas.`;
export const importMissingColumn = (sheet: string, column: string) =>
  `La hoja "${sheet}" no tiene la columna obligatoria "${column}".`;

// --- Dialog and toasts (§2, §5, §8) ---

export const IMPORT_DIALOG_TITLE = "Importar datos desde Excel";
export const IMPORT_DIALOG_DESCRIPTION = "Archivo Excel (.xlsx o .xls) con una hoja Clientes, una hoja Trackings o ambas.";
export const IMPORT_FILE_LABEL = "Archivo Excel";
export const IMPORT_SUBMIT_LABEL = "Importar";
export const IMPORT_PROGRESS_TEXT = "Importando el archivo… Esto puede tardar unos segundos; no cierre esta ventana.";
export const IMPORT_SUMMARY_TITLE = "Resumen de la importación";
export const IMPORT_INSTRUCTIONS = [
  "La primera fila de cada hoja lleva los nombres de las columnas (no importan mayúsculas, tildes ni espacios).",
  "Los clientes cuyo código ya existe se omiten; no se modifican.",
  "Un paquete se crea, o se actualiza si el cliente ya tiene ese código de tracking. Una celda vacía no borra lo que ya tiene.",
  "origen: USA o CHINA. forma_envio: AVION o BARCO. estado: el código o su nombre (por ejemplo, «En bodega Miami» o «En bodega China»).",
  "telefono de un cliente nuevo: un WhatsApp de Costa Rica (8 dígitos, con o sin +506), como en el registro.",
  "Los números aceptan coma o punto decimal.",
  "Un paquete que pasa a Listo para entregar o Entregado necesita monto_colones (si no, la fila no se aplica); uno que queda en bodega o después sin monto se aplica y se señala.",
  "Primero verá una vista previa; nada se guarda hasta pulsar «Aplicar importación». Un paquete que volvería a un estado anterior conserva el suyo salvo que elija «Retroceder también».",
  `Máximo ${EXCEL_MAX_FILE_LABEL} y ${EXCEL_MAX_ROWS_LABEL} filas por hoja. Las filas con errores se informan y el resto se aplica.`,
] as const;
export const IMPORT_SUCCESS_TITLE = "¡Importación completada!";
export const IMPORT_FAILED_TITLE = "Error";
export const IMPORT_FAILED_FALLBACK = "No se pudo importar el archivo Excel";

export function importSuccessDescription(result: TImportResponse): string {
  const errors = result.clients.errors.length + result.trackings.errors.length;
  const messages = result.messages.total;
  const keptCount = result.backwards === "keep" ? result.backwardMoves.total : 0;
  return (
    `Clientes: ${result.clients.created} creados, ${result.clients.skipped} omitidos. ` +
    `Paquetes: ${result.trackings.created} creados, ${result.trackings.updated} actualizados.` +
    (errors > 0 ? ` ${errors} ${errors === 1 ? "fila con error" : "filas con errores"}.` : "") +
    (messages > 0 ? ` ${messages} ${messages === 1 ? "mensaje de WhatsApp quedó" : "mensajes de WhatsApp quedaron"} en cola.` : "") +
    (keptCount > 0 ? ` ${keptCount} ${keptCount === 1 ? "paquete mantuvo su estado" : "paquetes mantuvieron su estado"} (retroceso no aplicado).` : "") +
    (result.unpriced.total > 0 ? ` ${importUnpricedCount(result.unpriced.total, "apply")}.` : "")
  );
}

// --- Preview step (docs/decisions/117) ---

export const IMPORT_PREVIEW_TITLE = "Vista previa de la importación";
export const IMPORT_PREVIEW_NOTE = "Todavía no se ha guardado nada. Revise los cambios y pulse «Aplicar importación».";
export const IMPORT_PREVIEW_PROGRESS_TEXT = "Preparando la vista previa… Todavía no se guarda nada.";
export const IMPORT_APPLY_LABEL = "Aplicar importación";
export const IMPORT_CANCEL_LABEL = "Cancelar";
export const IMPORT_CANCELLED_TITLE = "Importación cancelada";
export const IMPORT_CANCELLED_DESCRIPTION = "No se aplicó ningún cambio.";
export const IMPORT_STATUS_CHANGES_TITLE = "Cambios de estado";
export const IMPORT_BACKWARDS_TITLE = "Paquetes que volverían a un estado anterior";
export const IMPORT_BACKWARDS_LEGEND = "¿Qué hacer con estos paquetes?";
export const IMPORT_BACKWARDS_LABELS: Record<ImportBackwardsChoice, string> = {
  keep: "Mantener el estado actual",
  apply: "Retroceder también",
};
export const IMPORT_BACKWARDS_HINTS: Record<ImportBackwardsChoice, string> = {
  keep: "Su estado no cambia y no se avisa al cliente; el resto de la fila sí se aplica.",
  apply: "Vuelven al estado de la hoja y se avisa al cliente por WhatsApp.",
};
export const IMPORT_MESSAGES_TITLE = "Mensajes de WhatsApp que se pondrán en cola";
export const importMoreItems = (hidden: number) => `… y ${hidden} más.`;
/** The flags' heading (docs/decisions/163): in the preview "quedarían", after the apply "quedaron". */
export function importUnpricedCount(total: number, mode: "preview" | "apply"): string {
  const verb = mode === "preview" ? (total === 1 ? "quedaría" : "quedarían") : total === 1 ? "quedó" : "quedaron";
  return `${total} ${total === 1 ? "paquete" : "paquetes"} en bodega o después ${verb} sin monto`;
}
export const IMPORT_UNPRICED_HINT =
  "Se aplican igual (pueden llegar a bodega antes de pesarse), pero no pasarán a Listo para entregar hasta registrar el peso y el monto.";
export const IMPORT_UNPRICED_LINK = "Ver en Paquetes (Sin peso o monto)";
export const importUnpricedItem = (u: TImportUnpriced) =>
  `Fila ${u.row}: ${u.trackingCode} (${u.clientCode}) · ${trackingStatusLabel(u.estado, u.origen)} · ${u.motivo}`;

// --- Exports (§7) ---

export const EXPORT_KINDS = ["all", "clients", "by-client", "contacts"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FILE_PREFIXES: Record<ExportKind, string> = {
  all: "express-import-completo",
  clients: "clientes-trackings",
  "by-client": "trackings-por-cliente",
  contacts: "mensajes-contacto",
};

/** "clientes-trackings-2024-05-01.xlsx", dated in Costa Rica. */
export function exportFileName(kind: ExportKind, now: DateInput = new Date()): string {
  return `${EXPORT_FILE_PREFIXES[kind]}-${costaRicaDayKey(now)}.xlsx`;
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const EXPORT_SUMMARIES: Record<ExportKind, string> = {
  all: "Exportación completa (clientes, paquetes y mensajes) en Excel",
  clients: "Clientes con sus paquetes en Excel",
  "by-client": "Paquetes agrupados por cliente en Excel",
  contacts: "Mensajes de contacto en Excel",
};

const exportRoute = <K extends ExportKind>(kind: K) =>
  defineRoute({
    method: "GET",
    path: `/api/export/${kind}`,
    tag: "excel",
    summary: EXPORT_SUMMARIES[kind],
    responses: { 200: binary(XLSX_CONTENT_TYPE) },
  });

/** GET /api/export/{kind} (OFFICE_STAFF): a streamed .xlsx download, one route per kind. */
export const EXPORT_ROUTES = {
  all: exportRoute("all"),
  clients: exportRoute("clients"),
  "by-client": exportRoute("by-client"),
  contacts: exportRoute("contacts"),
} satisfies Record<ExportKind, { path: string }>;

export const EXPORT_SUCCESS_TITLE = "¡Archivo descargado!";
export const EXPORT_FAILED_TITLE = "Error al exportar datos";
export const EXPORT_FAILED_FALLBACK = "No se pudo exportar los datos";
