// Service promises the pages state and the staff rely on (public-site §1, §9; staff-side §9):
// storage, insurance, prohibited goods, business hours and the FAQ's delivery times.

import { COSTA_RICA_TIME_ZONE, toDate, type DateInput } from "./dates";

export const FREE_STORAGE_DAYS = 30;

export const INSURANCE_COVERAGE_USD = 100;
/** Damage must be reported, with photos, within this many hours of delivery. */
export const DAMAGE_REPORT_HOURS = 48;

export const PROHIBITED_GOODS = [
  "Productos perecederos",
  "Líquidos inflamables",
  "Sustancias peligrosas",
  "Medicamentos sin receta médica",
  "Armas",
] as const;

/** Opening hours in Costa Rica time, 24-hour "HH:MM"; Sunday closed. */
export const BUSINESS_HOURS = {
  weekdays: { label: "Lunes a Viernes", open: "08:00", close: "17:00" },
  saturday: { label: "Sábado", open: "08:00", close: "15:00" },
} as const;

const weekdayAndTime = new Intl.DateTimeFormat("en-US", {
  timeZone: COSTA_RICA_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Whether the office is open at this instant (used for the contact page's hours card). */
export function isWithinBusinessHours(value: DateInput): boolean {
  const date = toDate(value);
  if (!date) return false;
  const parts = Object.fromEntries(weekdayAndTime.formatToParts(date).map((p) => [p.type, p.value]));
  const time = `${parts.hour}:${parts.minute}`;
  const day = parts.weekday;
  const hours = day === "Sat" ? BUSINESS_HOURS.saturday : day === "Sun" ? null : BUSINESS_HOURS.weekdays;
  return hours !== null && time >= hours.open && time < hours.close;
}

/** The FAQ's answer on delivery time, in business days. */
export const FAQ_DELIVERY_BUSINESS_DAYS = {
  standard: { min: 7, max: 10 },
  target: { min: 3, max: 5 },
} as const;

/**
 * International tracking is refreshed "every afternoon"; the hour (Costa Rica time) is our
 * reading of that, for the job that refreshes it and the note clients see.
 */
export const TRACKING_REFRESH_HOUR = 15;
export const TRACKING_REFRESH_NOTE = "El seguimiento lo realiza el courier internacional y se actualiza todas las tardes.";
