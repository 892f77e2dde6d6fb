// Staff accounts, per-person sessions, two-step sign-in and the audit log (issue 19): the calls'
// zod schemas and Spanish texts, shared by the server and the back office.
//
// Calls (roles in brackets; every one needs a session except the login; their contract entries,
// `…_ROUTE`, are at the end of this file):
//   POST  /api/admin/login                      { login?, password, code? } → TAdminLoginResponse
//         (no login: the built-in owner account and the system admin password, staff-side §6)
//   GET   /api/admin/session            [all]   → TStaffSession
//   POST  /api/admin/logout             [all]   → 204
//   POST  /api/admin/me/password        [all]   { currentPassword, newPassword } → 204 (ends the person's other sessions)
//   POST  /api/admin/me/totp/setup      [all]   → TTotpSetup (a new secret, not yet active)
//   POST  /api/admin/me/totp/enable     [all]   { code } → { recoveryCodes } (shown once)
//   POST  /api/admin/me/totp/disable    [all]   { code } → 204 (refused for Dueño: TOTP_REQUIRED_FOR_OWNER)
//   POST  /api/admin/me/recovery-codes  [all]   { code } → { recoveryCodes } (replaces the old ones)
//   GET   /api/admin/accounts           [dueno] → TStaffAccount[]
//   POST  /api/admin/accounts           [dueno] TCreateStaffAccount → TStaffAccount (with a temporary password)
//   PATCH /api/admin/accounts/:id       [dueno] TUpdateStaffAccount → TStaffAccount
//   POST  /api/admin/accounts/:id/password [dueno] { temporaryPassword } → 204 (must change at next sign-in; sessions end)
//   POST  /api/admin/accounts/:id/disable  [dueno] → TStaffAccount (sessions end at once)
//   POST  /api/admin/accounts/:id/enable   [dueno] → TStaffAccount
//   GET   /api/admin/accounts/:id/sessions [dueno] → TStaffSessionRow[]
//   DELETE /api/admin/accounts/:id/sessions [dueno] → 204 (ends every session of the account)
//   GET   /api/admin/audit              [dueno] ZAuditQuerySchema → TAuditPage
//   GET   /api/admin/audit/export       [dueno] ZAuditQuerySchema → .xlsx (the filtered log, newest first)
import { z } from "../../validation";
import { zPersonName, zText } from "../../text-rules";
import { STAFF_ROLES } from "../../domain/staff-roles";
import { isCalendarDay } from "../../domain/dates";
import { ADMIN_PASSWORD_REQUIRED, ADMIN_PASSWORD_WRONG, ZAdminLoginResponseSchema } from "./auth";
import { binary, defineRoute } from "../contract";
import { XLSX_CONTENT_TYPE } from "../excel";

// --- Texts ---
export const LOGIN_REQUIRED = "Escribe tu usuario o correo";
export const LOGIN_INVALID = "El usuario solo puede tener letras sin tildes, números, puntos, guiones, guiones bajos y una @ de correo";
export const LOGIN_WRONG = "Usuario o contraseña incorrectos";
/** The 428 of a sign-in past its free failures (decision 143): never a refusal, a proof of work. */
export const LOGIN_CHALLENGE_REQUIRED =
  "Hubo muchos intentos fallidos de entrar. Confirma que no eres un robot para continuar (puede tardar hasta un par de minutos).";
