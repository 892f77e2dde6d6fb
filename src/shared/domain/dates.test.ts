import { describe, expect, it } from "vitest";
import { addDays, costaRicaDayKey, costaRicaDayStart, costaRicaMonthKey, toDate } from "./dates";

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
