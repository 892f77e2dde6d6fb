import { describe, expect, it } from "vitest";
import {
  effectiveSearchLimit,
  isSearchQuotaActive,
  needsMonthlyReset,
  parseCountInput,
  SEARCH_ACCESS,
  searchesRemaining,
  searchQuotaLabel,
} from "./search-quota";

const NOW = new Date("2024-06-15T18:00:00Z"); // 12:00 in Costa Rica

describe("search quota", () => {
  it("is Activo while the used count is below the limit", () => {
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 9, searchLimit: 10 })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 10, searchLimit: 10 })).toBe(false);
    expect(searchQuotaLabel({ unlimitedAccess: 0, searchCount: 11, searchLimit: 10 })).toBe("Agotado");
    expect(searchQuotaLabel({ unlimitedAccess: 0, searchCount: 0, searchLimit: 3 })).toBe("Activo");
  });

  it("is always Activo with unlimited access (1 or true)", () => {
    expect(SEARCH_ACCESS).toEqual({ LIMITED: 0, UNLIMITED: 1 });
    expect(isSearchQuotaActive({ unlimitedAccess: 1, searchCount: 500, searchLimit: 10 })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: true, searchCount: 500, searchLimit: 0 })).toBe(true);
    expect(searchesRemaining({ unlimitedAccess: 1, searchCount: 500, searchLimit: 10 })).toBeNull();
  });

  it("uses the default limit of 10 when none is set", () => {
    expect(effectiveSearchLimit(null)).toBe(10);
    expect(effectiveSearchLimit(undefined)).toBe(10);
    expect(effectiveSearchLimit(0)).toBe(0);
    expect(isSearchQuotaActive({ unlimitedAccess: null, searchCount: 9, searchLimit: null })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 10, searchLimit: undefined })).toBe(false);
  });

  it("counts searches remaining, never below zero", () => {
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: 3, searchLimit: 10 })).toBe(7);
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: 12, searchLimit: 10 })).toBe(0);
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: null, searchLimit: null })).toBe(10);
  });

  it("reads the admin's number inputs: minimum 0, non-numbers become 0", () => {
    expect(parseCountInput("15")).toBe(15);
    expect(parseCountInput("7.9")).toBe(7);
    expect(parseCountInput("-3")).toBe(0);
    expect(parseCountInput("abc")).toBe(0);
    expect(parseCountInput("")).toBe(0);
    expect(parseCountInput(4)).toBe(4);
  });
});

describe("needsMonthlyReset", () => {
  it("resets once a new Costa Rica month has begun", () => {
    expect(needsMonthlyReset("2024-05-31T12:00:00Z", NOW)).toBe(true);
    expect(needsMonthlyReset("2024-06-01T12:00:00Z", NOW)).toBe(false);
    expect(needsMonthlyReset("2023-06-20T12:00:00Z", NOW)).toBe(true);
  });

  it("follows Costa Rica's month boundary, not UTC's", () => {
    // 1 July 03:00 UTC is still 30 June in Costa Rica: same month as the last reset.
    expect(needsMonthlyReset("2024-06-02T00:00:00Z", "2024-07-01T03:00:00Z")).toBe(false);
    expect(needsMonthlyReset("2024-06-02T00:00:00Z", "2024-07-01T06:00:00Z")).toBe(true);
    // A reset at 31 May 23:00 Costa Rica (1 June 05:00 UTC) belongs to May.
    expect(needsMonthlyReset("2024-06-01T05:00:00Z", "2024-06-01T07:00:00Z")).toBe(true);
  });

  it("resets a client that was never reset", () => {
    expect(needsMonthlyReset(null, NOW)).toBe(true);
    expect(needsMonthlyReset(undefined, NOW)).toBe(true);
  });
});

describe("needsMonthlyReset with a SQL date", () => {
  it("reads a date-only value as a Costa Rica calendar day", () => {
    expect(needsMonthlyReset("2026-11-01", new Date("2026-11-15T12:00:00-06:00"))).toBe(false);
    expect(needsMonthlyReset("2026-11-01", new Date("2026-11-01T00:30:00-06:00"))).toBe(false);
    expect(needsMonthlyReset("2026-10-01", new Date("2026-11-01T00:30:00-06:00"))).toBe(true);
  });
});
