// The WhatsApp notice page and its admin table (staff-side §2, §4, §5, §7): the public form,
// POST /api/tracking/whatsapp/add, the entries list and the status change.
import { z } from "../validation";
import { TEXT_CONTROL_CHARS, hasControlChars, zPersonName, zText } from "../text-rules";
import { normalizeTrackingNumber } from "../domain/carriers";
import { isNoticeWhatsapp, normalizeCostaRicanWhatsapp } from "../domain/phone";
import { MAX_CODES_PER_NOTICE } from "../domain/limits";
import { WHATSAPP_ENTRY_STATUSES } from "../domain/statuses";
import { ZMessagingStatusSchema, ZNotificationStateSchema } from "./notifications";
import { ZAdminSearchSchema } from "./admin/clients";
import { ZListPagingFieldsSchema, ZOptionalPagingSchema } from "./tracking-notices";
import { defineRoute } from "./contract";

export const WHATSAPP_REQUIRED = "Ingresa tu número de WhatsApp";
export const WHATSAPP_INVALID =
  "Escribe tu número de WhatsApp: 8 dígitos si es de Costa Rica (8888 1234), o con el código de país (+1 305 555 1234)";
export const NOMBRE_REQUIRED = "Ingresa tu nombre completo";
export const NOMBRE_TOO_LONG = "El nombre puede tener hasta 120 caracteres";
export const EMAIL_INVALID = "Email inválido";
export const CODES_REQUIRED = "Agrega al menos un código de tracking";
export const CODES_TOO_MANY = `Puedes agregar hasta ${MAX_CODES_PER_NOTICE} códigos de tracking por aviso`;
export const CODE_TOO_LONG = "Cada código de tracking puede tener hasta 64 caracteres";
export const CODE_INVALID = "Cada código de tracking solo puede tener letras, números, espacios y guiones";
export const STATUS_REQUIRED = "Selecciona el nuevo estado";
export const NOTES_TOO_LONG = "Las notas pueden tener hasta 2000 caracteres";

export const TRACKING_CODE_MAX_LENGTH = 64;

/** What people paste around a number (spaces, dashes, dots, parentheses) is dropped before the rule applies. */
export function cleanNoticeWhatsapp(input: string): string {
  return input.replace(/[\s().-]/g, "");
}

/**
 * The notice page's number, or null when it is not one. A Costa Rican number in any form people
 * type it ("88881234", "8888 1234", "+506 8888-1234", "50688881234") follows the clients' rule
 * (decision 203); any other is the spec's international form: 10 to 15 characters, digits with an
 * optional leading +.
 */
export function noticeWhatsapp(input: string): string | null {
  const cleaned = cleanNoticeWhatsapp(input);
  if (!/^\+?\d+$/.test(cleaned)) return null;
  const costaRican = normalizeCostaRicanWhatsapp(cleaned);
  if (costaRican) return costaRican;
  // "+506" followed by anything but a Costa Rican number is a typo, not a foreign number.
  if (cleaned.startsWith("+506") || !isNoticeWhatsapp(cleaned)) return null;
  return cleaned.startsWith("+") ? cleaned : `+${cleaned}`;
}

/** The stored form: one customer per number however it was typed ("88887777", "50688887777" and "+506 8888-7777" match). */
export function canonicalNoticeWhatsapp(input: string): string {
  return noticeWhatsapp(input) ?? cleanNoticeWhatsapp(input);
}

/** Blank codes and repeats (after normalising case, spaces and dashes) are ignored, order kept. */
export function uniqueTrackingCodes(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of codes) {
    const code = normalizeTrackingNumber(raw);
    if (code === "" || seen.has(code)) continue;
    seen.add(code);
    out.push(code);
  }
  return out;
}

const whatsappField = z
  .string({ error: WHATSAPP_REQUIRED })
  .refine((v) => cleanNoticeWhatsapp(v) !== "", WHATSAPP_REQUIRED)
  .refine((v) => cleanNoticeWhatsapp(v) === "" || noticeWhatsapp(v) !== null, WHATSAPP_INVALID);

