// GET /api/exchange-rate (public-site §7, §9; staff-side reuses it): the USD→CRC rate every
// colón amount is computed with, when it was fetched and where it came from.
import { z } from "../validation";
import { EXCHANGE_RATE_PATH } from "../domain/exchange-rate";
import { defineRoute } from "./contract";

/** `source` when no outside source has ever answered and the built-in 514 is served. */
export const EXCHANGE_RATE_DEFAULT_SOURCE = "default";

export const ZExchangeRateResponseSchema = z.object({
  /** Colones per dollar, margin and band already applied (applyExchangeRateRule). */
  rate: z.number().positive(),
  /** ISO time the rate was fetched; null for the built-in default. */
  lastUpdated: z.string().nullable(),
  /** Host name of the source that answered, or "default". */
  source: z.string(),
});
export type TExchangeRateResponse = z.infer<typeof ZExchangeRateResponseSchema>;

/** GET /api/exchange-rate (public): the rate now, answered from storage whenever one is stored. */
export const EXCHANGE_RATE_ROUTE = defineRoute({
  method: "GET",
  path: EXCHANGE_RATE_PATH,
  tag: "exchange-rate",
  summary: "El tipo de cambio USD→CRC con que se calcula todo monto en colones",
  responses: { 200: ZExchangeRateResponseSchema },
});
