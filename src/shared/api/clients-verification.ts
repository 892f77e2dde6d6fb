// Client verification on the parts assistant (public-site §3, §5, §7, §8): the code rule of
// /repuestos (EX + at least 3 letters or digits, uppercased) and the answer of
// GET /api/clients/verify/{clientCode}, with the Spanish texts both sides show.
import { z } from "../validation";
import { VERIFY_CODE_PATTERN, normalizeClientCode } from "../domain/client-code";
import { defineRoute } from "./contract";

export const VERIFY_CODE_REQUIRED = "Código de cliente es requerido";
export const VERIFY_CODE_FORMAT = "Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos";
/** The longest code the database holds (EX + 14). */
export const VERIFY_CODE_MAX = 16;

export const VERIFY_FAILED_TITLE = "Error de verificación";
export const VERIFY_FAILED_FALLBACK = "Código de cliente no válido";
/** 404: never hints whether a similar code exists. */
export const VERIFY_NOT_FOUND = "Código de cliente no válido. Revisa tu código o inscríbete para obtener uno.";
export const VERIFY_RATE_LIMITED = "Demasiados intentos de verificación. Espera unos minutos e intenta de nuevo.";
export const UNLIMITED_ACCESS_LABEL = "Acceso Ilimitado";

/** Trimmed and uppercased, then EX + at least 3 letters or digits. */
export const ZVerifyClientCodeSchema = z
  .string({ error: VERIFY_CODE_REQUIRED })
  .transform(normalizeClientCode)
  .pipe(
    z
      .string()
      .min(1, VERIFY_CODE_REQUIRED)
      .max(VERIFY_CODE_MAX, VERIFY_CODE_FORMAT)
      .regex(VERIFY_CODE_PATTERN, VERIFY_CODE_FORMAT),
  );

/** The verification form of /repuestos. */
export const ZVerifyClientRequestSchema = z.object({ clientCode: ZVerifyClientCodeSchema });
export type TVerifyClientRequest = z.infer<typeof ZVerifyClientRequestSchema>;
export type TVerifyClientForm = z.input<typeof ZVerifyClientRequestSchema>;

/** A client's monthly search quota as the page shows it (also the search answer's clientInfo). */
export const ZVerifiedClientSchema = z.object({
  nombre: z.string(),
  /** Searches used this month (Costa Rica calendar). */
  searchCount: z.number().int().min(0),
  searchLimit: z.number().int().min(0),
  unlimitedAccess: z.boolean(),
  /** Null when unlimited (JSON has no Infinity). */
  searchesRemaining: z.number().int().min(0).nullable(),
});
export type TVerifiedClient = z.infer<typeof ZVerifiedClientSchema>;

export const ZVerifyClientResponseSchema = z.object({ client: ZVerifiedClientSchema });

/**
 * GET /api/clients/verify/{clientCode} (public): the parts assistant's code check. Its abuse
 * limit is counted before the code is validated (a malformed guess uses the allowance too).
 */
export const CLIENT_VERIFY_ROUTE = defineRoute({
  method: "GET",
  path: "/api/clients/verify/:clientCode",
  tag: "clients",
  summary: "Verifica un código de cliente y devuelve su cuota de búsquedas del asistente de repuestos",
  params: z.object({ clientCode: ZVerifyClientCodeSchema }),
  responses: { 200: ZVerifyClientResponseSchema },
});
