// Size and count limits that both the forms and the server enforce (public-site §5, §9;
// staff-side §2, §9). The search limit lives in search-quota.ts and the coupon discounts in
// coupons.ts, beside the rules that use them.

import { costaRicaDayKey, type DateInput } from "./dates";

/** Codes one WhatsApp tracking entry form may send at once. */
export const MAX_CODES_PER_NOTICE = 10;

/** Part photos: 10 MB. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_LABEL = "10 MB";

/** The admin's referrals and coupons card shows the latest of each. */
export const LATEST_REFERRALS_SHOWN = 10;
export const LATEST_COUPONS_SHOWN = 15;

/** 'Responder por WhatsApp' quotes this many characters of the client's message. */
export const CONTACT_REPLY_QUOTE_CHARS = 50;

/** Excel import accepts these extensions (the file input's accept attribute and the server). */
export const EXCEL_UPLOAD_EXTENSIONS = [".xlsx", ".xls"] as const;

export function isExcelFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return EXCEL_UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Parts search: the vehicle year runs from 1900 to next calendar year. */
export const PARTS_MIN_YEAR = 1900;
/** Next year as the calendar stands in Costa Rica (not in the server's or browser's zone). */
export function partsMaxYear(now: DateInput = new Date()): number {
  return Number(costaRicaDayKey(now).slice(0, 4)) + 1;
}
