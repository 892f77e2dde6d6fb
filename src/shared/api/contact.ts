// The contact form (public-site §2, §5, §7) and the staff's list of contact messages
// (staff-side §3, §7): one schema for the browser form and the server, with its Spanish messages.
import { z } from "../validation";
import { zPersonName, zText } from "../text-rules";
import { defineRoute } from "./contract";

export const CONTACT_NOMBRE_MIN = 2;
export const CONTACT_NOMBRE_MAX = 100;
export const CONTACT_EMAIL_MAX = 200;
export const CONTACT_TELEFONO_MAX = 30;
export const CONTACT_MENSAJE_MIN = 10;
export const CONTACT_MENSAJE_MAX = 5000;

export const CONTACT_NOMBRE_SHORT = `El nombre debe tener al menos ${CONTACT_NOMBRE_MIN} caracteres`;
export const CONTACT_NOMBRE_LONG = `El nombre no puede tener más de ${CONTACT_NOMBRE_MAX} caracteres`;
export const CONTACT_EMAIL_INVALID = "Ingresa un email válido";
export const CONTACT_EMAIL_LONG = `El email no puede tener más de ${CONTACT_EMAIL_MAX} caracteres`;
export const CONTACT_TELEFONO_INVALID = "Ingresa un teléfono válido, por ejemplo 8888-8888";
export const CONTACT_MENSAJE_SHORT = `El mensaje debe tener al menos ${CONTACT_MENSAJE_MIN} caracteres`;
export const CONTACT_MENSAJE_LONG = `El mensaje no puede tener más de ${CONTACT_MENSAJE_MAX} caracteres`;

export const CONTACT_SENT_TITLE = "¡Mensaje enviado!";
export const CONTACT_SENT_DESCRIPTION = "Gracias por escribirnos. Te responderemos lo antes posible en horario de oficina.";
export const CONTACT_FAILED_TITLE = "Error al enviar";
export const CONTACT_FAILED_FALLBACK = "Hubo un problema al enviar tu mensaje. Intenta nuevamente.";
export const CONTACT_RATE_LIMITED = "Demasiados mensajes enviados. Intenta de nuevo en unos minutos.";

/** Phone characters only, with 8 to 15 digits (a Costa Rican number with or without +506, or a foreign one). */
function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 8 && digits <= 15;
}

export const ZContactRequestSchema = z.object({
  nombre: zPersonName({
    min: CONTACT_NOMBRE_MIN,
    max: CONTACT_NOMBRE_MAX,
    required: CONTACT_NOMBRE_SHORT,
    tooLong: CONTACT_NOMBRE_LONG,
  }),
  email: zText({ error: CONTACT_EMAIL_INVALID }).pipe(
    z.string().max(CONTACT_EMAIL_MAX, CONTACT_EMAIL_LONG).pipe(z.email(CONTACT_EMAIL_INVALID)),
  ),
  // Optional: absent, null or blank all mean "no phone".
  telefono: zText({ error: CONTACT_TELEFONO_INVALID })
    .nullish()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .max(CONTACT_TELEFONO_MAX, CONTACT_TELEFONO_INVALID)
        .refine(isPhone, CONTACT_TELEFONO_INVALID)
        .optional(),
    ),
  // People write messages in paragraphs: line breaks stay.
  mensaje: zText({ error: CONTACT_MENSAJE_SHORT, multiline: true }).pipe(
    z.string().min(CONTACT_MENSAJE_MIN, CONTACT_MENSAJE_SHORT).max(CONTACT_MENSAJE_MAX, CONTACT_MENSAJE_LONG),
  ),
});
export type TContactRequest = z.infer<typeof ZContactRequestSchema>;
/** What the form holds before the schema trims and cleans it. */
export type TContactForm = z.input<typeof ZContactRequestSchema>;

export const ZContactMessageSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  mensaje: z.string(),
  createdAt: z.string(),
  /** When staff marked it answered (docs/decisions/122); null while pending. */
  answeredAt: z.string().nullable(),
});
export type TContactMessage = z.infer<typeof ZContactMessageSchema>;

export const ZContactResponseSchema = z.object({ success: z.literal(true), contact: ZContactMessageSchema });
export type TContactResponse = z.infer<typeof ZContactResponseSchema>;


/** POST /api/contact (public, limited per address): the /contacto form's message, stored for the staff. */
export const CONTACT_SEND_ROUTE = defineRoute({
  method: "POST",
  path: "/api/contact",
  tag: "contact",
  summary: "Envía un mensaje del formulario de contacto",
  body: ZContactRequestSchema,
  responses: { 201: ZContactResponseSchema },
});