export const TOTP_CODE_REQUIRED = "Escribe el código de 6 dígitos de tu aplicación de autenticación o un código de recuperación";
export const TOTP_CODE_WRONG = "El código no es válido. Revisa la hora de tu teléfono o usa un código de recuperación";
export const TOTP_REQUIRED_FOR_OWNER = "Una cuenta de Dueño no puede desactivar la verificación en dos pasos una vez activada";
export const TOTP_NOT_SET_UP = "Primero genera el código QR de la verificación en dos pasos";
export const PASSWORD_TOO_SHORT = "La contraseña debe tener al menos 10 caracteres";
export const PASSWORD_TOO_LONG = "La contraseña no puede tener más de 200 caracteres";
export const PASSWORD_TOO_COMMON = "Esa contraseña es demasiado común: elige otra más difícil de adivinar";
export const PASSWORD_CONTAINS_NAME = "La contraseña no puede contener el nombre ni el usuario de la persona: elige otra";
export const PASSWORD_CURRENT_WRONG = "La contraseña actual no es correcta";
export const PASSWORD_SAME = "La nueva contraseña debe ser distinta de la actual";
export const PASSWORD_MUST_CHANGE = "Debes cambiar tu contraseña temporal antes de continuar";
export const ROLE_FORBIDDEN = "Tu cuenta no tiene permiso para esta acción";
export const BODEGA_FIELDS_FORBIDDEN = "Tu cuenta de Bodega solo puede cambiar el estado, el peso y las notas del paquete";
export const ACCOUNT_NOT_FOUND = "Cuenta no encontrada";
export const ACCOUNT_LOGIN_TAKEN = "Ya existe una cuenta con ese usuario o correo";
export const ACCOUNT_SELF_LOCKOUT = "No puedes desactivar tu propia cuenta ni quitarte el rol de Dueño";
export const ACCOUNT_LAST_OWNER = "Debe quedar al menos una cuenta de Dueño activa";
export const ACCOUNT_NAME_REQUIRED = "Escribe el nombre de la persona";
export const ACCOUNT_NAME_TOO_LONG = "El nombre no puede tener más de 80 caracteres";
export const ROLE_INVALID = "Elige un rol: Dueño, Oficina o Bodega";
export const TOTP_ALREADY_ENABLED = "La verificación en dos pasos ya está activa en tu cuenta";
export const TOTP_NOT_ENABLED = "La verificación en dos pasos no está activa en tu cuenta";
/** The audit log's actor of a failed sign-in with a login no account has. */
export const UNKNOWN_ACTOR_LABEL = "Desconocido";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const LOGIN_MAX = 120;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

// --- Pieces ---
/** A user name or an e-mail, compared without case: a-z 0-9 . _ - and at most one @. */
export const ZStaffLoginSchema = zText({ error: LOGIN_REQUIRED })
  .transform((v) => v.toLowerCase())
  .pipe(
    z
      .string()
      .min(3, LOGIN_REQUIRED)
      .max(LOGIN_MAX, LOGIN_INVALID)
      .regex(/^[a-z0-9._-]+(@[a-z0-9.-]+\.[a-z]{2,})?$/, LOGIN_INVALID),
  );

/** A new password: length only here; the common-password list is checked on the server. */
export const ZNewPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);

/** A TOTP code (6 digits, spaces ignored) or a recovery code (xxxx-xxxx). */
export const ZSecondFactorCodeSchema = z
  .string({ error: TOTP_CODE_REQUIRED })
  .transform((v) => v.replace(/\s+/g, "").toLowerCase())
  .pipe(z.string().min(6, TOTP_CODE_REQUIRED).max(20, TOTP_CODE_WRONG));

export const ZStaffRoleSchema = z.enum(STAFF_ROLES, { error: ROLE_INVALID });

const ZAccountNameSchema = zPersonName({ min: 2, max: 80, required: ACCOUNT_NAME_REQUIRED, tooLong: ACCOUNT_NAME_TOO_LONG });

// --- Login and session ---
export const ZStaffLoginRequestSchema = z.object({
  login: z.union([z.literal(""), ZStaffLoginSchema]).optional(),
  password: z.string({ error: ADMIN_PASSWORD_REQUIRED }).min(1, ADMIN_PASSWORD_REQUIRED).max(PASSWORD_MAX, ADMIN_PASSWORD_WRONG),
  code: ZSecondFactorCodeSchema.optional(),
});
export type TStaffLoginRequest = z.input<typeof ZStaffLoginRequestSchema>;

/** The login's 401 when the password was right and a second factor is needed: code SECOND_FACTOR_REQUIRED. */
export const SECOND_FACTOR_REQUIRED_CODE = "SECOND_FACTOR_REQUIRED";

export const ZStaffSessionSchema = z.object({
  ok: z.literal(true),
  account: z.object({
    id: z.number(),
    login: z.string(),
    name: z.string(),
    role: ZStaffRoleSchema,
    mustChangePassword: z.boolean(),
    totpEnabled: z.boolean(),
  }),
  /** The back-office addresses this person may open (computed by the server from the role). */
  sections: z.array(z.string()),
  expiresAt: z.string(),
});
export type TStaffSession = z.infer<typeof ZStaffSessionSchema>;

export const ZChangeOwnPasswordRequestSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_CURRENT_WRONG }).min(1, PASSWORD_CURRENT_WRONG).max(PASSWORD_MAX, PASSWORD_CURRENT_WRONG),
  newPassword: ZNewPasswordSchema,
});
export type TChangeOwnPasswordRequest = z.infer<typeof ZChangeOwnPasswordRequestSchema>;

export const ZTotpSetupSchema = z.object({
  /** otpauth://totp/… for the QR code. */
  uri: z.string(),
  /** The base32 secret, for typing by hand. */
  secret: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetupSchema>;

export const ZTotpCodeRequestSchema = z.object({ code: ZSecondFactorCodeSchema });
export const ZRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

// --- Accounts (Dueño) ---
export const ZStaffAccountSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string(),
  role: ZStaffRoleSchema,
  /** The account that signs in with the system admin password (no login typed). */
  builtIn: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  totpEnabled: z.boolean(),
  openSessions: z.number(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccountSchema>;

export const ZCreateStaffAccountRequestSchema = z.object({
  login: ZStaffLoginSchema,
  name: ZAccountNameSchema,
  role: ZStaffRoleSchema,
  temporaryPassword: ZNewPasswordSchema,
});
export type TCreateStaffAccountRequest = z.input<typeof ZCreateStaffAccountRequestSchema>;

export const ZUpdateStaffAccountRequestSchema = z
  .object({ name: ZAccountNameSchema, role: ZStaffRoleSchema, login: ZStaffLoginSchema })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), "No hay cambios que guardar");
export type TUpdateStaffAccountRequest = z.input<typeof ZUpdateStaffAccountRequestSchema>;

export const ZResetPasswordRequestSchema = z.object({ temporaryPassword: ZNewPasswordSchema });

export const ZStaffSessionRowSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TStaffSessionRow = z.infer<typeof ZStaffSessionRowSchema>;

// --- Audit log (Dueño) ---
export const AUDIT_ENTITIES = ["cliente", "paquete", "cupon", "referido", "importacion", "exportacion", "mensaje", "aviso", "contacto", "cuenta", "sesion", "sin_dueno", "embarque", "pago", "comprobante", "cargo", "foto", "caja"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  cliente: "Cliente",
  paquete: "Paquete",
  cupon: "Cupón",
  referido: "Referido",
  importacion: "Importación",
  exportacion: "Exportación",
  mensaje: "Mensaje WhatsApp",
  aviso: "Aviso WhatsApp",
  contacto: "Mensaje de contacto",
  cuenta: "Cuenta del personal",
  sesion: "Inicio de sesión",
  sin_dueno: "Paquete sin dueño",
  embarque: "Embarque",
  // Pagos (issue 21)
  pago: "Pago",
  comprobante: "Comprobante de pago",
  cargo: "Cargo de un paquete",
  foto: "Foto del personal",
  // Cierre de caja (issue 31, decision 147)
  caja: "Caja del día",
};

/**
 * Actions, as `<entity>.<verb>`: the list grows with the code; each has a Spanish label here.
 * The server refuses to record an action missing from this table (a test walks it).
 */
export const AUDIT_ACTION_LABELS = {
  "sesion.entrar": "Inició sesión",
  "sesion.entrar_recuperacion": "Inició sesión con un código de recuperación",
  "sesion.fallo": "Inicio de sesión fallido",
  "sesion.salir": "Cerró sesión",
  "sesion.denegado": "Intentó una acción sin permiso",
  "cuenta.crear": "Creó una cuenta",
  "cuenta.editar": "Editó una cuenta",
  "cuenta.desactivar": "Desactivó una cuenta",
  "cuenta.activar": "Activó una cuenta",
  "cuenta.clave_temporal": "Fijó una contraseña temporal",
  "cuenta.cambiar_clave": "Cambió su contraseña",
  "cuenta.cerrar_sesiones": "Cerró las sesiones de una cuenta",
  "cuenta.dos_pasos_activar": "Activó la verificación en dos pasos",
  "cuenta.dos_pasos_desactivar": "Desactivó la verificación en dos pasos",
  "cuenta.codigos_recuperacion": "Generó códigos de recuperación",
  "cuenta.recuperar": "Recuperó el acceso del dueño desde el servidor",
  "cliente.crear": "Creó un cliente",
  "cliente.editar": "Editó un cliente",
  "cliente.eliminar": "Eliminó un cliente",
  "cliente.unir": "Unió dos clientes",
  "cliente.bienvenida": "Marcó la bienvenida de WhatsApp",
  "cliente.limites_busqueda": "Cambió los límites de búsqueda",
  "cliente.reiniciar_busquedas": "Reinició las búsquedas",
  "cliente.proteger": "Protegió su cuenta con un código de WhatsApp",
  "cliente.quitar_proteccion": "Quitó la protección de la cuenta de un cliente",
  "paquete.crear": "Creó un paquete",
  "paquete.editar": "Editó un paquete",
  "paquete.estado": "Cambió el estado de un paquete",
  "paquete.eliminar": "Eliminó un paquete",
  "paquete.recalcular": "Recalculó el monto de un paquete",
  "paquete.recibir": "Recibió un paquete en bodega",
  "paquete.diferencia_declarada": "Marcó una diferencia con lo declarado",
  "paquete.factura": "Adjuntó la factura de compra",
  "paquete.entregar": "Registró la entrega de un paquete",
  "paquete.retiro_oficina": "Cambió el retiro en oficina de un paquete",
  "paquete.mensajero": "Cambió la lista de entregas de un mensajero",
  "sin_dueno.registrar": "Registró un paquete sin dueño",
  "sin_dueno.editar": "Editó un paquete sin dueño",
  "sin_dueno.asignar": "Asignó un paquete sin dueño a un cliente",
  // Por confirmar (issue 32, docs/decisions/155)
  "sin_dueno.proponer": "Pre-alertó un número que espera en Sin dueño (por confirmar)",
  "sin_dueno.confirmar": "Confirmó que un paquete sin dueño es del cliente que lo pre-alertó",
  "sin_dueno.rechazar": "Rechazó la pre-alerta de un paquete sin dueño",
  "embarque.crear": "Creó un embarque",
  "embarque.editar": "Editó un embarque",
  "embarque.agregar": "Agregó paquetes a un embarque",
  "embarque.quitar": "Quitó un paquete de un embarque",
  "embarque.cerrar": "Cerró un embarque",
  "embarque.reabrir": "Reabrió un embarque",
  "embarque.estado": "Movió los paquetes de un embarque",
  "embarque.aviso": "Envió un aviso de WhatsApp a los clientes de un embarque",
  "cupon.crear": "Se generó un cupón",
  "cupon.usar": "Se usó un cupón",
  "referido.recompensa": "Se premió un referido",
  "importacion.aplicar": "Importó un Excel",
  "exportacion.descargar": "Descargó una exportación",
  // Staff photos (issue 31, docs/decisions/145)
  "foto.subir": "Subió una foto",
  "mensaje.reintentar": "Reintentó un mensaje de WhatsApp",
  "conversacion.responder": "Respondió a un cliente por WhatsApp",
  "aviso.crear": "Registró un aviso de WhatsApp",
  "aviso.editar": "Editó un aviso de WhatsApp",
  "contacto.respondido": "Marcó un mensaje de contacto",
  // --- Estado de cuenta del cliente (issue 21, decision 135)
  "comprobante.enviar": "Envió un comprobante SINPE",
  // --- Pagos (issue 21): payments, clients' SINPE receipts, extra charge lines ---
  "pago.registrar": "Registró un pago",
  "pago.revertir": "Revirtió un pago",
  "pago.reemitir_comprobante": "Reemitió un comprobante electrónico rechazado",
  "comprobante.confirmar": "Confirmó un comprobante de pago",
  "comprobante.rechazar": "Rechazó un comprobante de pago",
  "cargo.agregar": "Agregó un cargo a un paquete",
  "cargo.quitar": "Quitó un cargo de un paquete",
  // --- delivering with a balance (issue 21, docs/decisions/139)
  "paquete.entregar_con_saldo": "Entregó un paquete con saldo pendiente",
  // --- closing a cash day (issue 31, docs/decisions/147)
  "caja.cerrar": "Cerró la caja de un día",
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const ACTOR_KINDS = ["staff", "client", "import", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

const DATE_INVALID = "Fecha inválida";
const isoDate = z.string().refine(isCalendarDay, DATE_INVALID);

export const ZAuditQuerySchema = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: "Entidad inválida" }).optional(),
  entityId: zText().pipe(z.string().max(64)).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "Acción inválida" }).optional(),
  /** Costa Rica calendar days, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZAuditRecordSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorKind: z.enum(ACTOR_KINDS),
  actorAccountId: z.number().nullable(),
  /** The person's name, or 'Cliente', 'Importación Excel · <person>', 'Sistema'. */
  actorLabel: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditRecord = z.infer<typeof ZAuditRecordSchema>;

