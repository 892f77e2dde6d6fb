// A protected account (issue 36 item 3; docs/decisions/216, 217): the client signs in with a
// one-time code sent by WhatsApp and stays signed in on its own phone (an httpOnly cookie). Once
// protected, the bare client code shows only its packages' statuses (GET …/estados); every other
// portal call needs the sign-in. The contract entries and the Spanish texts, for server and browser.
import { z } from "../validation";
import { ORIGINS, TRACKING_STATUSES } from "../domain/statuses";
import { ZClientCodeSchema } from "./clients";
import { defineRoute } from "./contract";

/** Digits of a sign-in code (Meta's authentication templates take up to 15 characters). */
export const SIGN_IN_CODE_DIGITS = 6;

/** The `code` of the 401 a protected account's route answers without the client's sign-in. */
export { SIGN_IN_REQUIRED_CODE } from "./sign-in-required";
export const SIGN_IN_REQUIRED = "Esta cuenta está protegida. Ingresa con el código que te enviamos por WhatsApp para ver tus datos y hacer cambios.";
export const SIGN_IN_CODE_WRONG = "El código no es correcto. Revisa el último mensaje de WhatsApp e intenta de nuevo.";
export const SIGN_IN_CODE_EXPIRED = "El código venció o ya no es válido. Pide uno nuevo.";
export const SIGN_IN_CODE_USED_UP = "Demasiados intentos con este código. Pide uno nuevo.";
export const SIGN_IN_CODE_FORMAT = `El código tiene ${SIGN_IN_CODE_DIGITS} dígitos`;
export const SIGN_IN_RESEND_WAIT = (seconds: number) => `Ya te enviamos un código. Puedes pedir otro en ${seconds} segundos.`;
export const SIGN_IN_SEND_CAP =
  "Ya enviamos varios códigos a este WhatsApp hoy. Usa el último que recibiste, intenta mañana o escríbenos para que la oficina te ayude.";
export const SIGN_IN_UNAVAILABLE = "No podemos enviar códigos por WhatsApp en este momento. Intenta más tarde o escríbenos.";
export const SIGN_IN_NO_NUMBER = "Tu cuenta no tiene un número de WhatsApp válido. Escríbenos para actualizarlo.";
export const SIGN_IN_NEEDED_FOR_OTHERS = "Ingresa con tu código para cerrar las otras sesiones.";
export const PROTECTION_REASON_REQUIRED = "Escribe el motivo (al menos 5 caracteres)";
export const PROTECTION_NOT_ON = "La cuenta de este cliente no está protegida.";

const ZSignInCodeSchema = z
  .string({ error: SIGN_IN_CODE_FORMAT })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), SIGN_IN_CODE_FORMAT));

const ZCodeParamsSchema = z.object({ clientCode: ZClientCodeSchema });
const ZCodeBodySchema = z.object({ clientCode: ZClientCodeSchema });

/** What the portal knows of its access: protected or not, this browser signed in or not. */
export const ZAccessStateSchema = z.object({
  protegida: z.boolean(),
  sesionIniciada: z.boolean(),
  /** The client's other signed-in browsers (0 when this one is not signed in). */
  otrasSesiones: z.number().int(),
});
export type TAccessState = z.infer<typeof ZAccessStateSchema>;

export const ZSignInCodeSentSchema = z.object({
  /** The number the code went to, all but its last 4 digits hidden ("•••• 1234"). */
  enviadoA: z.string(),
  venceEnSegundos: z.number().int(),
  reenviarEnSegundos: z.number().int(),
});
export type TSignInCodeSent = z.infer<typeof ZSignInCodeSentSchema>;

