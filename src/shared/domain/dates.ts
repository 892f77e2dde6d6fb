// Calendar arithmetic in Costa Rica time. Day and month boundaries (the monthly search reset,
// the admin's "needs update today" filter) follow the office's clock, not the server's or the
// browser's, so both sides agree whatever time zone they run in.

export const COSTA_RICA_TIME_ZONE = "America/Costa_Rica";

export type DateInput = Date | string | number;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * The one rule for a date a person types or sends (issue 31): "AAAA-MM-DD" naming a day that
 * exists. JavaScript's Date rolls impossible days over (2026-02-30 becomes 2026-03-02), so the
 * day is rebuilt from its parts and must come back the same.
 */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An ISO instant as the API takes it ("2026-03-10T14:00:00Z", "…T08:00:00.5-06:00"): a real day
 * (isCalendarDay), hours 00–23, minutes and seconds 00–59 and an offset up to ±14:00.
 */
export function isIsoInstant(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/.exec(value);
  if (!m || !isCalendarDay(m[1])) return false;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  if (m[5] !== "Z" && (Number(m[6]) > 14 || Number(m[7]) > 59)) return false;
  return !Number.isNaN(new Date(value).getTime());
}

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
  // An impossible one (2026-02-30) is refused, never rolled over.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (!isCalendarDay(value)) throw new RangeError("Fecha inválida");
    return value;
  }
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

/** The calendar year in Costa Rica at that instant. */
export function costaRicaYear(value: DateInput): number {
  return Number(costaRicaDayKey(value).slice(0, 4));
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

/** Costa Rica calendar days from `since` to `until` (0 on the same day, negative when `since` is later). */
export function costaRicaDaysBetween(since: DateInput, until: DateInput): number {
  const a = Date.parse(`${costaRicaDayKey(since)}T00:00:00Z`);
  const b = Date.parse(`${costaRicaDayKey(until)}T00:00:00Z`);
  return Math.round((b - a) / MS_PER_DAY);
}
