// The exchange-rate provider (docs/architecture.md, "Providers"): the rate every colón amount
// uses, kept in the app_cache table so a restart or a second instance reuses it. A request never
// waits for the outside sources while any rate is stored: a stale one is answered at once and
// refreshed in the background. Only with nothing stored does the first request wait for the
// sources, and it still answers 514 when they all fail.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { appCache } from "../../db/schema";
import {
  applyExchangeRateRule,
  DEFAULT_EXCHANGE_RATE,
  EXCHANGE_RATE_REFRESH_MS,
} from "../../../shared/domain/exchange-rate";
import { EXCHANGE_RATE_DEFAULT_SOURCE, type TExchangeRateResponse } from "../../../shared/api/exchange-rate";
import { ExchangeRateSourcesError, type ExchangeRateSources } from "./http-sources";

export { createHttpExchangeRateSources, extractUsdToCrc } from "./http-sources";
export type { ExchangeRateSources } from "./http-sources";

export const EXCHANGE_RATE_CACHE_KEY = "exchange-rate:usd-crc";
/** After every source failed, sources are left alone this long (requests get the stored rate or 514). */
export const EXCHANGE_RATE_RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
/**
 * While the rate in memory is stale or missing (sources failing), storage is read again at most
 * this often for a rate another instance may have stored; in between, requests answer from
 * memory instead of reading the database every time.
 */
export const EXCHANGE_RATE_STORAGE_RECHECK_MS = 10 * 1000;

const ZStoredRate = z.object({
  rate: z.number().positive(),
  marketRate: z.number().positive(),
  source: z.string(),
  fetchedAt: z.string(),
});
export type StoredRate = z.infer<typeof ZStoredRate>;

/** The little a provider needs to say why a refresh failed (a pino/Fastify logger fits). */
export interface WarnLogger {
  warn(obj: object, msg?: string): void;
}

export interface ExchangeRateProvider {
  /** The rate to use now: stored (refreshing it in the background when stale), fetched, or 514. */
  current(log?: WarnLogger): Promise<TExchangeRateResponse>;
  /**
   * Fetches a new rate unless the stored one is younger than `maxAgeMs` (default: the refresh
   * period); one fetch at a time per process. Null when all sources fail.
   */
  refresh(log?: WarnLogger, maxAgeMs?: number): Promise<StoredRate | null>;
  /** Resolves when no refresh is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Cancels a running fetch; later calls answer from storage or 514. */
  close(): void;
}

export interface ExchangeRateProviderOptions {
  db: Db;
  sources: ExchangeRateSources;
  refreshMs?: number;
  retryAfterFailureMs?: number;
  now?: () => number;
}

const silent: WarnLogger = { warn: () => {} };

export function createExchangeRateProvider(options: ExchangeRateProviderOptions): ExchangeRateProvider {
  const { db, sources } = options;
  const refreshMs = options.refreshMs ?? EXCHANGE_RATE_REFRESH_MS;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? EXCHANGE_RATE_RETRY_AFTER_FAILURE_MS;
  const now = options.now ?? Date.now;
  const closing = new AbortController();

  // A fresh copy in memory spares the database a read per request; storage stays the truth.
  let memory: StoredRate | null = null;
  let inflight: Promise<StoredRate | null> | null = null;
  let lastFailureAt: number | null = null;
  /** When storage was last read by a request (see EXCHANGE_RATE_STORAGE_RECHECK_MS). */
  let storageReadAt: number | null = null;

  const isFresh = (stored: StoredRate, maxAgeMs = refreshMs) => now() - Date.parse(stored.fetchedAt) < maxAgeMs;
  const inBackoff = () => lastFailureAt !== null && now() - lastFailureAt < retryAfterFailureMs;

  async function readStored(): Promise<StoredRate | null> {
    const [row] = await db.select({ value: appCache.value }).from(appCache).where(eq(appCache.key, EXCHANGE_RATE_CACHE_KEY));
    const parsed = ZStoredRate.safeParse(row?.value);
    return parsed.success ? parsed.data : null;
  }

  async function writeStored(value: StoredRate): Promise<void> {
    await db
      .insert(appCache)
      .values({ key: EXCHANGE_RATE_CACHE_KEY, value })
      .onConflictDoUpdate({ target: appCache.key, set: { value, updatedAt: sql`now()` } });
  }

  async function fetchAndStore(log: WarnLogger, maxAgeMs: number): Promise<StoredRate | null> {
    // Another instance (or a run before a restart) may have refreshed while this one was stale.
    const stored = await readStored();
    if (stored && isFresh(stored, maxAgeMs)) {
      memory = stored;
      return stored;
    }
    let market;
    try {
      market = await sources.fetchUsdToCrc(closing.signal);
    } catch (error) {
      lastFailureAt = now();
      const failures = error instanceof ExchangeRateSourcesError ? error.failures : [{ source: "?", reason: String(error) }];
      log.warn({ failures, keeping: stored ? stored.rate : DEFAULT_EXCHANGE_RATE }, "exchange-rate sources failed");
      return null;
    }
    const rate = applyExchangeRateRule(market.value) ?? DEFAULT_EXCHANGE_RATE;
    const next: StoredRate = { rate, marketRate: market.value, source: market.source, fetchedAt: new Date(now()).toISOString() };
    if (closing.signal.aborted) return next;
    await writeStored(next);
    memory = next;
    lastFailureAt = null;
    return next;
  }

  function refresh(log: WarnLogger = silent, maxAgeMs = refreshMs): Promise<StoredRate | null> {
    inflight ??= fetchAndStore(log, maxAgeMs).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  function refreshInBackground(log: WarnLogger): void {
    if (inflight || inBackoff() || closing.signal.aborted) return;
    refresh(log).catch((error: unknown) => log.warn({ err: error }, "exchange-rate refresh failed"));
  }

  function answer(stored: StoredRate | null): TExchangeRateResponse {
    if (!stored) return { rate: DEFAULT_EXCHANGE_RATE, lastUpdated: null, source: EXCHANGE_RATE_DEFAULT_SOURCE };
    return { rate: stored.rate, lastUpdated: stored.fetchedAt, source: stored.source };
  }

  return {
    async current(log = silent) {
      if (memory && isFresh(memory)) return answer(memory);
      const readRecently = storageReadAt !== null && now() - storageReadAt < EXCHANGE_RATE_STORAGE_RECHECK_MS;
      if (readRecently && (memory || inBackoff() || closing.signal.aborted)) {
        if (memory) refreshInBackground(log);
        return answer(memory);
      }
      try {
        const stored = await readStored();
        storageReadAt = now();
        if (stored) {
          memory = stored;
          if (!isFresh(stored)) refreshInBackground(log);
          return answer(stored);
        }
        if (inBackoff() || closing.signal.aborted) return answer(null);
        return answer(await refresh(log));
      } catch (error) {
        // Prices must still show while the database is unreachable: the last rate seen, else 514.
        log.warn({ err: error }, "exchange-rate storage unavailable");
        return answer(memory);
      }
    },
    refresh,
    async idle() {
      await inflight?.catch(() => {});
    },
    close() {
      closing.abort();
    },
  };
}
