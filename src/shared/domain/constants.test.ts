// One checklist of the specs' section 9 constants (public-site.md and staff-side.md), each
// read from the module the app uses, so changing a promise means changing a test on purpose.

import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "../brand";
import { CLIENT_CODE_PATTERN } from "./client-code";
import { effectiveSearchLimit, SEARCH_ACCESS } from "./search-quota";
import { pickCouponToApply, couponExpiry } from "./coupons";
import {
  applyExchangeRateRule,
  DEFAULT_EXCHANGE_RATE,
  EXCHANGE_RATE_MARGIN,
  EXCHANGE_RATE_REFRESH_MS,
  EXCHANGE_RATE_SOURCE_TIMEOUT_MS,
  MAX_EXCHANGE_RATE,
  MIN_EXCHANGE_RATE,
} from "./exchange-rate";
import { COLON_SIGN, formatColones, LOCALE } from "./format";
import {
  CONTACT_REPLY_QUOTE_CHARS,
  EXCEL_UPLOAD_EXTENSIONS,
  IMAGE_MAX_BYTES,
  isExcelFileName,
  LATEST_COUPONS_SHOWN,
  LATEST_REFERRALS_SHOWN,
} from "./limits";
import { contactReplyMessage, welcomeMessage } from "./messages";
import { CR_PREFIX } from "./phone";
import {
  BUSINESS_HOURS,
  DAMAGE_REPORT_HOURS,
  FAQ_DELIVERY_BUSINESS_DAYS,
  FREE_STORAGE_DAYS,
  INSURANCE_COVERAGE_USD,
  isWithinBusinessHours,
  PROHIBITED_GOODS,
  TRACKING_REFRESH_HOUR,
} from "./policies";
import {
  AIR_RATE_TIERS,
  airRatePerGram,
  computeMontoColones,
  CUBIC_CM_PER_CUBIC_FOOT,
  roundUsd,
  SEA_USD_PER_CUBIC_FOOT,
  SHIPPING_MODE_INFO,
  usdToCrc,
} from "./pricing";
import { COUPON_VALIDITY_DAYS, MAX_COUPON_DISCOUNT, REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "./coupons";
import { DEFAULT_SEARCH_LIMIT } from "./search-quota";
import { MAX_CODES_PER_NOTICE } from "./limits";
import {
  NEW_PACKAGE_HIGHLIGHT_MS,
  QUERY_DEFAULTS,
  QUERY_GC_TIME_MS,
  retryDelayMs,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./ui-constants";

describe("public-site §9", () => {
  it("air: 0.016 USD/g up to 1999 g, 0.015 from 2000 to 4999 g, 0.014 from 5000 g", () => {
    expect(AIR_RATE_TIERS).toEqual([
      { belowGrams: 2000, usdPerGram: 0.016 },
      { belowGrams: 5000, usdPerGram: 0.015 },
      { belowGrams: Number.POSITIVE_INFINITY, usdPerGram: 0.014 },
    ]);
    expect([1999, 2000, 4999, 5000].map(airRatePerGram)).toEqual([0.016, 0.015, 0.015, 0.014]);
  });

  it("sea: 35 USD per cubic foot, cm³ / 28316.85 rounded up, Miami and China alike", () => {
    expect(SEA_USD_PER_CUBIC_FOOT).toBe(35);
    expect(CUBIC_CM_PER_CUBIC_FOOT).toBe(28316.85);
    expect(SHIPPING_MODE_INFO.maritimo.pricedBy).toBe("volume");
    expect(SHIPPING_MODE_INFO["maritimo-china"].pricedBy).toBe("volume");
  });

  it("unused multipliers: air 1, Miami sea 0.7, China sea 0.5", () => {
    expect(SHIPPING_MODE_INFO.aereo.multiplier).toBe(1);
    expect(SHIPPING_MODE_INFO.maritimo.multiplier).toBe(0.7);
    expect(SHIPPING_MODE_INFO["maritimo-china"].multiplier).toBe(0.5);
  });

  it("delivery times, and the FAQ's 7–10 business days aiming at 3–5", () => {
    expect(SHIPPING_MODE_INFO.aereo.deliveryTime).toBe("3 a 6 días hábiles");
    expect(SHIPPING_MODE_INFO.maritimo.deliveryTime).toBe("15 a 22 días");
    expect(SHIPPING_MODE_INFO["maritimo-china"].deliveryTime).toBe("aproximadamente 70 días");
    expect(FAQ_DELIVERY_BUSINESS_DAYS).toEqual({ standard: { min: 7, max: 10 }, target: { min: 3, max: 5 } });
  });

  it("exchange rate: default 514, fetched × 1.015, rounded, clamped 510–520; CRC whole, USD 2 decimals, es-CR", () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(514);
    expect(EXCHANGE_RATE_MARGIN).toBe(1.015);
    expect([MIN_EXCHANGE_RATE, MAX_EXCHANGE_RATE]).toEqual([510, 520]);
    expect([505, 400, 600].map(applyExchangeRateRule)).toEqual([513, 510, 520]);
    expect(usdToCrc(24.5, 514)).toBe(12593);
    expect(roundUsd(31.984)).toBe(31.98);
    expect(LOCALE).toBe("es-CR");
    expect(formatColones(12593)).toBe("₡12\u00a0593");
    expect(EXCHANGE_RATE_SOURCE_TIMEOUT_MS).toBe(5000);
  });

  it("referral: 5 % welcome, 10 % reward coupon, 60 days, one coupon, the highest, at most 10 %", () => {
    expect(REFERRAL_WELCOME_DISCOUNT).toBe(5);
    expect(REFERRER_REWARD_DISCOUNT).toBe(10);
    expect(COUPON_VALIDITY_DAYS).toBe(60);
    expect(MAX_COUPON_DISCOUNT).toBe(10);
    expect(couponExpiry("2024-01-01T00:00:00Z").toISOString()).toBe("2024-03-01T00:00:00.000Z");
    const now = "2024-01-02T00:00:00Z";
    const picked = pickCouponToApply(
      [
        { status: "DISPONIBLE", discountPercent: 5, expiresAt: "2024-02-01" },
        { status: "DISPONIBLE", discountPercent: 12, expiresAt: "2024-02-01" },
      ] as const,
      now,
    );
    expect(picked?.discountPercent).toBe(10);
  });

  it("search limit default 10; unlimited flag 0 or 1", () => {
    expect(DEFAULT_SEARCH_LIMIT).toBe(10);
    expect(effectiveSearchLimit(null)).toBe(10);
    expect(SEARCH_ACCESS).toEqual({ LIMITED: 0, UNLIMITED: 1 });
  });

  it("image maximum 10 MB", () => {
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it("free storage and consolidation up to 30 days", () => {
    expect(FREE_STORAGE_DAYS).toBe(30);
  });

  it("basic insurance up to 100 USD; damage reported within 48 hours", () => {
    expect(INSURANCE_COVERAGE_USD).toBe(100);
    expect(DAMAGE_REPORT_HOURS).toBe(48);
  });

  it("up to 10 tracking codes per notice", () => {
    expect(MAX_CODES_PER_NOTICE).toBe(10);
  });

  it("referral code: EX plus 6 characters A-Z or 0-9", () => {
    expect(CLIENT_CODE_PATTERN.test("EXAB12CD")).toBe(true);
    expect(CLIENT_CODE_PATTERN.test("EXab12cd")).toBe(false);
    expect(CLIENT_CODE_PATTERN.test("EXAB12C")).toBe(false);
  });

  it("hours Mon–Fri 8:00–17:00, Sat 8:00–15:00; prefix +506", () => {
    expect(BUSINESS_HOURS.weekdays).toMatchObject({ open: "08:00", close: "17:00" });
    expect(BUSINESS_HOURS.saturday).toMatchObject({ open: "08:00", close: "15:00" });
    expect(DEFAULT_BRAND.hours.weekdays).toBe("Lunes a Viernes: 8:00 AM - 5:00 PM");
    expect(DEFAULT_BRAND.hours.saturday).toBe("Sábado: 8:00 AM - 3:00 PM");
    expect(CR_PREFIX).toBe("506");
    expect(DEFAULT_BRAND.whatsapp.startsWith(CR_PREFIX)).toBe(true);
  });

  it("knows when the office is open, in Costa Rica time", () => {
    // 2024-06-14 is a Friday, 06-15 a Saturday, 06-16 a Sunday; Costa Rica is UTC−6.
    expect(isWithinBusinessHours("2024-06-14T13:59:00Z")).toBe(false); // Fri 07:59
    expect(isWithinBusinessHours("2024-06-14T14:00:00Z")).toBe(true); // Fri 08:00
    expect(isWithinBusinessHours("2024-06-14T22:59:00Z")).toBe(true); // Fri 16:59
    expect(isWithinBusinessHours("2024-06-14T23:00:00Z")).toBe(false); // Fri 17:00
    expect(isWithinBusinessHours("2024-06-15T20:59:00Z")).toBe(true); // Sat 14:59
    expect(isWithinBusinessHours("2024-06-15T21:00:00Z")).toBe(false); // Sat 15:00
    expect(isWithinBusinessHours("2024-06-16T16:00:00Z")).toBe(false); // Sun 10:00
    expect(isWithinBusinessHours("no es fecha")).toBe(false);
  });

  it("prohibited goods: perishables, flammable liquids, hazardous substances, non-prescribed medicines, weapons", () => {
    expect(PROHIBITED_GOODS).toEqual([
      "Productos perecederos",
      "Líquidos inflamables",
      "Sustancias peligrosas",
      "Medicamentos sin receta médica",
      "Armas",
    ]);
  });

  it("toasts: 1 at once, 5000 ms, swipe 50 px right, removed after 1,000,000 ms, F8", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_SWIPE_DIRECTION).toBe("right");
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_HOTKEY).toEqual(["F8"]);
  });

  it("data cache: gc after 5 minutes; back-off 1 s doubling to 30 s, retries off", () => {
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(QUERY_DEFAULTS.retry).toBe(false);
  });

  it("tracking refresh each afternoon; new package highlight 5 seconds", () => {
    expect(TRACKING_REFRESH_HOUR).toBeGreaterThanOrEqual(12);
    expect(TRACKING_REFRESH_HOUR).toBeLessThan(18);
    expect(NEW_PACKAGE_HIGHLIGHT_MS).toBe(5000);
  });
});

