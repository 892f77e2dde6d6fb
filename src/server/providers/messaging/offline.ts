// The honest offline default: without WhatsApp credentials nothing is sent. Messages stay in
// the outbox as PENDING and staff see "No enviado: WhatsApp no configurado"; the worker never
// claims them, so configuring the provider later sends what is still queued.
import { MessagingError, type MessagingProvider } from "./types";

export function createOfflineMessagingProvider(): MessagingProvider {
  return {
    name: "offline",
    configured: false,
    async send() {
      throw new MessagingError("WhatsApp no configurado", true);
    },
    async fetchMedia() {
      throw new MessagingError("WhatsApp no configurado", true);
    },
  };
}
