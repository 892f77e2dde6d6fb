// The outside USD→CRC sources (public-site §7): public JSON endpoints asked one after the other,
// each with its own time-out, the first usable answer winning. Which addresses is configuration
// (EXCHANGE_RATE_URLS); every answer is read defensively, whatever shape it has.

export interface MarketRate {
  /** Colones per dollar as the source publishes it (before our margin and band). */
  value: number;
  /** Host of the source that answered, e.g. "open.er-api.com". */
  source: string;
}

export interface SourceFailure {
  source: string;
  reason: string;
}

/** Every source failed; `failures` says why, one line per source (for the log). */
export class ExchangeRateSourcesError extends Error {
  constructor(readonly failures: SourceFailure[]) {
    super(`Ninguna fuente de tipo de cambio respondió: ${failures.map((f) => `${f.source} (${f.reason})`).join("; ")}`);
    this.name = "ExchangeRateSourcesError";
  }
}

export interface ExchangeRateSources {
  /** The first usable market rate; throws ExchangeRateSourcesError when none answers. */
  fetchUsdToCrc(signal?: AbortSignal): Promise<MarketRate>;
}

// Rates outside this band are not a USD→CRC quote (a wrong currency or a broken feed); the
// pricing band then clamps whatever passes.
const PLAUSIBLE_MIN = 100;
const PLAUSIBLE_MAX = 5000;

function pick(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Colones per dollar from a source's JSON: open.er-api.com and exchangerate-api.com v4 answer
 * `{ rates: { CRC } }`, exchangerate-api v6 `{ conversion_rates: { CRC } }`, the fawazahmed0
 * currency-api `{ usd: { crc } }`. Anything else, or an implausible number, gives null.
 */
export function extractUsdToCrc(body: unknown): number | null {
  if (pick(body, "result") === "error") return null;
  const candidates = [
    pick(pick(body, "rates"), "CRC"),
    pick(pick(body, "conversion_rates"), "CRC"),
    pick(pick(body, "usd"), "crc"),
  ];
  for (const candidate of candidates) {
    const value = typeof candidate === "string" ? Number(candidate) : candidate;
    if (typeof value === "number" && Number.isFinite(value) && value >= PLAUSIBLE_MIN && value <= PLAUSIBLE_MAX) {
      return value;
    }
  }
  return null;
}

function sourceName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "url-inválida";
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "tiempo de espera agotado";
    if (error.name === "AbortError") return "cancelado";
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return typeof cause?.code === "string" ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}

export function createHttpExchangeRateSources(
  urls: readonly string[],
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): ExchangeRateSources {
  return {
    async fetchUsdToCrc(signal) {
      const failures: SourceFailure[] = [];
      for (const url of urls) {
        const source = sourceName(url);
        if (signal?.aborted) {
          failures.push({ source, reason: "cancelado" });
          break;
        }
        try {
          const timeout = AbortSignal.timeout(timeoutMs);
          const res = await fetchImpl(url, {
            headers: { accept: "application/json" },
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            redirect: "follow",
          });
          if (!res.ok) {
            await res.body?.cancel().catch(() => {});
            failures.push({ source, reason: `HTTP ${res.status}` });
            continue;
          }
          // The time-out covers reading the body too: the same signal aborts a stalled stream.
          const text = await res.text();
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            failures.push({ source, reason: "respuesta no es JSON" });
            continue;
          }
          const value = extractUsdToCrc(body);
          if (value === null) {
            failures.push({ source, reason: "respuesta sin tipo de cambio CRC" });
            continue;
          }
          return { value, source };
        } catch (error) {
          failures.push({ source, reason: describe(error) });
        }
      }
      throw new ExchangeRateSourcesError(failures);
    },
  };
}