export const ZAuditPageSchema = z.object({
  records: z.array(ZAuditRecordSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;

/**
 * GET /api/admin/audit/chain (Dueño): the hash chain checked record by record (decision 148), its
 * head to write down, and the first record that breaks it, if one does.
 */
export const ZAuditChainSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  head: z.object({ seq: z.number(), hash: z.string() }),
  broken: z.object({ seq: z.number().nullable(), id: z.number().nullable(), reason: z.string() }).nullable(),
});
export type TAuditChain = z.infer<typeof ZAuditChainSchema>;

/** The audit export's sheet, its column headers (in order) and its file name. */
export const AUDIT_EXPORT_SHEET = "Registro";
export const AUDIT_EXPORT_HEADERS = ["Fecha", "Persona", "Dirección IP", "Acción", "Entidad", "Id", "Resumen", "Antes", "Después"] as const;
export function auditExportFileName(day: string): string {
  return `registro-de-cambios-${day}.xlsx`;
}

// --- Calls (the list at the top of this file; tags "auth", "accounts", "audit") ---

/** An account's id in a path: a positive 32-bit integer. */
const ZAccountIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** A 204: no body. */
const NO_CONTENT = z.null();

/** POST /api/admin/login (public): a session token, or 401 (SECOND_FACTOR_REQUIRED asks for the code). */
export const ADMIN_LOGIN_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/login",
  tag: "auth",
  summary: "Inicia sesión del personal (usuario, contraseña y código de dos pasos si la cuenta lo tiene)",
  body: ZStaffLoginRequestSchema,
  responses: { 200: ZAdminLoginResponseSchema },
});

