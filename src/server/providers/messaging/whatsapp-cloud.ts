// WhatsApp Business Cloud API adapter. Business-initiated messages must use pre-approved
// templates, so each message kind maps to a template name (config.whatsapp.templates) whose
// body parameters come from the outbox row: POST {apiUrl}/{phoneNumberId}/messages with a
// Bearer token. Failures are classified by the Graph error code in the body, not only the HTTP
// status: Meta reports throttling and temporary trouble with HTTP 400 too (docs/decisions/115).
// Those codes, 429, 5xx, network failures and time-outs are worth retrying; every other refusal
// (invalid number, template, token, …) is final.
import type { NotificationKind } from "../../../shared/domain/statuses";
import { templateParameterText } from "./template-parameters";
import { MessagingError, type MessagingProvider, type OutgoingMessage, type TemplateKey } from "./types";

export { templateParameterText };

export interface WhatsappCloudOptions {
  token: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com/v25.0 (no trailing slash). */
  apiUrl: string;
  /** Template language code (es, es_MX, …). */
  language: string;
  templates: Record<TemplateKey, string>;
  /** The approved authentication template of the sign-in codes (decision 217); absent: none sent. */
  authTemplate?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const WHATSAPP_SEND_TIMEOUT_MS = 10_000;

/** The Graph API version of the default WHATSAPP_API_URL (v25.0 is available until July 2028). */
export const GRAPH_API_VERSION = "v25.0";

/**
 * Graph error codes after which Meta says to wait and try again: throttling (4 app call limit,
 * 80007 WhatsApp Business Account rate limit, 130429 throughput, 131056 pair rate limit) and
 * temporary trouble on Meta's side (1, 2, 131000, 131016, 133004). They often come with HTTP 400.
 */
export const GRAPH_RETRYABLE_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131056, 1, 2, 131000, 131016, 133004]);

/** Retryable by the Graph error code when there is one, else by the HTTP status (429, 5xx). */
export function isRetryableGraphFailure(httpStatus: number, code: number | undefined): boolean {
  if (code !== undefined && GRAPH_RETRYABLE_CODES.has(code)) return true;
  return httpStatus === 429 || httpStatus >= 500;
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function templateFor(kind: NotificationKind, templates: WhatsappCloudOptions["templates"], template?: TemplateKey): string {
  if (template) return templates[template];
  switch (kind) {
    case "WELCOME":
      return templates.welcome;
    case "TRACKING_STATUS":
      return templates.status;
    case "WHATSAPP_ENTRY_STATUS":
      return templates.entryStatus;
    // These name their template (templateName) or go as free text (decisions 213, 214).
    case "SHIPMENT_NOTICE":
    case "CONSENT_REPLY":
      return templates.status;
    case "STAFF_REPLY":
      return templates.reply;
  }
}

/**
 * A free-text message (Meta's TextMessage), allowed only inside the customer-service window: a
 * staff reply (decision 211) or the answer to BAJA / ALTA (decision 214). No link preview: a
 * client's own link quoted back is not turned into a card.
 */
export function buildTextRequest(message: Pick<OutgoingMessage, "to" | "body">) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "text",
    text: { preview_url: false, body: message.body },
  };
}

export function buildTemplateRequest(message: OutgoingMessage, options: Pick<WhatsappCloudOptions, "language" | "templates">) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.templateName ?? templateFor(message.kind, options.templates, message.template),
      language: { code: options.language },
      components: [
        {
          type: "body",
          // Every parameter re-checked here, the one place a request is built (throws MessagingError).
          parameters: message.parameters.map((text, i) => ({ type: "text", text: templateParameterText(text, i + 1) })),
        },
      ],
    },
  };
}

/**
 * A sign-in code in Meta's authentication template (category AUTHENTICATION, an OTP copy-code
 * button): the code is the body's one parameter and the URL button's (index 0) one parameter, as
 * Meta requires for these templates. Checked against Meta's TemplateMessage schema by the tests.
 */
export function buildAuthenticationRequest(to: string, code: string, options: Pick<WhatsappCloudOptions, "language"> & { authTemplate: string }) {
  if (!/^\d{4,15}$/.test(code)) throw new MessagingError("Código de acceso inválido", false);
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: options.authTemplate,
      language: { policy: "deterministic", code: options.language },
      components: [
        { type: "body", parameters: [{ type: "text", text: code }] },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
      ],
    },
  };
}

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

