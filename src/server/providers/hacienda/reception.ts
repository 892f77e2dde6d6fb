// Hacienda's reception API for comprobantes electrónicos (issue 34, decision 188).
//
// - Token: OAuth2 password grant at HACIENDA_IDP_URL (Hacienda's Keycloak token endpoint) with
//   the client id (api-stag / api-prod), the ATV user and password. The access token is kept
//   until shortly before it expires, then renewed with the refresh token while that one lives,
//   else with the password again. An API answer 401 drops it and tries once more.
// - POST {apiUrl}/recepcion with { clave, fecha, emisor, receptor?, comprobanteXml (Base64) }:
//   Hacienda answers 202 when it takes the document.
// - GET {apiUrl}/recepcion/{clave}: { ind-estado: recibido | procesando | aceptado | rechazado |
//   error, respuesta-xml: Base64 of Hacienda's MensajeHacienda }.
//
// Failures are HaciendaApiError with `retryable`: network trouble, time-outs, 429 and 5xx are
// worth another try later (Retry-After honoured); a 400 (its reason in the X-Error-Cause header),
// a refused login or another 4xx is final until someone changes the data or the configuration.
// "Ya fue recibido" on a POST is not an error: the document is there, its state is asked next.

export interface HaciendaCredentials {
  /** e.g. https://idp.comprobanteselectronicos.go.cr/auth/realms/rut-stag/protocol/openid-connect/token */
  idpUrl: string;
  clientId: string;
  username: string;
  password: string;
  /** e.g. https://api-sandbox.comprobanteselectronicos.go.cr/recepcion/v1 (no trailing slash). */
  apiUrl: string;
}

export interface PartyId {
  /** 01 física, 02 jurídica, 03 DIMEX, 04 NITE. */
  tipoIdentificacion: string;
  numeroIdentificacion: string;
}

export interface Submission {
  clave: string;
  /** FechaEmision of the document (2026-11-27T14:05:09-06:00). */
  fecha: string;
  emisor: PartyId;
  receptor?: PartyId;
  /** The signed XML, as text (encoded to Base64 here). */
  signedXml: string;
}

export const RECEPTION_STATES = ["recibido", "procesando", "aceptado", "rechazado", "error"] as const;
export type ReceptionState = (typeof RECEPTION_STATES)[number];

export interface ReceptionStatus {
  clave: string;
  state: ReceptionState;
  /** Hacienda's MensajeHacienda, decoded (present once it has decided). */
  responseXml?: string;
}

export type HaciendaFailure = "NETWORK" | "TIMEOUT" | "THROTTLED" | "SERVER" | "LOGIN_REFUSED" | "REJECTED_REQUEST" | "NOT_FOUND" | "UNEXPECTED";

export class HaciendaApiError extends Error {
  constructor(
    message: string,
    readonly failure: HaciendaFailure,
    readonly retryable: boolean,
    readonly details: { status?: number; cause?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = "HaciendaApiError";
  }
}

export interface HaciendaReception {
  /** Hands a signed document to Hacienda; resolves when Hacienda has it (202, or already received). */
  submit(submission: Submission): Promise<{ alreadyReceived: boolean }>;
  /** Where Hacienda is with a document. A document it does not know yet is a retryable NOT_FOUND. */
  status(clave: string): Promise<ReceptionStatus>;
}

export interface ReceptionOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for token expiry (tests). */
  now?: () => number;
}

export const HACIENDA_TIMEOUT_MS = 20_000;
/** Renew a token this long before Hacienda says it expires. */
const EXPIRY_MARGIN_MS = 30_000;

interface Token {
  access: string;
  expiresAt: number;
  refresh?: string;
  refreshExpiresAt: number;
}

