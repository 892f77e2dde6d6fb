import { describe, expect, it } from "vitest";
import { addDays, costaRicaDayKey, costaRicaDaysBetween, costaRicaDayStart, costaRicaMonthKey, isCalendarDay, isIsoInstant, toDate } from "./dates";

describe("Costa Rica calendar", () => {
  it("places instants on the Costa Rica day, six hours behind UTC", () => {
    expect(costaRicaDayKey("2024-03-05T05:59:59Z")).toBe("2024-03-04");
    expect(costaRicaDayKey("2024-03-05T06:00:00Z")).toBe("2024-03-05");
    expect(costaRicaMonthKey("2024-04-01T05:00:00Z")).toBe("2024-03");
    expect(costaRicaMonthKey("2024-04-01T06:00:00Z")).toBe("2024-04");
  });

  it("reads dates, strings and numbers and refuses invalid ones", () => {
    expect(toDate("2024-03-05T00:00:00Z")?.toISOString()).toBe("2024-03-05T00:00:00.000Z");
    expect(toDate(0)?.getTime()).toBe(0);
    expect(toDate("mañana")).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(() => costaRicaDayKey("mañana")).toThrow(RangeError);
  });

  it("adds whole days without touching the input", () => {
    const start = new Date("2024-01-01T12:00:00Z");
    expect(addDays(start, 60).toISOString()).toBe("2024-03-01T12:00:00.000Z");
    expect(start.toISOString()).toBe("2024-01-01T12:00:00.000Z");
  });
});

describe("costaRicaDayStart", () => {
  it("is midnight in Costa Rica (06:00 UTC), also late in the Costa Rica evening", () => {
    expect(costaRicaDayStart(new Date("2025-03-05T12:00:00Z")).toISOString()).toBe("2025-03-05T06:00:00.000Z");
    expect(costaRicaDayStart(new Date("2025-03-06T05:30:00Z")).toISOString()).toBe("2025-03-05T06:00:00.000Z");
  });

  it("takes a calendar day as typed in a date filter", () => {
    expect(costaRicaDayStart("2025-03-05").toISOString()).toBe("2025-03-05T06:00:00.000Z");
  });
});

describe("impossible dates (issue 31)", () => {
  it("a calendar day must exist: no 30 February, no 29 February outside leap years, no month 13", () => {
    for (const day of ["2026-02-28", "2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2026-02-30", "2026-02-29", "1900-02-29", "2025-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-5", "20260105", ""]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("an instant needs a real day, a real time and an offset", () => {
    for (const at of ["2026-03-10T14:00:00Z", "2026-03-10T08:00:00.5-06:00", "2026-03-10T23:59:59+14:00", "2026-03-10T08:00Z"]) expect(isIsoInstant(at), at).toBe(true);
    for (const at of ["2026-02-30T12:00:00Z", "2026-03-10T24:00:00Z", "2026-03-10T10:60:00Z", "2026-03-10T10:00:60Z", "2026-03-10T10:00:00", "2026-03-10T10:00:00+15:00", "2026-03-10"]) {
      expect(isIsoInstant(at), at).toBe(false);
    }
  });

  it("the Costa Rica day of an impossible day is refused, not rolled over", () => {
    expect(() => costaRicaDayKey("2026-02-30")).toThrow(RangeError);
    expect(() => costaRicaDayStart("2026-02-30")).toThrow(RangeError);
  });

  it("counts Costa Rica days between two instants", () => {
    expect(costaRicaDaysBetween("2026-03-01", new Date("2026-03-08T05:59:00Z"))).toBe(6);
    expect(costaRicaDaysBetween("2026-03-01", new Date("2026-03-08T06:00:00Z"))).toBe(7);
    expect(costaRicaDaysBetween("2026-03-02", "2026-03-01")).toBe(-1);
  });
});
