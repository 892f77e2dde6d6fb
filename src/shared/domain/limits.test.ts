import { expect, it } from "vitest";
import { isExcelFileName, partsMaxYear, PARTS_MIN_YEAR } from "./limits";

it("runs the vehicle year from 1900 to next year on the Costa Rica calendar", () => {
  expect(PARTS_MIN_YEAR).toBe(1900);
  expect(partsMaxYear(new Date("2024-06-15T12:00:00Z"))).toBe(2025);
  // 1 January 03:00 UTC is still 31 December in Costa Rica.
  expect(partsMaxYear(new Date("2025-01-01T03:00:00Z"))).toBe(2025);
  expect(partsMaxYear(new Date("2025-01-01T07:00:00Z"))).toBe(2026);
});

it("accepts only Excel file names", () => {
  expect(isExcelFileName("clientes.xlsx")).toBe(true);
  expect(isExcelFileName("xlsx")).toBe(false);
  expect(isExcelFileName("clientes.xlsx.pdf")).toBe(false);
});
