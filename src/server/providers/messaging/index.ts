// Picks the messaging adapter from configuration: the WhatsApp Business Cloud API when both
// WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, else the offline default.
import type { Config } from "../../config";
import { createOfflineMessagingProvider } from "./offline";
import { createWhatsappCloudProvider } from "./whatsapp-cloud";
import type { MessagingProvider } from "./types";

export type { MessagingProvider } from "./types";
export { MessagingError } from "./types";

export function createMessagingProvider(config: Pick<Config, "whatsapp">): MessagingProvider {
  const w = config.whatsapp;
  if (!w.token || !w.phoneNumberId) return createOfflineMessagingProvider();
  return createWhatsappCloudProvider({
    token: w.token,
    phoneNumberId: w.phoneNumberId,
    apiUrl: w.apiUrl,
    language: w.language,
    templates: w.templates,
    authTemplate: w.authTemplate,
  });
}
