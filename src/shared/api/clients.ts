// Client registration (public-site §3, §5, §7, §8) and the client-code rule of the tracking
// search: one schema for the /avisos-tracking form and POST /api/clients/register, with the
// spec's Spanish messages, plus the texts both sides show around them.
import { z } from "../validation";
import { CLIENT_CODE_EXAMPLE, CLIENT_CODE_PATTERN, VERIFY_CODE_PATTERN, isReferralCode, normalizeClientCode } from "../domain/client-code";
import { normalizeCostaRicanWhatsapp } from "../domain/phone";
import { zPersonName, zText } from "../text-rules";
import { defineRoute } from "./contract";

// --- Client code (tracking search, §5) ---

export const CLIENT_CODE_REQUIRED = "Por favor ingresa tu código de cliente";
export const CLIENT_CODE_FORMAT = "El código de cliente debe tener el formato EX seguido de 6 caracteres";
/** The spec's format message "plus an example". */
export const CLIENT_CODE_FORMAT_WITH_EXAMPLE = `${CLIENT_CODE_FORMAT} (por ejemplo: ${CLIENT_CODE_EXAMPLE})`;
export const CLIENT_CODE_FORMAT_TITLE = "Formato inválido";
export const CLIENT_CODE_REQUIRED_TITLE = "Código requerido";
export const CLIENT_CODE_UNAVAILABLE = "Código de cliente no disponible";
export const CLIENT_NOT_FOUND_TITLE = "Cliente no encontrado";
export const CLIENT_NOT_FOUND_MESSAGE = "No encontramos ningún cliente con ese código.";

/** Trimmed and uppercased, then EX + exactly 6 letters or digits. */
export const ZClientCodeSchema = z
  .string({ error: CLIENT_CODE_REQUIRED })
  .transform(normalizeClientCode)
  .pipe(z.string().min(1, CLIENT_CODE_REQUIRED).regex(CLIENT_CODE_PATTERN, CLIENT_CODE_FORMAT_WITH_EXAMPLE));

/**
 * Codes in coupon and referral paths: EX + 3 to 14 (the parts page verifies codes that loosely,
 * and imported clients may carry shorter codes than the EX + 6 this site issues).
 */
export const ZClientCodeLooseSchema = z
  .string({ error: CLIENT_CODE_REQUIRED })
  .transform(normalizeClientCode)
  .pipe(
    z
      .string()
      .min(1, CLIENT_CODE_REQUIRED)
      .max(16, CLIENT_CODE_FORMAT_WITH_EXAMPLE)
      .regex(VERIFY_CODE_PATTERN, CLIENT_CODE_FORMAT_WITH_EXAMPLE),
  );

export const ZClientTrackingsQuerySchema = z.object({ code: ZClientCodeSchema });

// --- Registration (§5) ---

export const REGISTER_NOMBRE_MIN = 3;
export const REGISTER_NOMBRE_MAX = 120;
export const REGISTER_DIRECCION_MIN = 10;
export const REGISTER_DIRECCION_MAX = 300;
export const REGISTER_TELEFONO_MIN_DIGITS = 8;
export const REGISTER_TELEFONO_MAX = 32;
export const REGISTER_EMAIL_MAX = 254;

export const REGISTER_NOMBRE_SHORT = "El nombre debe tener al menos 3 caracteres";
export const REGISTER_NOMBRE_LONG = `El nombre no puede tener más de ${REGISTER_NOMBRE_MAX} caracteres`;
export const REGISTER_DIRECCION_SHORT = "La dirección debe tener al menos 10 caracteres";
export const REGISTER_DIRECCION_LONG = `La dirección no puede tener más de ${REGISTER_DIRECCION_MAX} caracteres`;
export const REGISTER_TELEFONO_SHORT = "El número de WhatsApp debe tener al menos 8 dígitos";
export const REGISTER_WHATSAPP_NOT_CR =
  "Ingresa un número de WhatsApp de Costa Rica: 8 dígitos, con o sin +506 (por ejemplo 8888-7777).";
export const REGISTER_EMAIL_INVALID = "Email inválido";

