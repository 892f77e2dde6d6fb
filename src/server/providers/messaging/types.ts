// The messaging provider seam: what the outbox worker hands over and what it gets back.
import type { NotificationKind } from "../../../shared/domain/statuses";

/** The approved templates (config.whatsapp.templates): one per kind, plus 'ready' for a priced 'Listo para entregar'. */
export type TemplateKey = "welcome" | "status" | "entryStatus" | "ready" | "reply";

export interface OutgoingMessage {
  kind: NotificationKind;
  /** The template to use (outbox.ts templateKeyOf); absent: the template of `kind`. */
  template?: TemplateKey;
  /** An approved template named outright (an Embarque notice, decision 213); wins over `template`. */
  templateName?: string;
  /** International digits (50688887777). */
  to: string;
  /** The message as the person reads it (for providers that send free text). */
  body: string;
  /** Template body parameters in order ({{1}}, {{2}}, …). */
  parameters: string[];
  /**
   * Send `body` as a free-text `text` message instead of a template: only inside the 24 hours a
   * client's message opened (a staff reply, decision 211; the answer to BAJA / ALTA, decision 214).
   */
  freeText?: boolean;
  /** Aborts the send (the server is shutting down); it then rejects with a retryable MessagingError. */
  signal?: AbortSignal;
}

export interface SendResult {
  /** The provider's id of the accepted message (wamid.… for WhatsApp). */
  providerMessageId: string | null;
}

export interface MessagingProvider {
  readonly name: "whatsapp-cloud" | "offline";
  /** False for the offline default: nothing can be sent, messages stay queued. */
  readonly configured: boolean;
  /** Resolves when the provider accepted the message; rejects with MessagingError otherwise. */
  send(message: OutgoingMessage): Promise<SendResult>;
  /**
   * Sends a one-time sign-in code at once (not through the outbox) in the authentication template
   * (decision 217). Absent when no authentication template is configured or nothing can be sent.
   */
  sendSignInCode?(to: string, code: string): Promise<SendResult>;
  /**
   * A client's file (Graph: GET /{media-id} for its address, then that address with the token),
   * at most `maxBytes`; rejects with MessagingError (retryable or not) otherwise (decision 212).
   */
  fetchMedia(mediaId: string, maxBytes: number): Promise<FetchedMedia>;
}

export interface FetchedMedia {
  bytes: Uint8Array;
  /** The type Meta gave. */
  mimeType: string | null;
}

/**
 * A refused or failed send. `retryable` says whether trying again later can help;
 * `retryAfterMs` is the provider's own "not before" (a Retry-After header), when it gave one.
 */
export class MessagingError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
    readonly retryAfterMs?: number,
    /** Meta's error code from the Graph API's answer (131026, 130429, …), when it gave one. */
    readonly metaCode?: number,
  ) {
    super(message);
    this.name = "MessagingError";
  }
}
