// Calendar arithmetic in Costa Rica time. Day and month boundaries (the monthly search reset,
// the admin's "needs update today" filter) follow the office's clock, not the server's or the
// browser's, so both sides agree whatever time zone they run in.

export const COSTA_RICA_TIME_ZONE = "America/Costa_Rica";

export type DateInput = Date | string | number;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** A Date from what the database or a JSON answer holds; null when it is not a real instant. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// en-CA gives ISO-like digits; the formatter is built once because construction is costly.
const dayKeyFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: COSTA_RICA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "2024-03-05": the calendar day of this instant in Costa Rica. */
export function costaRicaDayKey(value: DateInput): string {
  // A date-only string ("2026-11-01", a SQL `date`) already is a Costa Rica calendar day;
  // parsing it would read UTC midnight, which is the evening before in Costa Rica.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = toDate(value);
  if (!date) throw new RangeError("Fecha inválida");
  const parts = Object.fromEntries(dayKeyFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Midnight starting the Costa Rica calendar day of `value` (an instant, or a "2024-03-05" day):
 * UTC−6 all year, Costa Rica keeps no daylight saving.
 */
export function costaRicaDayStart(value: DateInput): Date {
  return new Date(`${costaRicaDayKey(value)}T00:00:00-06:00`);
}

/** "2024-03": the calendar month of this instant in Costa Rica. */
export function costaRicaMonthKey(value: DateInput): string {
  return costaRicaDayKey(value).slice(0, 7);
}

/** The instant plus whole days (Costa Rica keeps no daylight saving, so a day is always 24 h). */
export function addDays(value: DateInput, days: number): Date {
  const date = toDate(value);
  if (!date) throw new RangeError("Fecha inválida");
  return new Date(date.getTime() + days * MS_PER_DAY);
}
