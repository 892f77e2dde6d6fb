// One factory that picks each outside-service adapter from configuration (docs/architecture.md,
// "Providers"). Each kind lives in providers/<kind>/ with its interface, its real
// adapter and its honest offline default. Add one field per kind.
import type { Config } from "../config";
import type { Db } from "../db/client";
import { createMessagingProvider, type MessagingProvider } from "./messaging";
import { createChatClient } from "./ai/chat-client";
import { createProductAnalysisProvider, type ProductAnalysisProvider } from "./ai/product-analysis";
import {
  createExchangeRateProvider,
  createHttpExchangeRateSources,
  type ExchangeRateProvider,
} from "./exchange-rates";
import { createPartsProvider, type PartsProvider } from "./parts";
import { createObjectStorage, type ObjectStorage } from "./storage";

export interface Providers {
  messaging: MessagingProvider;
  /** AI product assistant; the offline estimator when AI_* is unset or the AI fails. */
  productAnalysis: ProductAnalysisProvider;
  /** USD→CRC rate stored in app_cache, refreshed from the configured sources, else 514. */
  exchangeRates: ExchangeRateProvider;
  /** Spare-parts offers: the AI when configured, else (and on its failure) store search links. */
  parts: PartsProvider;
  /** Part photos: S3-compatible when S3_BUCKET is set, else local disk under DATA_DIR/objects. */
  storage: ObjectStorage;
}

export function createProviders(config: Config, db: Db): Providers {
  return {
    messaging: createMessagingProvider(config),
    productAnalysis: createProductAnalysisProvider(createChatClient(config.ai)),
    exchangeRates: createExchangeRateProvider({
      db,
      sources: createHttpExchangeRateSources(config.exchangeRate.urls, config.exchangeRate.timeoutMs),
    }),
    parts: createPartsProvider(createChatClient(config.ai)),
    storage: createObjectStorage(config, db),
  };
}
