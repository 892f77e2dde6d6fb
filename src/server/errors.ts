// The one error type of the server and the handler that turns every failure into
// `{ error, message, code }` JSON in Spanish, never with a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";

export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "SECOND_FACTOR_REQUIRED"
  | "SIGN_IN_REQUIRED"
  | "PASSWORD_CHANGE_REQUIRED"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPAID_DELIVERY"
  | "CLIENT_LOOKALIKE"
  | "UNPRICED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "CHALLENGE_REQUIRED"
  | "LIMIT_REACHED"
  | "UNAVAILABLE"
  | "INTERNAL";

/** Short Spanish titles for `error`; the specific sentence goes in `message`. */
const TITLES: Record<ErrorCode, string> = {
  VALIDATION: "Datos inválidos",
  UNAUTHORIZED: "No autorizado",
  FORBIDDEN: "Acceso denegado",
  SECOND_FACTOR_REQUIRED: "Verificación en dos pasos",
  /** A protected account's data or change without its client's sign-in (decision 216). */
  SIGN_IN_REQUIRED: "Cuenta protegida",
  PASSWORD_CHANGE_REQUIRED: "Cambio de contraseña requerido",
  NOT_FOUND: "No encontrado",
  CONFLICT: "Conflicto",
  UNPAID_DELIVERY: "Saldo pendiente",
  CLIENT_LOOKALIKE: "Cliente parecido",
  UNPRICED: "Paquete sin monto",
  PAYLOAD_TOO_LARGE: "Contenido demasiado grande",
  UNSUPPORTED_MEDIA_TYPE: "Tipo de contenido no soportado",
  RATE_LIMITED: "Demasiadas solicitudes",
  CHALLENGE_REQUIRED: "Verificación requerida",
  LIMIT_REACHED: "Límite alcanzado",
  UNAVAILABLE: "Servicio no disponible",
  INTERNAL: "Error del servidor",
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    /** Extra fields for the answer body (e.g. `retryAfterSeconds`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError("VALIDATION", 400, message);
export const notFound = (message = "Recurso no encontrado") => new AppError("NOT_FOUND", 404, message);
export const conflict = (message: string) => new AppError("CONFLICT", 409, message);
export const unauthorized = (message = "Sesión de administrador requerida o vencida. Inicia sesión de nuevo.") =>
  new AppError("UNAUTHORIZED", 401, message);

export function errorBody(code: ErrorCode, message: string, extra?: Record<string, unknown>) {
  return { error: TITLES[code], message, code, ...extra };
}

/** Parses with a shared zod schema; the first issue's (Spanish) message becomes a 400. */
export function parseWith<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path?.length ? String(issue.path[0]) : undefined;
  throw new AppError("VALIDATION", 400, issue?.message ?? "Datos inválidos", field ? { field } : undefined);
}

const DB_UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "08001", "08003"]);

/** True for failures that mean "the database is not reachable right now". */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DB_UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Postgres foreign key violation (23503; 23001 for ON DELETE RESTRICT), possibly wrapped by
 * drizzle: a row others still reference.
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === "23503" || err.code === "23001") return !constraint || err.constraint === constraint || String(err.message ?? "").includes(constraint);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres unique violation (23505), possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === "23505") {
      return !constraint || err.constraint === constraint || String(err.message ?? "").includes(constraint);
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.extra));
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.status(400).send(errorBody("VALIDATION", "El cuerpo de la solicitud no es JSON válido."));
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE", "El contenido enviado es demasiado grande."));
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return reply
          .status(415)
          .send(errorBody("UNSUPPORTED_MEDIA_TYPE", "Tipo de contenido no soportado. Envía los datos como JSON."));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(errorBody("UNAVAILABLE", "Servicio no disponible temporalmente. Intenta de nuevo en unos minutos."));
    }
    const status = typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status < 500) {
      const code: ErrorCode = status === 404 ? "NOT_FOUND" : status === 403 ? "FORBIDDEN" : status === 413 ? "PAYLOAD_TOO_LARGE" : status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : status === 429 ? "RATE_LIMITED" : "VALIDATION";
      return reply.status(status).send(errorBody(code, "La solicitud no es válida."));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(errorBody("INTERNAL", "Ocurrió un error inesperado. Intenta nuevamente."));
  });
}
