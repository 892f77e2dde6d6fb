// Every abuse limit of the public site in one table: name → limit per address, window, Spanish
// 429 message and what it protects (docs/security.md repeats it). config.ts validates RATE_LIMITS
// against these names; abuse-limits.ts applies them. Imports only shared texts, so the
// configuration can read it without a cycle.
import { LOOKUP_RATE_LIMITED, REGISTER_RATE_LIMITED } from "../../shared/api/clients";
import { WRITE_RATE_LIMITED } from "../../shared/api/trackings";
import { VERIFY_RATE_LIMITED } from "../../shared/api/clients-verification";
import { SEARCH_RATE_LIMITED } from "../../shared/api/parts-assistant";
import { UPLOAD_RATE_LIMITED } from "../../shared/api/uploads";
import { CONTACT_RATE_LIMITED } from "../../shared/api/contact";
import { ANALYSIS_RATE_LIMITED } from "../../shared/api/product-analysis";
import { ADD_CODES_RATE_LIMITED } from "../../shared/api/whatsapp-entries";

/** A 429 sentence, fixed or built from the minutes left. */
export type LimitMessage = string | ((minutesLeft: number) => string);

export interface AbuseLimit {
  /** Counter key prefix (kept stable: tests and running instances address counters by it). */
  key: string;
  /** The hard ceiling per window: beyond it, a Spanish 429 until the window ends. */
  limit: number;
  /**
   * Below this count a request is free; from it up to `limit`, each one must carry a solved
   * proof-of-work challenge (lib/proof-of-work.ts, decision 109). Unset: no challenge, just `limit`.
   * Shared addresses (carrier-grade NAT) then pay CPU seconds instead of being locked out.
   */
  challengeAfter?: number;
  windowMs: number;
  message: LimitMessage;
  /** What the limit protects (docs/security.md repeats it). */
  protects: string;
}

const MINUTE = 60_000;
/** A `limit` no counter reaches: the limit prices requests (challengeAfter) but never refuses them. */
const NEVER_REFUSED = 2_000_000_000;

export const ADMIN_LOGIN_LIMITED = (minutes: number) => `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} minutos.`;
const CHALLENGE_RATE_LIMITED = "Demasiadas verificaciones desde esta conexión. Espera un minuto e intenta de nuevo.";
export const CODE_MISSES_LIMITED = (minutes: number) =>
  `Demasiados códigos de cliente no encontrados desde esta conexión. Intenta de nuevo en ${minutes} minutos o escríbenos por WhatsApp.`;

