// The rules every free text of the shared schemas follows (docs/decisions/098), in one place so
// no field forgets one: control characters are refused (NUL above all, which PostgreSQL's text
// type rejects with an error), whitespace is normalised, and names are names. The WhatsApp
// sender re-checks its template parameters with the same link test (looksLikeLink).
import { z } from "./validation";

export const TEXT_CONTROL_CHARS = "El texto no puede contener caracteres de control ni caracteres invisibles";
export const NAME_CHARS_INVALID = "El nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos";
export const NAME_LINK = "El nombre no puede contener enlaces ni direcciones web (deja un espacio después de cada punto)";

/**
 * What no text keeps: C0 controls other than tab and line breaks, DEL, C1 controls (NEL among
 * them), Unicode line and paragraph separators, and the bidi embeddings, overrides and isolates
 * that make text read differently from what it is. Tab, CR and LF are whitespace, handled below.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function hasControlChars(value: string): boolean {
  return FORBIDDEN.test(value);
}

/**
 * Whitespace as it is stored. Single line: every run of whitespace (tabs and line breaks
 * included) is one space. Multi-line: CR LF and CR become LF, tabs a space; nothing else changes.
 * Both trimmed.
 */
export function normalizeText(value: string, { multiline = false } = {}): string {
  if (!multiline) return value.replace(/\s+/g, " ").trim();
  return value.replace(/\r\n?/g, "\n").replace(/\t/g, " ").trim();
}

/**
 * A text field: any string without control characters, normalised (then chain `.pipe(...)`
 * for lengths and formats). `error` is the message for a value that is not a string.
 */
export function zText(options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((v) => !hasControlChars(v), { message: TEXT_CONTROL_CHARS, abort: true })
    .transform((v) => normalizeText(v, options));
}

// --- Links ---

/**
 * Whether a text holds something a messaging app would turn into a link: a scheme
 * ("https://", "wa.me/…" after one), "www.", or a domain ("evil.com", "bit.ly/x"), with the
 * full-width and ideographic dots some apps also accept. "Ma. José" and "J.R." are not links.
 */
export function looksLikeLink(value: string): boolean {
  const text = value.replace(/[\u3002\uFF0E\uFF61]/g, ".");
  return /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[\p{L}\p{N}-]{2,}\.[a-z]{2,}(?![\p{L}\p{N}])/iu.test(text);
}

// --- Person names ---

/** Letters (accents as one character or combined), spaces, apostrophes, hyphens and periods. */
const NAME_CHARS = /^\p{L}[\p{L}\p{M}' ’.-]*$/u;

/**
 * The problem with a person's name as typed (after trimming and collapsing spaces), or null.
 * No digits, no line breaks or controls, no links: a name is placed in WhatsApp messages.
 */
export function personNameProblem(name: string): string | null {
  if (looksLikeLink(name)) return NAME_LINK;
  if (!NAME_CHARS.test(name)) return NAME_CHARS_INVALID;
  return null;
}

/** Spaces of any kind (no-break, thin, …) are one space; tabs and line breaks stay to be refused. */
export function normalizePersonName(value: string): string {
  return value.replace(/[\p{Zs}]+/gu, " ").trim();
}

/**
 * A person's name: normalised, then the length rules of the form, then the name rule.
 * `required` also answers a value that is not a string.
 */
export function zPersonName(options: { min: number; max: number; required: string; tooShort?: string; tooLong: string }) {
  return z
    .string({ error: options.required })
    .transform(normalizePersonName)
    .pipe(
      z
        .string()
        .min(Math.max(options.min, 1), options.tooShort ?? options.required)
        .max(options.max, options.tooLong)
        .superRefine((name, ctx) => {
          const problem = name === "" ? null : personNameProblem(name);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );
}
