// The rate every colón amount uses (public-site §7–9, staff-side §7, §9): read through the
// exchange-rate provider, which stores it in app_cache and never fails, and the background job
// that keeps it fresh every 30 minutes.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { TExchangeRateResponse } from "../../../shared/api/exchange-rate";
import { EXCHANGE_RATE_REFRESH_MS } from "../../../shared/domain/exchange-rate";
import type { AppContext } from "../../context";

/** The stored rate (a stale one triggers a background refresh), a fetched one, or 514. */
export function getExchangeRate(ctx: Pick<AppContext, "providers">, log?: FastifyBaseLogger): Promise<TExchangeRateResponse> {
  return ctx.providers.exchangeRates.current(log);
}

/**
 * Refreshes the rate at start (when the stored one is missing or stale) and every 30 minutes,
 * so visitors rarely meet a stale rate. buildApp starts it when deps.startJobs is set; the
 * timer stops when the app closes.
 */
export function startExchangeRateRefresh(
  app: FastifyInstance,
  ctx: Pick<AppContext, "providers">,
  intervalMs: number = EXCHANGE_RATE_REFRESH_MS,
): { stop(): void } {
  const provider = ctx.providers.exchangeRates;
  // A minute of slack so a rate fetched a little after the previous tick is still renewed on this one.
  const maxAgeMs = Math.max(0, intervalMs - 60_000);
  const tick = () => {
    provider.refresh(app.log, maxAgeMs).catch((error: unknown) => app.log.warn({ err: error }, "exchange-rate refresh failed"));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  // A pending refresh must not keep a finished process alive.
  timer.unref();
  const stop = () => clearInterval(timer);
  app.addHook("onClose", async () => {
    stop();
    provider.close();
    await provider.idle();
  });
  return { stop };
}
