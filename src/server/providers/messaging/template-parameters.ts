// The last check before a value becomes a WhatsApp template parameter (docs/decisions/098).
// Names and codes are validated where they enter, but old rows, imports from before the rules
// and future fields may not be: whatever reaches the Cloud API passes here, once, at send time.
import { looksLikeLink } from "../../../shared/text-rules";
import { MessagingError } from "./types";

/** Whitespace and the characters the Cloud API refuses or that disguise text (controls, bidi, zero-width). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACE_LIKE = /[\s\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]+/g;

export const PARAMETER_MAX_CHARS = 1024;

/**
 * One parameter as sent: the API refuses new lines, tabs and more than four spaces in a row,
 * so every run of whitespace or control characters becomes one space, and an empty value
 * becomes "-". A value that holds a link is never sent: the message fails, for good, with a
 * reason staff can act on — a link in a customer's name is someone's phishing, not a typo.
 */
export function templateParameterText(value: string, position = 1): string {
  const text = value.replace(SPACE_LIKE, " ").trim();
  if (looksLikeLink(text)) {
    throw new MessagingError(
      `No se envió: el dato {{${position}}} del mensaje contiene un enlace o una dirección web. ` +
        "Corrige el nombre o el código guardado y vuelve a cambiar el estado para avisar al cliente.",
      false,
    );
  }
  return text === "" ? "-" : text.slice(0, PARAMETER_MAX_CHARS);
}
