// A client's identification for the electronic invoice (issue 34 item 1; docs/decisions/189): the
// pair type + number, one rule for staff's dialogs, the portal's form and the Excel import. The
// number's shape per type is tax-identification.ts's `validateTaxId` (never a second rule); here
// only the pair: both or neither, and the number stored as that rule normalises it.
import { z } from "../validation";
import { TAX_ID_TYPES, validateTaxId, type TaxIdType } from "../domain/tax-identification";
import { ZClientCodeSchema } from "./clients";
import { defineRoute } from "./contract";

export const TAX_ID_TYPE_LABELS: Record<TaxIdType, string> = {
  FISICA: "Cédula física",
  JURIDICA: "Cédula jurídica",
  DIMEX: "DIMEX",
  NITE: "NITE",
};

export const TAX_ID_TYPE_INVALID = "El tipo de identificación debe ser física, jurídica, DIMEX o NITE";
export const TAX_ID_TYPE_REQUIRED = "Elige el tipo de identificación";
export const TAX_ID_NUMBER_REQUIRED = "Escribe el número de identificación";
export const TAX_ID_NUMBER_INVALID = "El número de identificación solo lleva dígitos, guiones o espacios";
/** What a person may type: digits with dashes, dots or spaces ("1-0987-0654"). */
const TYPED_MAX = 20;

/** The pair as stored and answered: both null, or a type and its normalised number. */
export interface TaxIdPair {
  tipoIdentificacion: TaxIdType | null;
  identificacion: string | null;
}

export type TaxIdPairCheck = { ok: true; pair: TaxIdPair } | { ok: false; field: keyof TaxIdPair; message: string };

/**
 * THE pair rule. Blank (or absent) type and number: no identification. One without the other, or
 * a number that does not fit its type: the field to blame and the Spanish reason.
 */
export function checkTaxIdPair(type: TaxIdType | null | undefined, number: string | null | undefined): TaxIdPairCheck {
  const typed = (number ?? "").trim();
  if (!type && !typed) return { ok: true, pair: { tipoIdentificacion: null, identificacion: null } };
  if (!type) return { ok: false, field: "tipoIdentificacion", message: TAX_ID_TYPE_REQUIRED };
  if (!typed) return { ok: false, field: "identificacion", message: TAX_ID_NUMBER_REQUIRED };
  const checked = validateTaxId(type, typed);
  if (!checked.ok) return { ok: false, field: "identificacion", message: checked.message };
  return { ok: true, pair: { tipoIdentificacion: type, identificacion: checked.number } };
}

/** The type in a request: one of the four, or "" / null for none. */
export const ZTaxIdTypeSchema = z
  .union([z.enum(TAX_ID_TYPES), z.literal(""), z.null()], { error: TAX_ID_TYPE_INVALID })
  .transform((v): TaxIdType | null => v || null);

/** The number in a request as typed (normalised by the pair rule): "" or null for none. */
export const ZTaxIdNumberSchema = z
  .string({ error: TAX_ID_NUMBER_INVALID })
  .max(TYPED_MAX, TAX_ID_NUMBER_INVALID)
  .nullable();

/** The two fields of a request body (both optional: an edit that does not send them leaves them). */
export const taxIdFields = {
  tipoIdentificacion: ZTaxIdTypeSchema.optional(),
  identificacion: ZTaxIdNumberSchema.optional(),
};

/**
 * A body holding `taxIdFields`, checked and normalised by the pair rule: when neither is sent both
 * stay absent (an edit leaves them as they are); when either is sent they are one pair (sending
 * only the type is "the number is missing"; both blank or null removes the identification).
 */
export function withTaxIdPair<T extends { tipoIdentificacion?: TaxIdType | null; identificacion?: string | null }>(body: T, ctx: z.RefinementCtx): T {
  if (body.tipoIdentificacion === undefined && body.identificacion === undefined) return body;
  const checked = checkTaxIdPair(body.tipoIdentificacion, body.identificacion);
  if (!checked.ok) {
    ctx.addIssue({ code: "custom", path: [checked.field], message: checked.message });
    return body;
  }
  return { ...body, ...checked.pair };
}

/** The answered pair, as stored. */
export const ZTaxIdPairSchema = z.object({
  tipoIdentificacion: z.enum(TAX_ID_TYPES).nullable(),
  identificacion: z.string().nullable(),
});

/** "Cédula física 1-0987-0654"-like label for a stored pair ("Sin identificación" without one). */
export function taxIdLabel(pair: TaxIdPair): string {
  return pair.tipoIdentificacion && pair.identificacion ? `${TAX_ID_TYPE_LABELS[pair.tipoIdentificacion]} ${pair.identificacion}` : "Sin identificación";
}

/** Accents and case aside: what a spreadsheet cell may say for a type ("física", "Cédula jurídica", "01", "dimex"). */
export function taxIdTypeFromText(text: string): TaxIdType | null | undefined {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/^CEDULA\s+/, "")
    .trim();
  if (plain === "") return null;
  const byCode: Record<string, TaxIdType> = { "01": "FISICA", "02": "JURIDICA", "03": "DIMEX", "04": "NITE" };
  if (byCode[plain]) return byCode[plain];
  return (TAX_ID_TYPES as readonly string[]).includes(plain) ? (plain as TaxIdType) : undefined;
}

// --- The portal: 'Datos para factura electrónica' on /rastreo ---

/**
 * What the portal shows of a stored identification: its type and last 4 digits only (anyone who
 * knows a client code sees the portal; the full number stays with staff, decision 189).
 */
export const ZPortalTaxIdSchema = z.object({ tipo: z.enum(TAX_ID_TYPES), terminaEn: z.string() }).nullable();
export type TPortalTaxId = z.infer<typeof ZPortalTaxIdSchema>;

/** "Cédula física terminada en 0654". */
export function portalTaxIdLabel(id: NonNullable<TPortalTaxId>): string {
  return `${TAX_ID_TYPE_LABELS[id.tipo]} terminada en ${id.terminaEn}`;
}

/** PUT /api/clients/tax-id: the client's own identification; both blank removes it. */
export const ZPortalTaxIdRequestSchema = z
  .object({
    clientCode: ZClientCodeSchema,
    tipoIdentificacion: ZTaxIdTypeSchema,
    identificacion: ZTaxIdNumberSchema,
  })
  .transform(withTaxIdPair);
export type TPortalTaxIdRequest = z.infer<typeof ZPortalTaxIdRequestSchema>;
export type TPortalTaxIdBody = z.input<typeof ZPortalTaxIdRequestSchema>;

export const ZPortalTaxIdResponseSchema = z.object({ identificacion: ZPortalTaxIdSchema });
export type TPortalTaxIdResponse = z.infer<typeof ZPortalTaxIdResponseSchema>;

export const PORTAL_TAX_ID_SAVED = "Datos para factura electrónica guardados";
export const PORTAL_TAX_ID_REMOVED = "Identificación eliminada: tus pagos llevarán tiquete electrónico";
export const PORTAL_TAX_ID_FAILED = "No se pudieron guardar los datos para factura electrónica";

export const CLIENT_TAX_ID_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/clients/tax-id",
  tag: "clients",
  summary: "El cliente guarda o quita su identificación para la factura electrónica (/rastreo)",
  body: ZPortalTaxIdRequestSchema,
  responses: { 200: ZPortalTaxIdResponseSchema },
});
