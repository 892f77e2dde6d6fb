// Reads the environment once, at start-up. Nothing else in the server reads process.env.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_BRAND, mapEmbedUrlFor, type Brand } from "../shared/brand";
import { readImportTaxCategories } from "../shared/domain/import-taxes";
import { loadBrandTeam, type TeamPhoto } from "./lib/brand-team";
import { GRAPH_API_VERSION } from "./providers/messaging/whatsapp-cloud";
import { EXCHANGE_RATE_SOURCE_TIMEOUT_MS } from "../shared/domain/exchange-rate";
import { VOLUMETRIC_DIVISOR_MAX, VOLUMETRIC_DIVISOR_MIN, type VolumetricRule } from "../shared/domain/pricing";
import { ABUSE_LIMIT_NAMES, type AbuseLimitName, type AbuseLimitOverride } from "./lib/abuse-limit-table";
import { TAX_ID_TYPES, validateTaxId, type TaxIdType } from "../shared/domain/tax-identification";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** A variable holding a JSON object: {} when unset, a Spanish refusal when it is not JSON. */
const jsonVariable = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return {};
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: `${name} debe ser un objeto JSON` });
          return z.NEVER;
        }
      }),
  );

/** The connection and emitter variables of invoicing: all unset = off; the required ones all set = on. */
const HACIENDA_VARIABLES = [
  "HACIENDA_API_URL",
  "HACIENDA_IDP_URL",
  "HACIENDA_CLIENT_ID",
  "HACIENDA_USERNAME",
  "HACIENDA_PASSWORD",
  "HACIENDA_P12_PATH",
  "HACIENDA_P12_PIN",
  "HACIENDA_EMITTER_NAME",
  "HACIENDA_EMITTER_COMMERCIAL_NAME",
  "HACIENDA_EMITTER_ID_TYPE",
  "HACIENDA_EMITTER_ID_NUMBER",
  "HACIENDA_ACTIVITY_CODE",
  "HACIENDA_EMITTER_PROVINCE",
  "HACIENDA_EMITTER_CANTON",
  "HACIENDA_EMITTER_DISTRICT",
  "HACIENDA_EMITTER_BARRIO",
  "HACIENDA_EMITTER_OTHER_SIGNS",
  "HACIENDA_EMITTER_PHONE",
  "HACIENDA_EMITTER_EMAIL",
  "HACIENDA_PROVIDER_ID",
  "HACIENDA_CUSTOMS_PAYEE_ID",
  "HACIENDA_CUSTOMS_PAYEE_NAME",
] as const;
type HaciendaVariable = (typeof HACIENDA_VARIABLES)[number];
/** Those without which invoicing cannot be on. */
const HACIENDA_REQUIRED: readonly HaciendaVariable[] = [
  "HACIENDA_API_URL",
  "HACIENDA_IDP_URL",
  "HACIENDA_CLIENT_ID",
  "HACIENDA_USERNAME",
  "HACIENDA_PASSWORD",
  "HACIENDA_P12_PATH",
  "HACIENDA_P12_PIN",
  "HACIENDA_EMITTER_NAME",
  "HACIENDA_EMITTER_ID_TYPE",
  "HACIENDA_EMITTER_ID_NUMBER",
  "HACIENDA_ACTIVITY_CODE",
  "HACIENDA_EMITTER_PROVINCE",
  "HACIENDA_EMITTER_CANTON",
  "HACIENDA_EMITTER_DISTRICT",
  "HACIENDA_EMITTER_OTHER_SIGNS",
  "HACIENDA_EMITTER_EMAIL",
  "HACIENDA_PROVIDER_ID",
];

/** The charge kinds a comprobante line comes from (customs taxes are a reimbursement, not a sale: decision 186). */
export const INVOICE_CHARGE_KINDS = ["FLETE", "ALMACENAJE", "ENTREGA", "OTRO"] as const;
export type InvoiceChargeKind = (typeof INVOICE_CHARGE_KINDS)[number];
export interface InvoiceChargeCode {
  cabys: string;
  taxRateCode: string;
  taxPercent: number;
  unit?: string;
}