/** GET /api/admin/session: who holds the session and the sections they may open. */
export const ADMIN_SESSION_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/session",
  tag: "auth",
  summary: "La persona de la sesión, su rol y las secciones que puede abrir",
  responses: { 200: ZStaffSessionSchema },
});

/** POST /api/admin/logout: the session ends on the server. */
export const ADMIN_LOGOUT_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/logout",
  tag: "auth",
  summary: "Cierra la sesión en el servidor",
  responses: { 204: NO_CONTENT },
});

/** POST /api/admin/me/password: one's own password; the person's other sessions end. */
export const OWN_PASSWORD_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/me/password",
  tag: "auth",
  summary: "Cambia la contraseña propia (cierra las otras sesiones de la persona)",
  body: ZChangeOwnPasswordRequestSchema,
  responses: { 204: NO_CONTENT },
});

/** POST /api/admin/me/totp/setup: a new two-step secret, not yet active. */
export const TOTP_SETUP_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/me/totp/setup",
  tag: "auth",
  summary: "Genera un secreto nuevo de verificación en dos pasos (aún no activo)",
  responses: { 200: ZTotpSetupSchema },
});

/** POST /api/admin/me/totp/enable: the two-step sign-in on; the recovery codes, shown once. */
export const TOTP_ENABLE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/me/totp/enable",
  tag: "auth",
  summary: "Activa la verificación en dos pasos con un código y devuelve los códigos de recuperación",
  body: ZTotpCodeRequestSchema,
  responses: { 200: ZRecoveryCodesSchema },
});

/** POST /api/admin/me/totp/disable: refused for Dueño (TOTP_REQUIRED_FOR_OWNER). */
export const TOTP_DISABLE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/me/totp/disable",
  tag: "auth",
  summary: "Desactiva la verificación en dos pasos (no para una cuenta de Dueño)",
  body: ZTotpCodeRequestSchema,
  responses: { 204: NO_CONTENT },
});

