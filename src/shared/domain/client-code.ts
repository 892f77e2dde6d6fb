// Client codes: EX followed by letters or digits. Codes are issued as EX + 6 from a
// cryptographic source and an alphabet without look-alikes; lookups accept what the spec allows
// on each screen, and map a typed look-alike to the character issued codes hold (decision 107).

/** Parts-assistant verification: EX + at least 3 alphanumerics. */
export const VERIFY_CODE_PATTERN = /^EX[A-Z0-9]{3,}$/;
/** Tracking search and referral codes: EX + exactly 6. */
export const CLIENT_CODE_PATTERN = /^EX[A-Z0-9]{6}$/;
/** Codes a stored client may hold (the database's check): EX + 3 to 14, for clients of the old system. */
export const STORED_CLIENT_CODE_PATTERN = /^EX[A-Z0-9]{3,14}$/;
export const CLIENT_CODE_EXAMPLE = "EX4K7P2M";

/**
 * The characters of codes issued since issue 17 (decision 107): the ten digits and the letters
 * that no digit resembles. B, I, L, O, S and Z are left out, so a code read as 8/B, 1/I/L, 0/O,
 * 5/S or 2/Z is never two different codes. 30^6 ≈ 729 million codes.
 */
export const CODE_ALPHABET = "0123456789ACDEFGHJKMNPQRTUVWXY";

/** Each letter left out of CODE_ALPHABET → the digit it is read as. */
const LOOKALIKES: Readonly<Record<string, string>> = { O: "0", I: "1", L: "1", Z: "2", S: "5", B: "8" };

/**
 * The issued code a person meant when typing `code` (already normalized): every look-alike letter
 * becomes its digit, and "EX" stays. Codes of the old system (any of A–Z0–9) may hold those
 * letters, so this is only a second reading: exact matches win (server/modules/clients/code-lookup.ts).
 */
export function mapLookalikes(code: string): string {
  if (!code.startsWith("EX")) return code;
  return `EX${code.slice(2).replace(/[OILZSB]/g, (c) => LOOKALIKES[c])}`;
}

/** Whether a code could have been issued from CODE_ALPHABET (EX + 6, no look-alike letters). */
export function isLookalikeFreeCode(code: string): boolean {
  return CLIENT_CODE_PATTERN.test(code) && mapLookalikes(code) === code;
}

/** Uppercases and trims what a person typed. */
export function normalizeClientCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isVerifiableClientCode(input: string): boolean {
  return VERIFY_CODE_PATTERN.test(normalizeClientCode(input));
}

export function isClientCode(input: string): boolean {
  return CLIENT_CODE_PATTERN.test(normalizeClientCode(input));
}

/**
 * Whether a client that does not exist yet may get this code (registration, import, seed): only
 * the issued shape, EX + 6. A shorter code (EX + 3 is 46 656 codes, guessable) is accepted only
 * as the code of a client that already holds it.
 */
export function isNewClientCode(code: string): boolean {
  return CLIENT_CODE_PATTERN.test(code);
}

/** Referral codes in the address must already be upper case (public-site §5). */
export function isReferralCode(input: string): boolean {
  return CLIENT_CODE_PATTERN.test(input);
}

/**
 * A new EX + 6 code of CODE_ALPHABET from crypto.getRandomValues, without modulo bias (30^6 ≈ 729
 * million codes). Client codes and referral codes both come from here. Uniqueness is the
 * database's job (unique indexes, code-issuing.ts); callers retry on a collision.
 */
export function generateClientCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const size = CODE_ALPHABET.length;
  // 240 = 30 * 8: values at or above it would favour the first characters.
  const bound = 256 - (256 % size);
  let code = "EX";
  while (code.length < 8) {
    const bytes = random(new Uint8Array(8));
    for (const byte of bytes) {
      if (byte < bound && code.length < 8) code += CODE_ALPHABET[byte % size];
    }
  }
  return code;
}