export const REGISTER_SUCCESS_TITLE = "¡Cliente registrado exitosamente!";
export const registerSuccessDescription = (clientCode: string) => `Tu código de cliente es ${clientCode}`;
export const ERROR_TITLE = "Error";
export const REGISTER_FAILED_FALLBACK = "No se pudo registrar el cliente. Intenta nuevamente.";
/** 409: never says whose account it is, only how to recover the code. */
export const REGISTER_WHATSAPP_TAKEN =
  "Este número de WhatsApp ya está registrado. Si olvidaste tu código de cliente, escríbenos por WhatsApp y con gusto te lo recordamos.";
export const REGISTER_RATE_LIMITED = "Demasiados registros desde esta conexión. Intenta de nuevo más tarde.";
export const LOOKUP_RATE_LIMITED = "Demasiadas consultas en poco tiempo. Espera un minuto e intenta de nuevo.";

const PHONE_CHARS = /^\+?[\d\s().-]+$/;

export const ZRegisterClientRequestSchema = z.object({
  // The name goes into the welcome WhatsApp message: a name, nothing else (docs/decisions/098).
  nombre: zPersonName({
    min: REGISTER_NOMBRE_MIN,
    max: REGISTER_NOMBRE_MAX,
    required: REGISTER_NOMBRE_SHORT,
    tooLong: REGISTER_NOMBRE_LONG,
  }),
  // Typed in a text area: line breaks become spaces.
  direccion: zText({ error: REGISTER_DIRECCION_SHORT }).pipe(
    z.string().min(REGISTER_DIRECCION_MIN, REGISTER_DIRECCION_SHORT).max(REGISTER_DIRECCION_MAX, REGISTER_DIRECCION_LONG),
  ),
  // The spec's rule (at least 8 digits) first, then the server's: a Costa Rican number.
  telefono: zText({ error: REGISTER_TELEFONO_SHORT }).superRefine((value, ctx) => {
      if (value.replace(/\D/g, "").length < REGISTER_TELEFONO_MIN_DIGITS) {
        ctx.addIssue({ code: "custom", message: REGISTER_TELEFONO_SHORT });
      } else if (
        value.length > REGISTER_TELEFONO_MAX ||
        !PHONE_CHARS.test(value) ||
        normalizeCostaRicanWhatsapp(value) === null
      ) {
        ctx.addIssue({ code: "custom", message: REGISTER_WHATSAPP_NOT_CR });
      }
    }),
  // Optional: absent, null or blank mean "no email".
  email: zText({ error: REGISTER_EMAIL_INVALID })
    .nullish()
    .transform((value) => value ?? "")
    .pipe(
      z
        .string()
        .max(REGISTER_EMAIL_MAX, REGISTER_EMAIL_INVALID)
        .refine((value) => value === "" || z.email().safeParse(value).success, REGISTER_EMAIL_INVALID),
    )
    .transform((value) => value || undefined),
  // A referral code never blocks a registration: anything that is not EX + 6 is dropped.
  referrerCode: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && isReferralCode(value.trim()) ? value.trim() : undefined)),
});
export type TRegisterClientRequest = z.infer<typeof ZRegisterClientRequestSchema>;
/** What the form holds before the schema cleans it. */
export type TRegisterClientForm = z.input<typeof ZRegisterClientRequestSchema>;

export const ZRegisterClientResponseSchema = z.object({
  client: z.object({ clientCode: z.string(), nombre: z.string() }),
  /** The 5 % welcome coupon of a referred client, when a valid referrer was given. */
  welcomeCoupon: z.object({ discountPercent: z.number(), expiresAt: z.string() }).nullable(),
});
export type TRegisterClientResponse = z.infer<typeof ZRegisterClientResponseSchema>;

/** POST /api/clients/register (public): the /avisos-tracking form; 201 with the new code. */
export const CLIENT_REGISTER_ROUTE = defineRoute({
  method: "POST",
  path: "/api/clients/register",
  tag: "clients",
  summary: "Registra un cliente (formulario de /avisos-tracking) y le da su código",
  body: ZRegisterClientRequestSchema,
  responses: { 201: ZRegisterClientResponseSchema },
});