/** Invoicing is "off" (nothing configured: receipts say they are not fiscal documents) or "on" with everything it needs. */
export type InvoicingConfig =
  | { state: "off" }
  | {
      state: "on";
      connection: { apiUrl: string; idpUrl: string; clientId: string; username: string; password: string };
      p12Path: string;
      p12Pin: string;
      emitter: {
        name: string;
        commercialName?: string;
        idType: TaxIdType;
        idNumber: string;
        activityCode: string;
        location: { province: string; canton: string; district: string; barrio?: string; otherSigns: string };
        phone?: string;
        email: string;
        systemProviderId: string;
      };
      /** Branch and terminal of the consecutivo. */
      point: { branch: string; terminal: string };
      /** Overrides of the charge kinds' CABYS codes and taxes (defaults in modules/invoices/catalog.ts). */
      chargeCodes: Partial<Record<InvoiceChargeKind, InvoiceChargeCode>>;
      /** Who receives the customs taxes paid for the client (OtrosCargos 04, cobro de un tercero). */
      customsPayee: { idType: TaxIdType; idNumber: string; name: string };
      /** Our stored prices already include IVA (the amount the client pays): split it out. */
      pricesIncludeTax: boolean;
    };

const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  /** The built browser app; defaults to dist/client. */
  STATIC_DIR: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Signs admin session tokens; derived from the admin password when unset. */
  SESSION_SECRET: optionalString,
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.string().default("info"),
  /** On SIGTERM/SIGINT, how long requests and jobs under way may take before they are cut off. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Trust X-Forwarded-* from a reverse proxy (client address for abuse limits, HTTPS for HSTS). */
  TRUST_PROXY: optionalString,
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  /** Air charged on the greater of actual and volumetric weight (docs/decisions/159); off: per gram as the spec says. */
  PRICING_VOLUMETRIC: z.enum(["on", "off"]).default("off"),
  /** cm³ per kg: 5000 (express couriers) by default; 6000 is IATA's (≈ 166 in³/lb). */
  PRICING_VOLUMETRIC_DIVISOR: z.coerce.number().int().min(VOLUMETRIC_DIVISOR_MIN).max(VOLUMETRIC_DIVISOR_MAX).default(5000),
  /** The client lookup's answers kept in memory (docs/decisions/140): how many (0 = none), how many MB, how long a "no such code". */
  LOOKUP_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  LOOKUP_CACHE_MB: z.coerce.number().positive().max(4096).default(96),
  LOOKUP_CACHE_MISS_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** The embedded database's buffer pool in MB (docs/decisions/230): memory of the server's own process. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(32),
  /** Overrides of the abuse limits (src/server/lib/abuse-limit-table.ts), as JSON: {"registration":{"limit":5,"windowMinutes":60}}. */
  RATE_LIMITS: jsonVariable("RATE_LIMITS").pipe(
        z.partialRecord(
          z.enum(ABUSE_LIMIT_NAMES),
          z.strictObject({
            limit: z.number().int().min(1).optional(),
            challengeAfter: z.number().int().min(0).optional(),
            windowMinutes: z.number().positive().optional(),
          }),
        ),
  ),
  /** Signs proof-of-work challenges (decision 109); unset = random, kept in DATA_DIR/pow-secret. */
  POW_SECRET: optionalString,
  /** PBKDF2 iterations per try of a challenge, and the highest counter a solver must reach. */
  POW_COST: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  POW_MAX_COUNTER: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  REDIS_URL: optionalString,
  // Messaging (WhatsApp Business Cloud API); unset = record in the outbox only.
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_API_URL: z.string().default(`https://graph.facebook.com/${GRAPH_API_VERSION}`),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default("es"),
  WHATSAPP_TEMPLATE_WELCOME: z.string().default("bienvenida_cliente"),
  WHATSAPP_TEMPLATE_STATUS: z.string().default("estado_paquete"),
  WHATSAPP_TEMPLATE_ENTRY_STATUS: z.string().default("estado_tracking"),
  /** 'Listo para entregar' with the amount due: {{1}} name, {{2}} tracking code, {{3}} amount text (docs/decisions/139). */
  WHATSAPP_TEMPLATE_READY: z.string().default("paquete_listo_pago"),
  /** Staff answering a client outside the 24-hour window (Conversaciones, decision 211): {{1}} name. */
  WHATSAPP_TEMPLATE_REPLY: z.string().default("respuesta_consulta"),
  /** The authentication template (OTP copy-code button) of the clients' sign-in codes (decision 217). */
  WHATSAPP_TEMPLATE_AUTH: z.string().default("codigo_acceso"),
  /** The webhook (/api/whatsapp/webhook, decision 199): the Meta app's secret signs each POST; the verify token answers Meta's check. Both or the webhook answers 503. */
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  // AI (any OpenAI-compatible chat-completions endpoint); unset = offline estimators.
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // Exchange-rate sources, tried in order.
  EXCHANGE_RATE_URLS: z
    .string()
    .default(
      "https://open.er-api.com/v6/latest/USD,https://api.exchangerate-api.com/v4/latest/USD,https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/usd.json",
    ),
  EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().positive().default(EXCHANGE_RATE_SOURCE_TIMEOUT_MS),
  // Object storage: local disk under DATA_DIR/objects by default; S3-compatible when S3_BUCKET is set.
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** With temporary credentials (STS, SSO, an instance role): their session token. */
  S3_SESSION_TOKEN: optionalString,
  /** Part photos held per address (IPv4 or IPv6 /64) over 24 hours, and in all (docs/decisions/100). */
  UPLOADS_MAX_MB_PER_ADDRESS: z.coerce.number().positive().default(50),
  UPLOADS_MAX_TOTAL_MB: z.coerce.number().positive().default(5120),
  /** Upload addresses an address may hold open (handed out, file not yet arrived) at once (docs/decisions/145). */
  UPLOADS_MAX_OPEN_PER_ADDRESS: z.coerce.number().int().positive().default(3),
  /** Staff photos: per account over 24 hours, and the share of UPLOADS_MAX_TOTAL_MB kept for them (the public gets the rest). */
  UPLOADS_STAFF_MAX_MB_PER_ACCOUNT: z.coerce.number().positive().default(200),
  UPLOADS_STAFF_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /** Public origin of this site (signed upload addresses, sitemap); never taken from the request's Host. */
  PUBLIC_URL: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const url = URL.canParse(text) ? new URL(text) : undefined;
        if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
          ctx.addIssue({ code: "custom", message: "PUBLIC_URL debe ser una dirección http(s) sin usuario, consulta ni fragmento" });
          return z.NEVER;
        }
        // Normalised by URL (characters like < or " percent-encoded), without the final slash.
        return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
      }),
  ),
  // Brand overrides.
  BRAND_NAME: optionalString,
  BRAND_TAGLINE: optionalString,
  BRAND_WHATSAPP: optionalString,
  BRAND_PHONE_DISPLAY: optionalString,
  BRAND_EMAIL: optionalString,
  BRAND_ADDRESS: optionalString,
  BRAND_FACEBOOK_URL: optionalString,
  BRAND_LINKEDIN_URL: optionalString,
  /** How clients pay (issue 21): SINPE Móvil number and holder, bank account, legal id on receipts. */
  BRAND_SINPE_MOVIL: optionalString,
  BRAND_SINPE_HOLDER: optionalString,
  BRAND_IBAN: optionalString,
  BRAND_BANK: optionalString,
  BRAND_LEGAL_ID: optionalString,
  /** Trust facts (decision 207): the legal name, the customs (TICA) registration, the office's pin "lat,lng". */
  BRAND_LEGAL_NAME: optionalString.pipe(z.string().max(120, "BRAND_LEGAL_NAME: hasta 120 caracteres").optional()),
  BRAND_CUSTOMS_CODE: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,29}$/, "BRAND_CUSTOMS_CODE: letras, números, espacios, puntos o guiones (hasta 30)")
      .optional(),
  ),
  /** The import-tax table of the estimate (decision 208), as JSON: [{"id","label","dai":[lo,hi],"selectivo":[lo,hi],"iva"}]. */
  IMPORT_TAX_CATEGORIES: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const table = readImportTaxCategories(parsed);
        if (!table) {
          ctx.addIssue({
            code: "custom",
            message:
              'IMPORT_TAX_CATEGORIES: una lista JSON de categorías {"id","label","dai":[mín,máx],"selectivo":[mín,máx],"iva"} con tasas entre 0 y 1',
          });
          return z.NEVER;
        }
        return table;
      }),
  ),
  BRAND_MAP_PIN: optionalString.pipe(
    z
      .string()
      .transform((text, ctx) => {
        const match = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(text);
        const lat = match ? Number(match[1]) : NaN;
        const lng = match ? Number(match[2]) : NaN;
        if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
          ctx.addIssue({ code: "custom", message: 'BRAND_MAP_PIN: latitud y longitud en grados, "10.0732,-84.3122"' });
          return z.NEVER;
        }
        return { lat, lng };
      })
      .optional(),
  ),
  /** A folder with team.json and the team's photographs (decision 105); unset: illustrations. */
  BRAND_TEAM_DIR: optionalString,
  // Comprobantes electrónicos 4.4 (issue 34, docs/operations.md): none set = invoicing off.
  HACIENDA_API_URL: optionalString,
  HACIENDA_IDP_URL: optionalString,
  HACIENDA_CLIENT_ID: optionalString,
  HACIENDA_USERNAME: optionalString,
  HACIENDA_PASSWORD: optionalString,
  HACIENDA_P12_PATH: optionalString,
  HACIENDA_P12_PIN: optionalString,
  HACIENDA_EMITTER_NAME: optionalString,
  HACIENDA_EMITTER_COMMERCIAL_NAME: optionalString,
  HACIENDA_EMITTER_ID_TYPE: optionalString,
  HACIENDA_EMITTER_ID_NUMBER: optionalString,
  HACIENDA_ACTIVITY_CODE: optionalString,
  HACIENDA_EMITTER_PROVINCE: optionalString,
  HACIENDA_EMITTER_CANTON: optionalString,
  HACIENDA_EMITTER_DISTRICT: optionalString,
  HACIENDA_EMITTER_BARRIO: optionalString,
  HACIENDA_EMITTER_OTHER_SIGNS: optionalString,
  HACIENDA_EMITTER_PHONE: optionalString,
  HACIENDA_EMITTER_EMAIL: optionalString,
  HACIENDA_PROVIDER_ID: optionalString,
  HACIENDA_CUSTOMS_PAYEE_ID: optionalString,
  HACIENDA_CUSTOMS_PAYEE_NAME: optionalString,
  HACIENDA_BRANCH: z.string().regex(/^\d{3}$/, "HACIENDA_BRANCH tiene 3 dígitos (001 la casa matriz)").default("001"),
  HACIENDA_TERMINAL: z.string().regex(/^\d{5}$/, "HACIENDA_TERMINAL tiene 5 dígitos").default("00001"),
  HACIENDA_PRICES_INCLUDE_TAX: z.enum(["on", "off"]).default("on"),
  /** JSON: {"FLETE":{"cabys":"…13 dígitos…","taxRateCode":"08","taxPercent":13,"unit":"Os"}, …} over the defaults. */
  HACIENDA_CHARGE_CODES: jsonVariable("HACIENDA_CHARGE_CODES").pipe(
        z.partialRecord(
          z.enum(INVOICE_CHARGE_KINDS),
          z.strictObject({
            cabys: z.string().regex(/^\d{13}$/, "el código CABYS tiene 13 dígitos"),
            taxRateCode: z.string().regex(/^\d{2}$/, "el código de tarifa de IVA tiene 2 dígitos"),
            taxPercent: z.number().min(0).max(99.99),
            unit: z.string().min(1).max(15).optional(),
          }),
        ),
  ),
});


