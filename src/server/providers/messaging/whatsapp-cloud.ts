// WhatsApp Business Cloud API adapter. Business-initiated messages must use pre-approved
// templates, so each message kind maps to a template name (config.whatsapp.templates) whose
// body parameters come from the outbox row: POST {apiUrl}/{phoneNumberId}/messages with a
// Bearer token. 4xx answers (except 429) are final; 429, 5xx, network failures and time-outs
// are worth retrying.
import type { NotificationKind } from "../../../shared/domain/statuses";
import { templateParameterText } from "./template-parameters";
import { MessagingError, type MessagingProvider, type OutgoingMessage } from "./types";

export { templateParameterText };

export interface WhatsappCloudOptions {
  token: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com/v21.0 (no trailing slash). */
  apiUrl: string;
  /** Template language code (es, es_MX, …). */
  language: string;
  templates: { welcome: string; status: string; entryStatus: string };
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const WHATSAPP_SEND_TIMEOUT_MS = 10_000;

export function templateFor(kind: NotificationKind, templates: WhatsappCloudOptions["templates"]): string {
  switch (kind) {
    case "WELCOME":
      return templates.welcome;
    case "TRACKING_STATUS":
      return templates.status;
    case "WHATSAPP_ENTRY_STATUS":
      return templates.entryStatus;
  }
}

export function buildTemplateRequest(message: OutgoingMessage, options: Pick<WhatsappCloudOptions, "language" | "templates">) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: templateFor(message.kind, options.templates),
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

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

export function createWhatsappCloudProvider(options: WhatsappCloudOptions): MessagingProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? WHATSAPP_SEND_TIMEOUT_MS;
  const url = `${options.apiUrl}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: "whatsapp-cloud",
    configured: true,
    async send(message) {
      // Built before the call: a parameter refused at send time is a final failure, not a network one.
      const body = JSON.stringify(buildTemplateRequest(message, options));
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
          body,
          signal: message.signal ? AbortSignal.any([message.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (error) {
        if (message.signal?.aborted) throw new MessagingError("Envío interrumpido al detener el servidor", true);
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
      const detail = graphErrorDetail(text);
      const retryable = res.status === 429 || res.status >= 500;
      const prefix = retryable ? `WhatsApp respondió ${res.status}` : `WhatsApp rechazó el mensaje (${res.status})`;
      throw new MessagingError(detail ? `${prefix}: ${detail}` : prefix, retryable, res.status);
    },
  };
}

function graphErrorDetail(text: string): string {
  try {
    const { error } = JSON.parse(text) as GraphErrorBody;
    if (error?.message) {
      const code = error.code !== undefined ? `(#${error.code}) ` : "";
      const details = error.error_data?.details ? ` — ${error.error_data.details}` : "";
      return `${code}${error.message}${details}`.slice(0, 500);
    }
  } catch {
    // Not the Graph error shape (a proxy page, …).
  }
  return text.replace(/\s+/g, " ").trim().slice(0, 200);
}