// The name goes into the status messages sent to this number: a name, nothing else (docs/decisions/098).
const nombreField = zPersonName({ min: 1, max: 120, required: NOMBRE_REQUIRED, tooLong: NOMBRE_TOO_LONG });

const emailField = zText({ error: EMAIL_INVALID })
  .pipe(z.string().max(200, EMAIL_INVALID))
  .refine((v) => v === "" || z.email().safeParse(v).success, EMAIL_INVALID);

function checkCodes(codes: readonly string[], ctx: z.RefinementCtx, path: (string | number)[]): void {
  // A code is placed in the status messages too: letters and digits only once spaces and dashes are dropped.
  if (codes.some(hasControlChars)) return ctx.addIssue({ code: "custom", message: TEXT_CONTROL_CHARS, path });
  const unique = uniqueTrackingCodes(codes);
  if (unique.length === 0) ctx.addIssue({ code: "custom", message: CODES_REQUIRED, path });
  else if (unique.length > MAX_CODES_PER_NOTICE) ctx.addIssue({ code: "custom", message: CODES_TOO_MANY, path });
  else if (unique.some((c) => c.length > TRACKING_CODE_MAX_LENGTH)) ctx.addIssue({ code: "custom", message: CODE_TOO_LONG, path });
  else if (unique.some((c) => !/^[A-Z0-9]+$/.test(c))) ctx.addIssue({ code: "custom", message: CODE_INVALID, path });
}

/** POST /api/tracking/whatsapp/add: the body as sent; the server reads the cleaned output. */
export const ZAddWhatsappCodesRequestSchema = z
  .object({
    whatsapp: whatsappField,
    nombre: nombreField,
    email: emailField.optional(),
    // A generous outer bound so a huge list is refused before any work; the real rule is below.
    trackingCodes: z.array(z.string({ error: CODES_REQUIRED }).max(200, CODE_TOO_LONG), { error: CODES_REQUIRED }).max(100, CODES_TOO_MANY),
  })
  .superRefine((body, ctx) => checkCodes(body.trackingCodes, ctx, ["trackingCodes"]))
  .transform((body) => ({
    whatsapp: canonicalNoticeWhatsapp(body.whatsapp),
    nombre: body.nombre,
    email: body.email ? body.email : undefined,
    trackingCodes: uniqueTrackingCodes(body.trackingCodes),
  }));
export type TAddWhatsappCodesRequest = z.input<typeof ZAddWhatsappCodesRequestSchema>;
export type TAddWhatsappCodes = z.output<typeof ZAddWhatsappCodesRequestSchema>;

export const ZAddWhatsappCodesResponseSchema = z.object({
  created: z.number(),
  existing: z.number(),
  message: z.string(),
});
export type TAddWhatsappCodesResponse = z.infer<typeof ZAddWhatsappCodesResponseSchema>;

/** The page's form: a list of code rows (at least one row always remains). */
export const ZWhatsappEntryFormSchema = z
  .object({
    whatsapp: whatsappField,
    nombre: nombreField,
    email: emailField,
    codes: z.array(z.object({ value: z.string() })).min(1, CODES_REQUIRED),
  })
  .superRefine((form, ctx) =>
    checkCodes(
      form.codes.map((c) => c.value),
      ctx,
      ["codes"],
    ),
  );
export type TWhatsappEntryForm = z.input<typeof ZWhatsappEntryFormSchema>;

/** The call's body from the form: email omitted when empty, codes as a list of strings. */
export function toAddWhatsappCodesRequest(form: TWhatsappEntryForm): TAddWhatsappCodesRequest {
  const email = form.email.trim();
  return {
    whatsapp: form.whatsapp.trim(),
    nombre: form.nombre.trim(),
    ...(email ? { email } : {}),
    trackingCodes: form.codes.map((c) => c.value.trim()).filter((c) => c !== ""),
  };
}

export const ZWhatsappEntrySchema = z.object({
  id: z.number(),
  trackingCode: z.string(),
  estado: z.enum(WHATSAPP_ENTRY_STATUSES),
  notas: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: z.object({ nombre: z.string(), whatsapp: z.string(), email: z.string().nullable() }),
  /** Messages about this entry, newest first. */
  notifications: z.array(ZNotificationStateSchema),
});
export type TWhatsappEntry = z.infer<typeof ZWhatsappEntrySchema>;