/** POST /api/admin/me/recovery-codes: new recovery codes replace the old ones. */
export const RECOVERY_CODES_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/me/recovery-codes",
  tag: "auth",
  summary: "Genera códigos de recuperación nuevos (los anteriores dejan de valer)",
  body: ZTotpCodeRequestSchema,
  responses: { 200: ZRecoveryCodesSchema },
});

/** GET /api/admin/accounts (Dueño): every staff account. */
export const ACCOUNTS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/accounts",
  tag: "accounts",
  summary: "Las cuentas del personal",
  responses: { 200: z.array(ZStaffAccountSchema) },
});

/** POST /api/admin/accounts (Dueño): a new account with a temporary password. */
export const ACCOUNT_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/accounts",
  tag: "accounts",
  summary: "Crea una cuenta del personal con una contraseña temporal",
  body: ZCreateStaffAccountRequestSchema,
  responses: { 201: ZStaffAccountSchema },
});

/** PATCH /api/admin/accounts/{id} (Dueño): name, role or user name. */
export const ACCOUNT_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/accounts/:id",
  tag: "accounts",
  summary: "Edita el nombre, el rol o el usuario de una cuenta",
  params: ZAccountIdParamsSchema,
  body: ZUpdateStaffAccountRequestSchema,
  responses: { 200: ZStaffAccountSchema },
});

/** POST /api/admin/accounts/{id}/password (Dueño): a temporary password; the account's sessions end. */
export const ACCOUNT_PASSWORD_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/accounts/:id/password",
  tag: "accounts",
  summary: "Fija una contraseña temporal (se cambia al entrar; las sesiones de la cuenta terminan)",
  params: ZAccountIdParamsSchema,
  body: ZResetPasswordRequestSchema,
  responses: { 204: NO_CONTENT },
});

/** POST /api/admin/accounts/{id}/disable (Dueño): the account's sessions end at once. */
export const ACCOUNT_DISABLE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/accounts/:id/disable",
  tag: "accounts",
  summary: "Desactiva una cuenta (sus sesiones terminan)",
  params: ZAccountIdParamsSchema,
  responses: { 200: ZStaffAccountSchema },
});

/** POST /api/admin/accounts/{id}/enable (Dueño). */
export const ACCOUNT_ENABLE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/accounts/:id/enable",
  tag: "accounts",
  summary: "Activa una cuenta desactivada",
  params: ZAccountIdParamsSchema,
  responses: { 200: ZStaffAccountSchema },
});

/** GET /api/admin/accounts/{id}/sessions (Dueño): the account's open sessions. */
export const ACCOUNT_SESSIONS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/accounts/:id/sessions",
  tag: "accounts",
  summary: "Las sesiones abiertas de una cuenta",
  params: ZAccountIdParamsSchema,
  responses: { 200: z.array(ZStaffSessionRowSchema) },
});

/** DELETE /api/admin/accounts/{id}/sessions (Dueño): ends every session of the account. */
export const ACCOUNT_END_SESSIONS_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/admin/accounts/:id/sessions",
  tag: "accounts",
  summary: "Cierra todas las sesiones de una cuenta",
  params: ZAccountIdParamsSchema,
  responses: { 204: NO_CONTENT },
});

/** GET /api/admin/audit (Dueño): the log filtered and paged, newest first. */
export const AUDIT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/audit",
  tag: "audit",
  summary: "El registro de cambios, filtrado y paginado (lo más nuevo primero)",
  query: ZAuditQuerySchema,
  responses: { 200: ZAuditPageSchema },
});

/** GET /api/admin/audit/chain (Dueño): the hash chain checked record by record (decision 148). */
export const AUDIT_CHAIN_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/audit/chain",
  tag: "audit",
  summary: "Verifica la cadena de hashes del registro de cambios",
  responses: { 200: ZAuditChainSchema },
});

/** GET /api/admin/audit/export (Dueño): the filtered log as registro-de-cambios-<día>.xlsx. */
export const AUDIT_EXPORT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/audit/export",
  tag: "audit",
  summary: "Descarga el registro de cambios filtrado como Excel (.xlsx)",
  query: ZAuditQuerySchema,
  responses: { 200: binary(XLSX_CONTENT_TYPE) },
});
