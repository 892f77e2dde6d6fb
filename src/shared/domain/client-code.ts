// Client codes: EX followed by letters or digits. Codes are issued as EX + 6 from a
// cryptographic source; lookups accept what the spec allows on each screen.

/** Parts-assistant verification: EX + at least 3 alphanumerics. */
export const VERIFY_CODE_PATTERN = /^EX[A-Z0-9]{3,}$/;
/** Tracking search and referral codes: EX + exactly 6. */
export const CLIENT_CODE_PATTERN = /^EX[A-Z0-9]{6}$/;
/** Codes a stored client may hold (the database's check): EX + 3 to 14, for clients of the old system. */
export const STORED_CLIENT_CODE_PATTERN = /^EX[A-Z0-9]{3,14}$/;
export const CLIENT_CODE_EXAMPLE = "EX4K7P2M";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

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
 * A new EX + 6 code from crypto.getRandomValues, without modulo bias (36^6 ≈ 2.2 billion codes).
 * Uniqueness is the database's job (unique index); callers retry on a collision.
 */
export function generateClientCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let code = "EX";
  while (code.length < 8) {
    const bytes = random(new Uint8Array(8));
    for (const byte of bytes) {
      // 252 = 36 * 7: values at or above it would favour the first letters.
      if (byte < 252 && code.length < 8) code += ALPHABET[byte % 36];
    }
  }
  return code;
}
