// WhatsApp numbers: Costa Rican format for clients (+506 and 8 digits), the looser
// international form of the notice page, and the digits a wa.me chat link needs.

export const CR_PREFIX = "506";

/**
 * "+506 8888-7777", "8888 7777", "50688887777" → "+50688887777"; anything else → null. A number
 * written with a leading + carries its country code: "+5068888" is a cut-off number, not 5068-8888.
 */
export function normalizeCostaRicanWhatsapp(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith(CR_PREFIX)) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith("1506")) digits = digits.slice(4);
  else if (input.trim().startsWith("+")) return null;
  if (!/^[2-8]\d{7}$/.test(digits)) return null;
  return `+${CR_PREFIX}${digits}`;
}

/** Digits for a wa.me link (staff-side §5): 8 digits get 506; 11 with 506 kept; 12 with 1506 lose the 1. */
export function toWhatsappChatNumber(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (digits.length === 8) return CR_PREFIX + digits;
  if (digits.length === 12 && digits.startsWith("1506")) return digits.slice(1);
  return digits;
}

/** The notice page's rule: 10 to 15 characters, digits with an optional leading plus. */
export const NOTICE_WHATSAPP_PATTERN = /^\+?\d{9,15}$/;
export function isNoticeWhatsapp(input: string): boolean {
  return input.length >= 10 && input.length <= 15 && NOTICE_WHATSAPP_PATTERN.test(input);
}

/** "+50688887777" → "+506 88887777" (staff-side: a space after the +506 prefix). */
export function formatPhoneForDisplay(phone: string): string {
  return phone.replace(/^\+506(?=\d)/, "+506 ");
}

/** A wa.me chat link with prefilled text. */
export function whatsappChatLink(number: string, text?: string): string {
  const base = `https://wa.me/${toWhatsappChatNumber(number)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
