// The messaging provider seam: what the outbox worker hands over and what it gets back.
import type { NotificationKind } from "../../../shared/domain/statuses";

/** The approved templates (config.whatsapp.templates): one per kind, plus 'ready' for a priced 'Listo para entregar'. */
export type TemplateKey = "welcome" | "status" | "entryStatus" | "ready";

export interface OutgoingMessage {
  kind: NotificationKind;
  /** The template to use (outbox.ts templateKeyOf); absent: the template of `kind`. */
  template?: TemplateKey;
  /** International digits (50688887777). */
  to: string;
  /** The message as the person reads it (for providers that send free text). */
  body: string;
  /** Template body parameters in order ({{1}}, {{2}}, …). */
  parameters: string[];
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
  ) {
    super(message);
    this.name = "MessagingError";
  }
}