export interface Config {
  env: string;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  staticDir?: string;
  adminPassword?: string;
  sessionSecret?: string;
  sessionTtlMs: number;
  logLevel: string;
  shutdownTimeoutMs: number;
  trustProxy: boolean | string;
  rateLimit: boolean;
  lookupCache: { maxEntries: number; maxBytes: number; missTtlMs: number };
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb: number;
  /** Per-limit overrides from RATE_LIMITS (names of src/server/lib/abuse-limit-table.ts). */
  rateLimits: Partial<Record<AbuseLimitName, AbuseLimitOverride>>;
  /** Proof-of-work challenges (lib/proof-of-work.ts). */
  pow: { secret?: string; cost: number; maxCounter: number };
  redisUrl?: string;
  whatsapp: {
    token?: string;
    phoneNumberId?: string;
    apiUrl: string;
    language: string;
    templates: { welcome: string; status: string; entryStatus: string; ready: string; reply: string };
    /** The authentication template of the clients' sign-in codes (decision 217). */
    authTemplate: string;
    /** The webhook's secrets (decision 199); the webhook is on only with both. */
    appSecret?: string;
    verifyToken?: string;
  };
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  exchangeRate: { urls: string[]; timeoutMs: number };
  s3: { endpoint?: string; region: string; bucket?: string; accessKeyId?: string; secretAccessKey?: string; sessionToken?: string };
  /**
   * Caps on stored uploads, in bytes (docs/decisions/100, 145): the public's per address and its
   * part of the total; staff photos per account and the staff share; maxBytesPublic + maxBytesStaff
   * is the total.
   */
  uploads: {
    maxBytesPerAddress: number;
    maxBytesTotal: number;
    maxOpenPerAddress: number;
    maxBytesPublic: number;
    maxBytesPerAccount: number;
    maxBytesStaff: number;
  };
  publicUrl?: string;
  brand: Brand;
  /** Pricing options (docs/decisions/159): the volumetric rule for air when switched on, else null. */
  pricing: { volumetric: VolumetricRule | null };
  /** True when any brand fact differs from the built-in one (the page then carries the overrides). */
  brandOverridden: boolean;
  /** The team's photographs from BRAND_TEAM_DIR, by file name (empty without it). */
  brandTeamPhotos: Map<string, TeamPhoto>;
  /** Comprobantes electrónicos (issue 34): off unless configured. */
  invoicing: InvoicingConfig;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Configuración inválida: ${detail}`);
  }
  const e = parsed.data;
  const team = e.BRAND_TEAM_DIR ? loadBrandTeam(path.resolve(e.BRAND_TEAM_DIR)) : { members: [], photos: new Map<string, TeamPhoto>() };
  const brand: Brand = {
    ...DEFAULT_BRAND,
    team: team.members,
    name: e.BRAND_NAME ?? DEFAULT_BRAND.name,
    tagline: e.BRAND_TAGLINE ?? DEFAULT_BRAND.tagline,
    whatsapp: e.BRAND_WHATSAPP?.replace(/\D/g, "") ?? DEFAULT_BRAND.whatsapp,
    phoneDisplay: e.BRAND_PHONE_DISPLAY ?? DEFAULT_BRAND.phoneDisplay,
    email: e.BRAND_EMAIL ?? DEFAULT_BRAND.email,
    addressLine: e.BRAND_ADDRESS ?? DEFAULT_BRAND.addressLine,
    social: {
      facebook: e.BRAND_FACEBOOK_URL ?? DEFAULT_BRAND.social.facebook,
      whatsapp: e.BRAND_WHATSAPP
        ? `https://wa.me/${e.BRAND_WHATSAPP.replace(/\D/g, "")}`
        : DEFAULT_BRAND.social.whatsapp,
      linkedin: e.BRAND_LINKEDIN_URL ?? DEFAULT_BRAND.social.linkedin,
    },
    payment: {
      sinpeMovil: e.BRAND_SINPE_MOVIL ?? DEFAULT_BRAND.payment.sinpeMovil,
      sinpeHolder: e.BRAND_SINPE_HOLDER ?? e.BRAND_NAME ?? DEFAULT_BRAND.payment.sinpeHolder,
      iban: e.BRAND_IBAN?.replace(/\s+/g, "").toUpperCase() ?? DEFAULT_BRAND.payment.iban,
      bank: e.BRAND_BANK ?? DEFAULT_BRAND.payment.bank,
    },
    legalId: e.BRAND_LEGAL_ID ?? DEFAULT_BRAND.legalId,
    legalName: e.BRAND_LEGAL_NAME ?? DEFAULT_BRAND.legalName,
    customsCode: e.BRAND_CUSTOMS_CODE ?? DEFAULT_BRAND.customsCode,
    mapPin: e.BRAND_MAP_PIN ?? DEFAULT_BRAND.mapPin,
    importTaxes: e.IMPORT_TAX_CATEGORIES ?? DEFAULT_BRAND.importTaxes,
    mapEmbedUrl: mapEmbedUrlFor(e.BRAND_MAP_PIN ?? null, DEFAULT_BRAND.mapEmbedUrl),
    pricing: { volumetricDivisorCm3PerKg: e.PRICING_VOLUMETRIC === "on" ? e.PRICING_VOLUMETRIC_DIVISOR : 0 },
  };
  const volumetric: VolumetricRule | null = e.PRICING_VOLUMETRIC === "on" ? { divisorCm3PerKg: e.PRICING_VOLUMETRIC_DIVISOR } : null;
  const trust = e.TRUST_PROXY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : undefined,
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: trust === undefined ? false : trust === "true" ? true : trust,
    rateLimit: e.RATE_LIMIT === "on",
    lookupCache: {
      maxEntries: e.LOOKUP_CACHE_ENTRIES,
      maxBytes: Math.round(e.LOOKUP_CACHE_MB * 2 ** 20),
      missTtlMs: e.LOOKUP_CACHE_MISS_SECONDS * 1000,
    },
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    rateLimits: e.RATE_LIMITS,
    pow: { secret: e.POW_SECRET, cost: e.POW_COST, maxCounter: e.POW_MAX_COUNTER },
    redisUrl: e.REDIS_URL,
    whatsapp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ""),
      language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      templates: {
        welcome: e.WHATSAPP_TEMPLATE_WELCOME,
        status: e.WHATSAPP_TEMPLATE_STATUS,
        entryStatus: e.WHATSAPP_TEMPLATE_ENTRY_STATUS,
        ready: e.WHATSAPP_TEMPLATE_READY,
        reply: e.WHATSAPP_TEMPLATE_REPLY,
      },
      authTemplate: e.WHATSAPP_TEMPLATE_AUTH,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    },
    ai: { baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ""), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    exchangeRate: {
      urls: e.EXCHANGE_RATE_URLS.split(",").map((u) => u.trim()).filter(Boolean),
      timeoutMs: e.EXCHANGE_RATE_TIMEOUT_MS,
    },
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      sessionToken: e.S3_SESSION_TOKEN,
    },
    uploads: uploadCaps(e),
    publicUrl: e.PUBLIC_URL,
    brand,
    pricing: { volumetric },
    brandOverridden: JSON.stringify(brand) !== JSON.stringify(DEFAULT_BRAND),
    brandTeamPhotos: team.photos,
    invoicing: invoicingConfig(e),
  };
}

