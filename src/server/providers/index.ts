// One factory that picks each outside-service adapter from configuration (ARCHITECTURE.md,
// "Provider adapters"). Each kind lives in providers/<kind>/ with its interface, its real
// adapter and its honest offline default. Add one field per kind.
import type { Config } from "../config";
import type { Db } from "../db/client";
import { createMessagingProvider, type MessagingProvider } from "./messaging";

export interface Providers {
  messaging: MessagingProvider;
}

export function createProviders(config: Config, _db: Db): Providers {
  return {
    messaging: createMessagingProvider(config),
  };
}