/** Without a page, the answer lists the most recently updated entries, up to this many; `total` counts them all. */
export const WHATSAPP_ENTRIES_SHOWN = 500;

export const WHATSAPP_ENTRY_STATUS_FILTERS = ["todos", ...WHATSAPP_ENTRY_STATUSES] as const;

/**
 * GET /api/tracking/whatsapp/entries: optional search (customer name without accents, WhatsApp
 * number however typed, e-mail, any part of the code), status and page (docs/decisions/122).
 */
export const ZListWhatsappEntriesQuerySchema = ZOptionalPagingSchema.extend({
  q: ZAdminSearchSchema,
  estado: z.enum(WHATSAPP_ENTRY_STATUS_FILTERS, { error: "Filtro inválido" }).default("todos"),
});
export type TListWhatsappEntriesQuery = z.infer<typeof ZListWhatsappEntriesQuerySchema>;

export const ZListWhatsappEntriesResponseSchema = ZListPagingFieldsSchema.extend({
  entries: z.array(ZWhatsappEntrySchema),
  total: z.number(),
  messaging: ZMessagingStatusSchema,
});
export type TListWhatsappEntriesResponse = z.infer<typeof ZListWhatsappEntriesResponseSchema>;

/** PATCH /api/tracking/whatsapp/entries/{id}: notes are sent only when non-empty and then replace the old ones. */
export const ZUpdateWhatsappEntryRequestSchema = z.object({
  estado: z.enum(WHATSAPP_ENTRY_STATUSES, { error: STATUS_REQUIRED }),
  notas: zText({ multiline: true })
    .pipe(z.string().max(2000, NOTES_TOO_LONG))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TUpdateWhatsappEntryRequest = z.input<typeof ZUpdateWhatsappEntryRequestSchema>;

export const ZUpdateWhatsappEntryResponseSchema = z.object({
  entry: ZWhatsappEntrySchema,
  /** True only when the provider accepted the message within the call. */
  notificationSent: z.boolean(),
});

export const ENTRY_NOT_FOUND = "No se encontró el código de tracking";
export const ADD_CODES_RATE_LIMITED = (minutes: number) =>
  `Demasiados avisos enviados desde tu conexión. Intenta de nuevo en ${minutes} minutos.`;

// --- Calls (issue 33 item 3) ---

/** An entry by its number in the address. */
export const ZWhatsappEntryIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/tracking/whatsapp/add (public, abuse-limited): a person leaves their codes to be told by WhatsApp. */
export const WHATSAPP_ADD_ROUTE = defineRoute({
  method: "POST",
  path: "/api/tracking/whatsapp/add",
  tag: "whatsapp-entries",
  summary: "Dejar códigos de tracking para recibir avisos por WhatsApp",
  body: ZAddWhatsappCodesRequestSchema,
  responses: { 200: ZAddWhatsappCodesResponseSchema },
});

/** GET /api/tracking/whatsapp/entries (office staff): the latest entries, or one page of a search. */
export const WHATSAPP_ENTRIES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/tracking/whatsapp/entries",
  tag: "whatsapp-entries",
  summary: "Códigos dejados por WhatsApp (búsqueda, estado y página opcionales)",
  query: ZListWhatsappEntriesQuerySchema,
  responses: { 200: ZListWhatsappEntriesResponseSchema },
});

/** PATCH /api/tracking/whatsapp/entries/{id} (office staff): the status change, with its WhatsApp message. */
export const WHATSAPP_ENTRY_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/tracking/whatsapp/entries/:id",
  tag: "whatsapp-entries",
  summary: "Cambiar el estado de un código dejado por WhatsApp (y avisar al cliente)",
  params: ZWhatsappEntryIdParamsSchema,
  body: ZUpdateWhatsappEntryRequestSchema,
  responses: { 200: ZUpdateWhatsappEntryResponseSchema },
});
