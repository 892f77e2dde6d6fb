// The consecutivo (20 digits) and the clave (50 digits) of a comprobante, as Hacienda's format 4.4
// defines them:
//   consecutivo = branch (3) · terminal (5) · document type (2) · number (10)
//   clave       = 506 · day (2) · month (2) · year (2) · emitter id (12, zero-padded)
//                 · consecutivo (20) · situation (1: 1 normal, 2 contingencia, 3 sin internet)
//                 · security code (8)
// Dates are Costa Rica's (UTC−6 all year: no daylight saving since 1992).
import { randomInt } from "node:crypto";
import { DOCUMENT_TYPE_CODES, type DocumentKind } from "./document";

export const MAX_DOCUMENT_NUMBER = 9_999_999_999;
const COSTA_RICA_OFFSET_MS = 6 * 3600_000;

export type Situation = "NORMAL" | "CONTINGENCIA" | "SIN_INTERNET";
const SITUATION_CODES: Record<Situation, string> = { NORMAL: "1", CONTINGENCIA: "2", SIN_INTERNET: "3" };

/** Branch "001" (3 digits, casa matriz 001) and terminal "00001" (5 digits) of the issuing point. */
export interface IssuingPoint {
  branch: string;
  terminal: string;
}

export function consecutivo(point: IssuingPoint, kind: DocumentKind, number: number): string {
  if (!/^\d{3}$/.test(point.branch) || !/^\d{5}$/.test(point.terminal)) throw new Error("La sucursal tiene 3 dígitos y la terminal 5.");
  if (!Number.isSafeInteger(number) || number < 1 || number > MAX_DOCUMENT_NUMBER) throw new Error(`Número de comprobante fuera de rango: ${number}`);
  return `${point.branch}${point.terminal}${DOCUMENT_TYPE_CODES[kind]}${String(number).padStart(10, "0")}`;
}

/** The Costa Rica wall-clock parts of an instant. */
export function costaRicaParts(at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const local = new Date(at.getTime() - COSTA_RICA_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** "2026-11-27T14:05:09-06:00": FechaEmision and the reception API's fecha. */
export function costaRicaDateTime(at: Date): string {
  const p = costaRicaParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}-06:00`;
}

export function clave(input: {
  issuedAt: Date;
  emitterIdNumber: string;
  consecutivo: string;
  situation?: Situation;
  /** 8 digits; random when not given. */
  securityCode?: string;
}): string {
  if (!/^\d{1,12}$/.test(input.emitterIdNumber)) throw new Error("La identificación del emisor tiene como máximo 12 dígitos.");
  if (!/^\d{20}$/.test(input.consecutivo)) throw new Error("El consecutivo tiene 20 dígitos.");
  const code = input.securityCode ?? String(randomInt(0, 100_000_000)).padStart(8, "0");
  if (!/^\d{8}$/.test(code)) throw new Error("El código de seguridad tiene 8 dígitos.");
  const p = costaRicaParts(input.issuedAt);
  const two = (n: number) => String(n).padStart(2, "0");
  return `506${two(p.day)}${two(p.month)}${two(p.year % 100)}${input.emitterIdNumber.padStart(12, "0")}${input.consecutivo}${SITUATION_CODES[input.situation ?? "NORMAL"]}${code}`;
}