/** The defaults. RATE_LIMITS can change `limit` and the window of any of them. */
export const ABUSE_LIMITS = {
  /**
   * Failed sign-ins per address (a right password clears the count). Never refused (decision 143):
   * past `challengeAfter` each attempt carries a proof of work that doubles with every further
   * failure, up to MAX_CHALLENGE_WORK standard challenges (modules/auth/login-guard.ts).
   */
  adminLogin: { key: "admin-login", challengeAfter: 10, limit: NEVER_REFUSED, windowMs: 15 * MINUTE, message: ADMIN_LOGIN_LIMITED, protects: "staff passwords against guessing from one address" },
  /**
   * Failed sign-ins counted per account (the typed login, lower case; no login: the built-in
   * owner's), from any address, priced like adminLogin: many addresses cannot guess one person's
   * password or code cheaply, nor lock the person out.
   */
  adminLoginAccount: { key: "admin-login-account", challengeAfter: 10, limit: NEVER_REFUSED, windowMs: 15 * MINUTE, message: ADMIN_LOGIN_LIMITED, protects: "one staff account's password and second step against guessing from many addresses" },
  /**
   * Failed sign-ins from a browser that signed in to the account before (its known-device cookie),
   * counted apart: strangers' failures never price it. Past the limit the device signs in as a
   * stranger would (it is never refused either).
   */
  adminLoginDevice: { key: "admin-login-device", limit: 10, windowMs: 15 * MINUTE, message: ADMIN_LOGIN_LIMITED, protects: "a known device's sign-ins, apart from strangers' failures" },
  /** Wrong current passwords and codes typed inside a session, per account: a stolen session guesses slowly. */
  adminOwnCheck: { key: "admin-own-check", limit: 10, windowMs: 15 * MINUTE, message: ADMIN_LOGIN_LIMITED, protects: "a person's password and second step against a stolen session" },
  /** Lookups by client code: packages, coupons, referrals. */
  clientLookup: { key: "clients-lookup", challengeAfter: 60, limit: 600, windowMs: MINUTE, message: LOOKUP_RATE_LIMITED, protects: "the database against scraping by code" },
  /**
   * Misses on any route declaring config.codeOracle (counted by the guard in abuse-limits.ts).
   * Not a ceiling (a shared address is never locked out, decision 144): 10 free, then each code
   * request carries a solved challenge whose price doubles as the misses grow, reaching its
   * highest (16 times the base) past `limit` misses (`missPrice`; docs/security.md). The message
   * is never shown.
   */
  codeMisses: { key: "client-code-misses", challengeAfter: 10, limit: 210, windowMs: 24 * 60 * MINUTE, message: CODE_MISSES_LIMITED, protects: "client codes against guessing" },
  /** A client's pre-alerts, edits and deletes. */
  clientWrite: { key: "clients-write", challengeAfter: 30, limit: 300, windowMs: MINUTE, message: WRITE_RATE_LIMITED, protects: "clients' package lists against floods" },
  /** The same writes counted per client code, from any address: many addresses cannot flood one list. */
  clientWriteCode: { key: "clients-write-code", limit: 120, windowMs: 60 * MINUTE, message: WRITE_RATE_LIMITED, protects: "one client's package list against floods from many addresses" },
  /** Per address: 5 free an hour, then one solved challenge each (409s included), at most 600. */
  registration: { key: "clients-register", challengeAfter: 5, limit: 600, windowMs: 60 * MINUTE, message: REGISTER_RATE_LIMITED, protects: "the client table and the WhatsApp welcome messages (each costs money)" },
  /** Per phone number, whatever the address: registrations (409s included). */
  registrationPhone: { key: "clients-register-phone", limit: 3, windowMs: 24 * 60 * MINUTE, message: REGISTER_RATE_LIMITED, protects: "one number against repeated sign-ups and number probing" },
  verification: { key: "parts-verify", challengeAfter: 30, limit: 300, windowMs: 10 * MINUTE, message: VERIFY_RATE_LIMITED, protects: "client codes against guessing through the parts assistant" },
  partsSearch: { key: "parts-search", limit: 20, windowMs: 10 * MINUTE, message: SEARCH_RATE_LIMITED, protects: "the AI budget" },
  upload: { key: "parts-uploadUrl", limit: 20, windowMs: 10 * MINUTE, message: UPLOAD_RATE_LIMITED, protects: "object storage" },
  contact: { key: "contact", limit: 5, windowMs: 10 * MINUTE, message: CONTACT_RATE_LIMITED, protects: "the staff's inbox" },
  productAnalysis: { key: "product-analysis", limit: 20, windowMs: 10 * MINUTE, message: ANALYSIS_RATE_LIMITED, protects: "the AI budget" },
  /** New proof-of-work challenges (each costs the server one key derivation). */
  challenge: { key: "pow-challenge", limit: 600, windowMs: MINUTE, message: CHALLENGE_RATE_LIMITED, protects: "the server's CPU" },
  whatsappNotice: { key: "whatsapp-add", challengeAfter: 10, limit: 200, windowMs: 10 * MINUTE, message: ADD_CODES_RATE_LIMITED, protects: "the WhatsApp entries table and message budget" },
} satisfies Record<string, AbuseLimit>;

export type AbuseLimitName = keyof typeof ABUSE_LIMITS;
export const ABUSE_LIMIT_NAMES = Object.keys(ABUSE_LIMITS) as [AbuseLimitName, ...AbuseLimitName[]];

/** What RATE_LIMITS may say about one limit. */
export interface AbuseLimitOverride {
  limit?: number;
  challengeAfter?: number;
  windowMinutes?: number;
}