describe("staff-side §9", () => {
  it("default monthly AI search limit 10", () => {
    expect(DEFAULT_SEARCH_LIMIT).toBe(10);
  });

  it("air freight by tier (1.6 %, 1.5 %, 1.4 %) × rate, rounded to colones", () => {
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1000", rate: 514 })).toBe(8224);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "3000", rate: 514 })).toBe(23130);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "6000", rate: 514 })).toBe(43176);
  });

  it("sea freight: value rounded up × 35 USD × rate, rounded", () => {
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "1,01", rate: 514 })).toBe(2 * 35 * 514);
  });

  it("default exchange rate 514, refreshed every 30 minutes", () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(514);
    expect(EXCHANGE_RATE_REFRESH_MS).toBe(30 * 60 * 1000);
  });

  it("referral programme as on the public side", () => {
    expect([REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT, COUPON_VALIDITY_DAYS, MAX_COUPON_DISCOUNT]).toEqual([
      5, 10, 60, 10,
    ]);
  });

  it("lists show the latest 10 referrals and 15 coupons", () => {
    expect(LATEST_REFERRALS_SHOWN).toBe(10);
    expect(LATEST_COUPONS_SHOWN).toBe(15);
  });

  it("maximum 10 tracking codes per notice", () => {
    expect(MAX_CODES_PER_NOTICE).toBe(10);
  });

  it("phone prefix 506; the welcome message includes the client's unique code", () => {
    expect(CR_PREFIX).toBe("506");
    expect(welcomeMessage({ nombre: "Ana", clientCode: "EXQ1W2E3", brandName: "Express Import" })).toContain("EXQ1W2E3");
  });

  it("Excel upload types .xlsx and .xls", () => {
    expect(EXCEL_UPLOAD_EXTENSIONS).toEqual([".xlsx", ".xls"]);
    expect(isExcelFileName("Clientes.XLSX")).toBe(true);
    expect(isExcelFileName("viejo.xls")).toBe(true);
    expect(isExcelFileName("datos.csv")).toBe(false);
  });

  it("currency symbol for cost and amount: the colón", () => {
    expect(COLON_SIGN).toBe("₡");
    expect(formatColones(8224).startsWith("₡")).toBe(true);
  });

  it("contact reply quotes the first 50 characters", () => {
    expect(CONTACT_REPLY_QUOTE_CHARS).toBe(50);
    const mensaje = "0123456789".repeat(6);
    expect(contactReplyMessage({ nombre: "Ana", mensaje })).toContain(`"${mensaje.slice(0, 50)}..."`);
  });

  it("data loading: no retries, never stale, no refetch on focus, no polling", () => {
    expect(QUERY_DEFAULTS).toEqual({
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      gcTime: 5 * 60 * 1000,
    });
  });

  it("toasts: at most 1, auto-close 5000 ms", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("business hours Monday–Friday 8:00–17:00, Saturday 8:00–15:00", () => {
    expect(BUSINESS_HOURS).toEqual({
      weekdays: { label: "Lunes a Viernes", open: "08:00", close: "17:00" },
      saturday: { label: "Sábado", open: "08:00", close: "15:00" },
    });
  });
});