/** Ministerio de Hacienda's cédula jurídica: customs taxes are paid to it (decision 186; confirm with your accountant). */
const DEFAULT_CUSTOMS_PAYEE = { idType: "JURIDICA" as const, idNumber: "2100042005", name: "Ministerio de Hacienda (Servicio Nacional de Aduanas)" };

function invoicingConfig(e: z.output<typeof envSchema>): InvoicingConfig {
  const set = HACIENDA_VARIABLES.filter((name) => e[name] !== undefined);
  if (set.length === 0) return { state: "off" };
  const fail = (message: string): never => {
    throw new Error(`Configuración inválida: ${message}`);
  };
  const missing = HACIENDA_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    fail(`la facturación electrónica está a medio configurar; faltan ${missing.join(", ")} (o quite todas las HACIENDA_* para dejarla apagada)`);
  }
  const text = (name: HaciendaVariable) => e[name] as string;
  for (const name of ["HACIENDA_API_URL", "HACIENDA_IDP_URL"] as const) {
    if (!URL.canParse(text(name)) || !/^https?:$/.test(new URL(text(name)).protocol)) fail(`${name} debe ser una dirección http(s)`);
  }
  const idType = text("HACIENDA_EMITTER_ID_TYPE").toUpperCase() as TaxIdType;
  if (!TAX_ID_TYPES.includes(idType)) fail(`HACIENDA_EMITTER_ID_TYPE debe ser uno de ${TAX_ID_TYPES.join(", ")}`);
  const id = validateTaxId(idType, text("HACIENDA_EMITTER_ID_NUMBER"));
  if (!id.ok) fail(`HACIENDA_EMITTER_ID_NUMBER: ${id.message}`);
  const checks: [HaciendaVariable, RegExp, string][] = [
    ["HACIENDA_ACTIVITY_CODE", /^\d{6}$/, "tiene 6 dígitos"],
    ["HACIENDA_EMITTER_PROVINCE", /^[1-7]$/, "es un dígito del 1 al 7"],
    ["HACIENDA_EMITTER_CANTON", /^(0[1-9]|[1-9]\d)$/, "tiene 2 dígitos (01, 02, …)"],
    ["HACIENDA_EMITTER_DISTRICT", /^(0[1-9]|[1-9]\d)$/, "tiene 2 dígitos (01, 02, …)"],
    ["HACIENDA_EMITTER_EMAIL", /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, "debe ser un correo"],
  ];
  for (const [name, pattern, rule] of checks) if (!pattern.test(text(name))) fail(`${name} ${rule}`);
  const phone = e.HACIENDA_EMITTER_PHONE?.replace(/\D/g, "").replace(/^506(?=\d{8}$)/, "");
  if (phone !== undefined && !/^\d{8}$/.test(phone)) fail("HACIENDA_EMITTER_PHONE tiene 8 dígitos");
  const payeeId = e.HACIENDA_CUSTOMS_PAYEE_ID ? validateTaxId("JURIDICA", e.HACIENDA_CUSTOMS_PAYEE_ID) : { ok: true as const, number: DEFAULT_CUSTOMS_PAYEE.idNumber };
  if (!payeeId.ok) fail(`HACIENDA_CUSTOMS_PAYEE_ID: ${payeeId.message}`);
  return {
    state: "on",
    connection: {
      apiUrl: text("HACIENDA_API_URL").replace(/\/+$/, ""),
      idpUrl: text("HACIENDA_IDP_URL"),
      clientId: text("HACIENDA_CLIENT_ID"),
      username: text("HACIENDA_USERNAME"),
      password: text("HACIENDA_PASSWORD"),
    },
    p12Path: path.resolve(text("HACIENDA_P12_PATH")),
    p12Pin: text("HACIENDA_P12_PIN"),
    emitter: {
      name: text("HACIENDA_EMITTER_NAME"),
      commercialName: e.HACIENDA_EMITTER_COMMERCIAL_NAME,
      idType,
      idNumber: id.ok ? id.number : "",
      activityCode: text("HACIENDA_ACTIVITY_CODE"),
      location: {
        province: text("HACIENDA_EMITTER_PROVINCE"),
        canton: text("HACIENDA_EMITTER_CANTON"),
        district: text("HACIENDA_EMITTER_DISTRICT"),
        barrio: e.HACIENDA_EMITTER_BARRIO,
        otherSigns: text("HACIENDA_EMITTER_OTHER_SIGNS"),
      },
      phone,
      email: text("HACIENDA_EMITTER_EMAIL"),
      systemProviderId: text("HACIENDA_PROVIDER_ID"),
    },
    point: { branch: e.HACIENDA_BRANCH, terminal: e.HACIENDA_TERMINAL },
    chargeCodes: e.HACIENDA_CHARGE_CODES,
    customsPayee: {
      idType: "JURIDICA",
      idNumber: payeeId.ok ? payeeId.number : "",
      name: e.HACIENDA_CUSTOMS_PAYEE_NAME ?? DEFAULT_CUSTOMS_PAYEE.name,
    },
    pricesIncludeTax: e.HACIENDA_PRICES_INCLUDE_TAX === "on",
  };
}

function uploadCaps(e: z.output<typeof envSchema>): Config["uploads"] {
  const mb = (n: number) => Math.floor(n * 1024 * 1024);
  const maxBytesTotal = mb(e.UPLOADS_MAX_TOTAL_MB);
  const maxBytesStaff = Math.floor((maxBytesTotal * e.UPLOADS_STAFF_SHARE_PERCENT) / 100);
  return {
    maxBytesPerAddress: mb(e.UPLOADS_MAX_MB_PER_ADDRESS),
    maxBytesTotal,
    maxOpenPerAddress: e.UPLOADS_MAX_OPEN_PER_ADDRESS,
    maxBytesPublic: maxBytesTotal - maxBytesStaff,
    maxBytesPerAccount: mb(e.UPLOADS_STAFF_MAX_MB_PER_ACCOUNT),
    maxBytesStaff,
  };
}

/** The embedded database lives here when DATABASE_URL is unset. */
export function pgliteDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "pglite");
}