export function createWhatsappCloudProvider(options: WhatsappCloudOptions): MessagingProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? WHATSAPP_SEND_TIMEOUT_MS;
  const url = `${options.apiUrl}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const authTemplate = options.authTemplate;
  return {
    name: "whatsapp-cloud",
    configured: true,
    async send(message) {
      // Built before the call: a parameter refused at send time is a final failure, not a network one.
      return post(JSON.stringify(message.freeText ? buildTextRequest(message) : buildTemplateRequest(message, options)), message.signal);
    },
    async fetchMedia(mediaId, maxBytes) {
      const auth = { authorization: `Bearer ${options.token}` };
      // The media id gives a short-lived address (about 5 minutes); it is asked for on every try.
      const info = await graphCall(doFetch, `${options.apiUrl}/${encodeURIComponent(mediaId)}`, auth, timeoutMs, "el archivo");
      let meta: { url?: unknown; mime_type?: unknown; file_size?: unknown };
      try {
        meta = JSON.parse(Buffer.from(info).toString("utf8")) as typeof meta;
      } catch {
        throw new MessagingError("WhatsApp respondió algo ilegible al pedir el archivo", true);
      }
      if (typeof meta.url !== "string" || !/^https?:\/\//.test(meta.url)) throw new MessagingError("WhatsApp no dio la dirección del archivo", true);
      const size = Number(meta.file_size);
      if (Number.isFinite(size) && size > maxBytes) throw new MessagingError(`El archivo pesa ${Math.ceil(size / 1048576)} MB: se guardan hasta ${Math.round(maxBytes / 1048576)} MB`, false);
      const bytes = await graphCall(doFetch, meta.url, auth, timeoutMs, "el archivo", maxBytes);
      return { bytes, mimeType: typeof meta.mime_type === "string" ? meta.mime_type : null };
    },
    ...(authTemplate ? { sendSignInCode: (to: string, code: string) => post(JSON.stringify(buildAuthenticationRequest(to, code, { language: options.language, authTemplate }))) } : {}),
  };

  /** POSTs one message body; a MessagingError says whether trying again can help. */
  async function post(body: string, signal?: AbortSignal): Promise<{ providerMessageId: string | null }> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body,
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      if (signal?.aborted) throw new MessagingError("Envío interrumpido al detener el servidor", true);
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new MessagingError(`WhatsApp no respondió a tiempo (${Math.round(timeoutMs / 1000)} s)`, true);
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new MessagingError(`No se pudo conectar con WhatsApp${cause ? ` (${cause})` : ""}`, true);
    }
    if (res.ok) {
      let id: string | null = null;
      try {
        const parsed = JSON.parse(text) as { messages?: { id?: unknown }[] };
        id = typeof parsed.messages?.[0]?.id === "string" ? parsed.messages[0].id : null;
      } catch {
        // Accepted but unreadable: it was still accepted.
      }
      return { providerMessageId: id };
    }
    const { detail, code } = graphErrorOf(text);
    const retryable = isRetryableGraphFailure(res.status, code);
    const prefix = retryable ? `WhatsApp respondió ${res.status}` : `WhatsApp rechazó el mensaje (${res.status})`;
    const after = retryable ? retryAfterMs(res.headers.get("retry-after")) : undefined;
    throw new MessagingError(detail ? `${prefix}: ${detail}` : prefix, retryable, res.status, after, code);
  }
}

/** One GET to the Graph API (or its media address) with the token: the body's bytes, at most `maxBytes`. */
async function graphCall(doFetch: typeof fetch, url: string, headers: Record<string, string>, timeoutMs: number, what: string, maxBytes = 1_048_576): Promise<Uint8Array> {
  let res: Response;
  let bytes: Uint8Array;
  try {
    res = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const declared = Number(res.headers.get("content-length"));
    if (res.ok && Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel();
      throw new MessagingError(`El archivo supera ${Math.round(maxBytes / 1048576)} MB`, false);
    }
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (error) {
    if (error instanceof MessagingError) throw error;
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") throw new MessagingError(`WhatsApp no respondió a tiempo al pedir ${what}`, true);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new MessagingError(`No se pudo conectar con WhatsApp para pedir ${what}${cause ? ` (${cause})` : ""}`, true);
  }
  if (!res.ok) {
    const { detail, code } = graphErrorOf(Buffer.from(bytes).toString("utf8"));
    const retryable = isRetryableGraphFailure(res.status, code);
    throw new MessagingError(`WhatsApp respondió ${res.status} al pedir ${what}${detail ? `: ${detail}` : ""}`, retryable, res.status);
  }
  if (bytes.byteLength > maxBytes) throw new MessagingError(`El archivo supera ${Math.round(maxBytes / 1048576)} MB`, false);
  return bytes;
}

/** The reason staff read and the Graph error code, from an error answer's body. */
function graphErrorOf(text: string): { detail: string; code: number | undefined } {
  try {
    const { error } = JSON.parse(text) as GraphErrorBody;
    const code = typeof error?.code === "number" ? error.code : undefined;
    if (error?.message) {
      // Meta's WhatsApp messages often start with the code already: "(#130429) Rate limit hit".
      const prefix = code !== undefined && !error.message.startsWith(`(#${code})`) ? `(#${code}) ` : "";
      const details = error.error_data?.details ? ` — ${error.error_data.details}` : "";
      return { detail: `${prefix}${error.message}${details}`.slice(0, 500), code };
    }
    if (code !== undefined) return { detail: `(#${code})`, code };
  } catch {
    // Not the Graph error shape (a proxy page, …).
  }
  return { detail: text.replace(/\s+/g, " ").trim().slice(0, 200), code: undefined };
}
