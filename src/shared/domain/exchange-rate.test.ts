import { describe, expect, it } from "vitest";
import {
  applyExchangeRateRule,
  DEFAULT_EXCHANGE_RATE,
  EXCHANGE_RATE_MARGIN,
  EXCHANGE_RATE_REFRESH_MS,
  EXCHANGE_RATE_SOURCE_TIMEOUT_MS,
  MAX_EXCHANGE_RATE,
  MIN_EXCHANGE_RATE,
  resolveExchangeRate,
} from "./exchange-rate";

describe("applyExchangeRateRule", () => {
  it("adds the 1.5 % margin and rounds", () => {
    expect(applyExchangeRateRule(505)).toBe(513); // 512.575
    expect(applyExchangeRateRule(506)).toBe(514); // 513.59
    expect(applyExchangeRateRule(510.2)).toBe(518); // 517.853
  });

  it("clamps to 510…520", () => {
    expect(applyExchangeRateRule(400)).toBe(510);
    expect(applyExchangeRateRule(600)).toBe(520);
    expect(applyExchangeRateRule(502.4)).toBe(510); // 509.936 → 510
    expect(applyExchangeRateRule(512.5)).toBe(520); // 520.19 → 520
  });

  it("refuses values no source should give", () => {
    for (const bad of [0, -514, Number.NaN, Number.POSITIVE_INFINITY, "514", null, undefined]) {
      expect(applyExchangeRateRule(bad), String(bad)).toBeNull();
    }
  });
});

describe("resolveExchangeRate", () => {
  it("prefers a fresh rate, then the cached one, then 514", () => {
    expect(resolveExchangeRate(505, 519)).toBe(513);
    expect(resolveExchangeRate(null, 519)).toBe(519);
    expect(resolveExchangeRate(Number.NaN, null)).toBe(514);
    expect(resolveExchangeRate(undefined)).toBe(DEFAULT_EXCHANGE_RATE);
  });
});

it("keeps the spec's constants", () => {
  expect(DEFAULT_EXCHANGE_RATE).toBe(514);
  expect(EXCHANGE_RATE_MARGIN).toBe(1.015);
  expect([MIN_EXCHANGE_RATE, MAX_EXCHANGE_RATE]).toEqual([510, 520]);
  expect(EXCHANGE_RATE_REFRESH_MS).toBe(1_800_000);
  expect(EXCHANGE_RATE_SOURCE_TIMEOUT_MS).toBe(5000);
});