function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function createHaciendaReception(credentials: HaciendaCredentials, options: ReceptionOptions = {}): HaciendaReception {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? HACIENDA_TIMEOUT_MS;
  const apiUrl = credentials.apiUrl.replace(/\/+$/, "");
  let token: Token | undefined;
  let pending: Promise<Token> | undefined;

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
      throw new HaciendaApiError(
        timedOut ? `Hacienda no respondió a tiempo (${what}).` : `No se pudo conectar con Hacienda (${what}).`,
        timedOut ? "TIMEOUT" : "NETWORK",
        true,
      );
    }
  }

  function httpFailure(response: Response, what: string): HaciendaApiError {
    const cause = response.headers.get("x-error-cause") ?? undefined;
    const status = response.status;
    if (status === 429) {
      return new HaciendaApiError(`Hacienda pide esperar (${what}).`, "THROTTLED", true, { status, cause, retryAfterMs: retryAfterMs(response.headers.get("retry-after"), now()) });
    }
    if (status >= 500) {
      return new HaciendaApiError(`Hacienda tiene un problema temporal (${what}, HTTP ${status}).`, "SERVER", true, { status, cause, retryAfterMs: retryAfterMs(response.headers.get("retry-after"), now()) });
    }
    if (status === 404) return new HaciendaApiError(`Hacienda aún no tiene el comprobante (${what}).`, "NOT_FOUND", true, { status, cause });
    if (status === 401 || status === 403) return new HaciendaApiError(`Hacienda rechazó las credenciales (${what}).`, "LOGIN_REFUSED", false, { status, cause });
    return new HaciendaApiError(cause ? `Hacienda rechazó el envío: ${cause}` : `Hacienda rechazó el envío (${what}, HTTP ${status}).`, "REJECTED_REQUEST", false, { status, cause });
  }

  async function requestToken(form: Record<string, string>): Promise<Token> {
    const response = await call(
      credentials.idpUrl,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() },
      "inicio de sesión",
    );
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status === 400 || response.status === 401) {
        throw new HaciendaApiError("Hacienda no aceptó el usuario, la contraseña o el client id del sistema de comprobantes.", "LOGIN_REFUSED", false, { status: response.status });
      }
      throw httpFailure(response, "inicio de sesión");
    }
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; refresh_token?: unknown; refresh_expires_in?: unknown };
    if (typeof body.access_token !== "string" || body.access_token === "") {
      throw new HaciendaApiError("Hacienda respondió el inicio de sesión sin token.", "UNEXPECTED", true);
    }
    const at = now();
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : 300;
    const refreshIn = typeof body.refresh_expires_in === "number" ? body.refresh_expires_in : 0;
    return {
      access: body.access_token,
      expiresAt: at + expiresIn * 1000 - EXPIRY_MARGIN_MS,
      refresh: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
      refreshExpiresAt: at + refreshIn * 1000 - EXPIRY_MARGIN_MS,
    };
  }

  async function freshToken(): Promise<Token> {
    const previous = token;
    if (previous?.refresh && previous.refreshExpiresAt > now()) {
      try {
        return await requestToken({ grant_type: "refresh_token", client_id: credentials.clientId, refresh_token: previous.refresh });
      } catch (error) {
        if (error instanceof HaciendaApiError && error.retryable) throw error;
        // A refused refresh (revoked, session ended): sign in again with the password.
      }
    }
    return requestToken({ grant_type: "password", client_id: credentials.clientId, username: credentials.username, password: credentials.password });
  }

  /** One sign-in at a time: concurrent callers share it. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.access;
    pending ??= freshToken().finally(() => {
      pending = undefined;
    });
    token = await pending;
    return token.access;
  }

  async function authorised(url: string, init: RequestInit, what: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const access = await accessToken();
      const response = await call(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `bearer ${access}` } }, what);
      if (response.status !== 401 || attempt > 1) return response;
      await response.body?.cancel();
      if (token?.access === access) token = undefined;
    }
  }

  return {
    async submit(submission) {
      const body = {
        clave: submission.clave,
        fecha: submission.fecha,
        emisor: submission.emisor,
        ...(submission.receptor ? { receptor: submission.receptor } : {}),
        comprobanteXml: Buffer.from(submission.signedXml, "utf8").toString("base64"),
      };
      const response = await authorised(
        `${apiUrl}/recepcion`,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
        "envío",
      );
      await response.body?.cancel();
      if (response.status === 201 || response.status === 202 || response.status === 200) return { alreadyReceived: false };
      const cause = response.headers.get("x-error-cause") ?? "";
      if (response.status === 400 && /ya fue recibido/i.test(cause)) return { alreadyReceived: true };
      throw httpFailure(response, "envío");
    },

    async status(clave) {
      if (!/^\d{50}$/.test(clave)) throw new HaciendaApiError("La clave debe tener 50 dígitos.", "REJECTED_REQUEST", false);
      const response = await authorised(`${apiUrl}/recepcion/${clave}`, { method: "GET", headers: { accept: "application/json" } }, "consulta");
      if (!response.ok) {
        await response.body?.cancel();
        throw httpFailure(response, "consulta");
      }
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const state = String(body["ind-estado"] ?? "").toLowerCase();
      if (!(RECEPTION_STATES as readonly string[]).includes(state)) {
        throw new HaciendaApiError(`Hacienda respondió un estado desconocido: ${state || "(vacío)"}.`, "UNEXPECTED", true);
      }
      const encoded = body["respuesta-xml"];
      return {
        clave,
        state: state as ReceptionState,
        ...(typeof encoded === "string" && encoded !== "" ? { responseXml: Buffer.from(encoded, "base64").toString("utf8") } : {}),
      };
    },
  };
}