/** A package as the bare code of a protected account shows it: number, status and dates only. */
export const ZPackageStatusSchema = z.object({
  trackingCode: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  /** Where it comes from: the status reads "En bodega China" or "En bodega Miami" (decision 157). */
  origen: z.enum(ORIGINS),
  createdAt: z.string(),
  /** When its status last changed. */
  estadoDesde: z.string(),
  /** Waiting in Sin dueño for staff's confirmation (decision 155): shown "Recibido, en verificación". */
  enVerificacion: z.boolean(),
});
export const ZPackageStatusesSchema = z.object({ trackings: z.array(ZPackageStatusSchema) });
export type TPackageStatuses = z.infer<typeof ZPackageStatusesSchema>;

/** GET /api/cuenta/:clientCode: protected or not, signed in or not (open with the bare code). */
export const CLIENT_ACCESS_STATE_ROUTE = defineRoute({
  method: "GET",
  path: "/api/cuenta/:clientCode",
  tag: "client-access",
  summary: "Si la cuenta está protegida y si este navegador inició sesión",
  params: ZCodeParamsSchema,
  responses: { 200: ZAccessStateSchema },
});

/** GET /api/cuenta/:clientCode/estados: the packages' statuses (what a protected bare code shows). */
export const CLIENT_PACKAGE_STATUSES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/cuenta/:clientCode/estados",
  tag: "client-access",
  summary: "Solo el número, el estado y las fechas de los paquetes del cliente",
  params: ZCodeParamsSchema,
  responses: { 200: ZPackageStatusesSchema },
});

/** POST /api/cuenta/codigo: sends a one-time code to the client's WhatsApp (bound to this browser). */
export const CLIENT_SIGN_IN_CODE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/cuenta/codigo",
  tag: "client-access",
  summary: "Envía un código de un solo uso al WhatsApp del cliente",
  body: ZCodeBodySchema,
  responses: { 200: ZSignInCodeSentSchema },
});

/** POST /api/cuenta/ingresar: the right code signs this browser in (and protects the account). */
export const CLIENT_SIGN_IN_ROUTE = defineRoute({
  method: "POST",
  path: "/api/cuenta/ingresar",
  tag: "client-access",
  summary: "Inicia sesión con el código de WhatsApp y protege la cuenta",
  body: z.object({ clientCode: ZClientCodeSchema, codigo: ZSignInCodeSchema }),
  responses: { 200: ZAccessStateSchema },
});

/** POST /api/cuenta/salir: this browser signs out. */
export const CLIENT_SIGN_OUT_ROUTE = defineRoute({
  method: "POST",
  path: "/api/cuenta/salir",
  tag: "client-access",
  summary: "Cierra la sesión de este navegador",
  body: ZCodeBodySchema,
  responses: { 200: ZAccessStateSchema },
});

/** POST /api/cuenta/salir-otros: every other browser of the client signs out. */
export const CLIENT_SIGN_OUT_OTHERS_ROUTE = defineRoute({
  method: "POST",
  path: "/api/cuenta/salir-otros",
  tag: "client-access",
  summary: "Cierra las sesiones del cliente en otros dispositivos",
  body: ZCodeBodySchema,
  responses: { 200: ZAccessStateSchema },
});

// --- The office's recovery (staff) ---

export const ZRemoveProtectionRequestSchema = z.object({
  motivo: z
    .string({ error: PROTECTION_REASON_REQUIRED })
    .trim()
    .min(5, PROTECTION_REASON_REQUIRED)
    .max(300, "El motivo puede tener hasta 300 caracteres"),
});

export const ZRemoveProtectionResponseSchema = z.object({ protegida: z.literal(false), sesionesCerradas: z.number().int() });

/** POST /api/admin/clients/:id/quitar-proteccion: the office removes the protection (audited). */
export const ADMIN_REMOVE_PROTECTION_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/clients/:id/quitar-proteccion",
  tag: "clients",
  summary: "La oficina quita la protección de la cuenta de un cliente y cierra sus sesiones",
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: ZRemoveProtectionRequestSchema,
  responses: { 200: ZRemoveProtectionResponseSchema },
});

/** "•••• 1234": a number with all but its last 4 digits hidden. */
export function maskedNumber(digits: string): string {
  return `•••• ${digits.replace(/\D/g, "").slice(-4)}`;
}
