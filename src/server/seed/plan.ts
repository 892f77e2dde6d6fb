// The demo data as plain objects, before any database is involved: who the clients are, which
// packages they sent and how each moved through its statuses, referrals and their coupons, and
// the smaller tables. Everything comes from seeded PRNG streams, one per entity, and dates are
// offsets from `now`, so the same seed, counts and `now` always give the same plan (client codes
// too, unless a code source is passed: seed.ts passes crypto's when no --seed was asked for).
import { couponExpiry } from "../../shared/domain/coupons";
import { costaRicaDayKey, costaRicaMonthKey } from "../../shared/domain/dates";
import { DEFAULT_EXCHANGE_RATE } from "../../shared/domain/exchange-rate";
import { computeMontoColones } from "../../shared/domain/pricing";
import { DEFAULT_SEARCH_LIMIT } from "../../shared/domain/search-quota";
import { type CouponStatus, type NoticeStatus, type Origin, type ReferralStatus, type ShippingType, type TrackingStatus, type WelcomeState, type WhatsappEntryStatus } from "../../shared/domain/statuses";
import { REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "../../shared/domain/coupons";
import {
  CAR_MODELS,
  CAR_PARTS,
  CARRIER_FORMATS,
  CONTACT_MESSAGES,
  NOTICE_ADMIN_NOTES,
  NOTICE_CLIENT_NOTES,
  PART_STORES,
  STATUS_NOTES,
  TRACKING_NOTES,
  WHATSAPP_ENTRY_NOTES,
  formatTypedPhone,
  generateAddress,
  generateEmail,
  generateMobileNumber,
  generatePersonName,
  generateTrackingNumber,
  pickStore,
  type Store,
} from "./data";
import { createRandom, type Random } from "./random";
import { chargeTotal, COLLECTABLE_STATUSES, type ExtraChargeKind, type PaymentMethod } from "../../shared/domain/charges";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Colones per dollar for the seeded amounts: the default rate (the live rate is unknown here). */
export const SEED_EXCHANGE_RATE = DEFAULT_EXCHANGE_RATE;

export interface PlanOptions {
  clients: number;
  trackings: number;
  seed: number;
  now: Date;
  /**
   * Where client codes come from. Unset: the seed's own "codes" stream (the same codes on every
   * run, for tests and `--seed`); seed.ts passes a cryptographic source otherwise, so no two
   * installs share codes. Codes have their own source so the rest of the plan never depends on it.
   */
  clientCodes?: () => string;
}

export interface ClientPlan {
  clientCode: string;
  nombre: string;
  direccion: string;
  telefono: string;
  email: string | null;
  whatsappEnviado: WelcomeState;
  whatsappEnviadoAt: Date | null;
  searchCount: number;
  searchLimit: number;
  unlimitedAccess: 0 | 1;
  lastResetDate: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface PartsSearchPlan {
  clientIndex: number;
  marca: string;
  modelo: string;
  anio: number;
  numeroPieza: string | null;
  parte: string | null;
  descripcion: string | null;
  results: PartResult[];
  fallbackUsado: boolean;
  createdAt: Date;
}

export interface PartResult {
  nombre: string;
  tienda: string;
  precio: string;
  disponibilidad: string;
  url: string;
}

export interface TrackingPlan {
  clientIndex: number;
  trackingCode: string;
  origen: Origin;
  formaEnvio: ShippingType;
  carrier: string;
  tiendaOrigen: string | null;
  descripcionPaquete: string | null;
  pesoEstimado: number | null;
  valorDeclarado: number | null;
  costo: number | null;
  pesoPieCubicos: string | null;
  montoColones: number | null;
  notas: string | null;
  lastEventAt: Date | null;
  /** Who created it: the client's pre-alert or staff. */
  createdBy: "cliente" | "admin";
  /** The statuses it went through, the last one being the current status. */
  steps: TrackingStatus[];
  /** When each step happened (epoch ms), strictly increasing. */
  times: number[];
  stepNotes: (string | null)[];
}

export interface ReferralPlan {
  referrerIndex: number;
  referredIndex: number;
  status: ReferralStatus;
  createdAt: Date;
  completedAt: Date | null;
}

export interface CouponPlan {
  clientIndex: number;
  discountPercent: number;
  status: CouponStatus;
  reason: "BIENVENIDA" | "REFERIDO";
  referralIndex: number;
  expiresAt: Date;
  usedAt: Date | null;
  usedOnTrackingIndex: number | null;
  createdAt: Date;
}

export interface ContactMessagePlan {
  nombre: string;
  email: string;
  telefono: string | null;
  mensaje: string;
  createdAt: Date;
}

export interface WhatsappCustomerPlan {
  whatsapp: string;
  nombre: string;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
  entries: WhatsappEntryPlan[];
}

export interface WhatsappEntryPlan {
  trackingCode: string;
  estado: WhatsappEntryStatus;
  notas: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NoticePlan {
  clienteNombre: string;
  clienteEmail: string | null;
  clienteTelefono: string | null;
  descripcionPaquete: string;
  tiendaOrigen: string | null;
  pesoEstimado: number | null;
  valorDeclarado: number | null;
  notasCliente: string | null;
  notas: string | null;
  estado: NoticeStatus;
  trackingIdAsignado: string | null;
  fechaEstimada: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An extra line of a package's charge (customs taxes, delivery outside the zone, storage). */
export interface ChargePlan {
  trackingIndex: number;
  kind: ExtraChargeKind;
  description: string;
  amountColones: number;
  createdAt: Date;
}

/** A payment and the packages it paid; a reversed one paid nothing. */
export interface PaymentPlan {
  clientIndex: number;
  method: PaymentMethod;
  reference: string | null;
  amountColones: number;
  paidAt: Date;
  allocations: { trackingIndex: number; amountColones: number }[];
  reversed: { at: Date; reason: string } | null;
}

export interface SeedPlan {
  clients: ClientPlan[];
  partsSearches: PartsSearchPlan[];
  trackings: TrackingPlan[];
  referrals: ReferralPlan[];
  coupons: CouponPlan[];
  charges: ChargePlan[];
  payments: PaymentPlan[];
  contactMessages: ContactMessagePlan[];
  whatsappCustomers: WhatsappCustomerPlan[];
  notices: NoticePlan[];
}

export function planSeed(options: PlanOptions): SeedPlan {
  const { seed } = options;
  const now = options.now.getTime();
  const codeStream = createRandom(seed, "codes");
  const nextCode = options.clientCodes ?? (() => `EX${codeStream.chars(6, CODE_ALPHABET)}`);
  const clients = planClients(createRandom(seed, "clients"), options.clients, now, nextCode);
  const partsSearches = planPartsSearches(createRandom(seed, "parts"), clients, now);
  const trackings = planTrackings(createRandom(seed, "trackings"), clients, options.trackings, now);
  const { referrals, coupons } = planReferrals(createRandom(seed, "referrals"), clients, trackings, now);
  const { charges, payments } = planPayments(createRandom(seed, "payments"), trackings, coupons, now);
  return {
    clients,
    partsSearches,
    trackings,
    referrals,
    coupons,
    charges,
    payments,
    contactMessages: planContactMessages(createRandom(seed, "contact"), options.clients, now),
    whatsappCustomers: planWhatsappCustomers(createRandom(seed, "whatsapp"), options.clients, now),
    notices: planNotices(createRandom(seed, "notices"), options.clients, now),
  };
}

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const byTime = <T extends { createdAt: Date }>(a: T, b: T) => a.createdAt.getTime() - b.createdAt.getTime();
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * When now's month began in Costa Rica, where the search quota's months turn (shared/domain/
 * dates.ts). Costa Rica is UTC−6 all year, so local midnight on the 1st is 06:00 UTC.
 */
export function monthStart(now: number): number {
  return Date.parse(`${costaRicaMonthKey(now)}-01T06:00:00Z`);
}

/** The stored lastResetDate for now's month: its first day, "YYYY-MM-01". */
export function monthStartDate(now: number): string {
  return `${costaRicaMonthKey(now)}-01`;
}

// ---------------------------------------------------------------- clients

function planClients(r: Random, count: number, now: number, nextCode: () => string): ClientPlan[] {
  const codes = new Set<string>();
  const lastResetDate = monthStartDate(now);
  const list: ClientPlan[] = [];
  for (let i = 0; i < count; i++) {
    let clientCode: string;
    do clientCode = nextCode();
    while (codes.has(clientCode));
    codes.add(clientCode);
    // Over the last two years, denser towards now: the business grows.
    const age = 2 * 365 * DAY * Math.pow(r.next(), 1.35);
    const createdAt = now - Math.max(age, 10 * MINUTE);
    const nombre = generatePersonName(r);
    const direccion = generateAddress(r);
    const telefono = generateMobileNumber(r);
    const email = r.chance(0.55) ? generateEmail(r, nombre) : null;
    // Staff send the welcome message within hours; the newest registrations still wait.
    const recent = now - createdAt < 3 * DAY;
    let sentAt: number | null = (recent ? r.chance(0.25) : r.chance(0.97)) ? createdAt + r.int(5 * MINUTE, 30 * HOUR) : null;
    if (sentAt !== null && sentAt >= now) sentAt = null;
    list.push({
      clientCode,
      nombre,
      direccion,
      telefono,
      email,
      whatsappEnviado: sentAt === null ? "PENDIENTE" : "ENVIADO",
      whatsappEnviadoAt: sentAt === null ? null : new Date(sentAt),
      searchCount: 0,
      searchLimit: DEFAULT_SEARCH_LIMIT,
      unlimitedAccess: 0,
      lastResetDate,
      createdAt: new Date(createdAt),
      updatedAt: new Date(sentAt ?? createdAt),
    });
  }
  // Ids then grow with registration dates, as in a real database.
  return list.sort(byTime);
}

// ---------------------------------------------------------------- parts searches

const PART_DETAILS = [
  "Para el lado del chofer",
  "Original o de buena marca",
  "La que trae el motor 2.4 diésel",
  "Versión 4x4",
  "Necesito el juego completo",
];

function planPartsSearches(r: Random, clients: ClientPlan[], now: number): PartsSearchPlan[] {
  const start = monthStart(now);
  const year = new Date(now).getUTCFullYear();
  const searches: PartsSearchPlan[] = [];
  clients.forEach((client, clientIndex) => {
    if (!r.chance(0.08)) return;
    const limit = r.weighted([[DEFAULT_SEARCH_LIMIT, 85], [20, 10], [5, 5]] as const);
    const unlimited = r.chance(0.04) ? 1 : 0;
    const from = client.createdAt.getTime();
    const times: number[] = [];
    for (let k = r.int(1, 8); k > 0; k--) {
      times.push(r.chance(0.4) ? r.dateBetween(Math.max(from, start), now).getTime() : r.dateBetween(from, now).getTime());
    }
    times.sort((a, b) => a - b);
    // A limited client cannot have searched more than the limit this month.
    let thisMonth = 0;
    const kept = times.filter((t) => {
      if (t < start) return true;
      if (!unlimited && thisMonth >= limit) return false;
      thisMonth++;
      return true;
    });
    client.searchLimit = limit;
    client.unlimitedAccess = unlimited;
    client.searchCount = thisMonth;
    for (const t of kept) searches.push(planPartsSearch(r, clientIndex, year, t));
  });
  return searches.sort(byTime);
}

function planPartsSearch(r: Random, clientIndex: number, year: number, t: number): PartsSearchPlan {
  const [marca, models] = r.pick(CAR_MODELS);
  const modelo = r.pick(models);
  const anio = r.int(2000, year);
  const hasPart = r.chance(0.9);
  const parte = hasPart ? r.pick(CAR_PARTS) : null;
  // The form needs a part or a description: one of the two is always there.
  const descripcion = !hasPart || r.chance(0.35) ? r.pick(PART_DETAILS) : null;
  const numeroPieza = r.chance(0.3) ? `${r.digits(5)}-${r.chars(5, CODE_ALPHABET)}` : null;
  const what = `${parte ?? descripcion} ${marca} ${modelo} ${anio}`;
  const fallbackUsado = r.chance(0.7);
  const stores = fallbackUsado ? PART_STORES : PART_STORES.slice(0, r.int(2, 3));
  const results = stores.map(([tienda, url]) => ({
    nombre: what,
    tienda,
    precio: fallbackUsado ? "Consultar en la tienda" : `$${r.float(15, 350).toFixed(2)}`,
    disponibilidad: fallbackUsado ? "Ver disponibilidad en la tienda" : r.pick(["En stock", "Envío en 3 a 5 días", "Pocas unidades"]),
    url: url(numeroPieza ?? what),
  }));
  return { clientIndex, marca, modelo, anio, numeroPieza, parte, descripcion, results, fallbackUsado, createdAt: new Date(t) };
}

// ---------------------------------------------------------------- trackings

function planTrackings(r: Random, clients: ClientPlan[], count: number, now: number): TrackingPlan[] {
  if (count > 0 && clients.length === 0) throw new Error("No se pueden crear paquetes sin clientes");
  // Activity per client: some never ship, most a few times, a handful are heavy importers.
  const cumulative = new Float64Array(clients.length);
  let total = 0;
  clients.forEach((c, i) => {
    const activeDays = (now - c.createdAt.getTime()) / DAY;
    const w = r.chance(0.18) ? 0 : Math.exp(r.normal() * 1.1) * Math.sqrt(activeDays + 3);
    total += w;
    cumulative[i] = total;
  });
  if (total === 0) clients.forEach((_, i) => (cumulative[i] = total = i + 1));

  const codes = new Set<string>();
  const list: TrackingPlan[] = [];
  for (let i = 0; i < count; i++) {
    const clientIndex = lowerBound(cumulative, r.next() * total);
    list.push(planTracking(r, clientIndex, clients[clientIndex].createdAt.getTime(), now, codes));
  }
  // Ids grow with creation time, as they would have in production.
  return list.sort((a, b) => a.times[0] - b.times[0]);
}

/** The first index whose cumulative weight exceeds x. */
function lowerBound(cumulative: Float64Array, x: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function uniqueCode(r: Random, store: Store, codes: Set<string>) {
  const carrierId = r.weighted(store.carriers);
  let code: string;
  do code = generateTrackingNumber(r, carrierId);
  while (codes.has(code));
  codes.add(code);
  return { carrierId, code };
}

function planTracking(r: Random, clientIndex: number, clientSince: number, now: number, codes: Set<string>): TrackingPlan {
  // A third of the packages are recent, so the panel always has work in progress.
  const createdAt = (r.chance(0.3) ? r.dateBetween(Math.max(clientSince, now - 30 * DAY), now) : r.dateBetween(clientSince, now)).getTime();
  const store = pickStore(r);
  const { carrierId, code } = uniqueCode(r, store, codes);
  const carrier = CARRIER_FORMATS[carrierId];
  const origen: Origin = carrier.origin ?? store.region;
  const product = r.pick(store.products);
  const seaShare = product.bulky ? 0.5 : origen === "CHINA" ? 0.12 : 0.06;
  const formaEnvio: ShippingType = r.chance(seaShare) ? "BARCO" : "AVION";
  const createdBy = r.chance(0.65) ? "cliente" : "admin";

  // The whole journey, then cut at now: what has happened so far is the history.
  const route: [TrackingStatus, number][] = [["SEGUIMIENTO_INTERNACIONAL", createdAt]];
  let t = createdAt;
  const step = (status: TrackingStatus, minDays: number, maxDays: number) => {
    t += Math.max(MINUTE, Math.round(r.float(minDays, maxDays) * DAY));
    route.push([status, t]);
  };
  // About one pre-alert in a hundred never shows up (wrong number, cancelled order).
  if (!r.chance(0.012)) {
    const sea = formaEnvio === "BARCO";
    if (origen === "USA") {
      step("EN_BODEGA_MIAMI", 1.5, 7);
      step("EN_ADUANAS", sea ? 14 : 1, sea ? 22 : 4);
    } else {
      // Chinese packages come straight to Costa Rica, without the Miami warehouse.
      step("EN_ADUANAS", sea ? 55 : 7, sea ? 75 : 18);
    }
    if (r.chance(0.2)) step("EN_BODEGA_CR", 0.5, 2);
    step("LISTO_PARA_ENTREGAR", 0.3, 2.5);
    if (r.chance(0.04)) step("ENTREGADO", 8, 30);
    else step("ENTREGADO", 0.1, 5);
  }
  const reached = route.filter(([, at]) => at <= now);
  const steps = reached.map(([s]) => s);
  const times = reached.map(([, at]) => at);
  const current = steps[steps.length - 1];
  const level = steps.length - 1;
  const stepNotes = steps.map((s, i) => (i > 0 && r.chance(0.15) ? r.pick(STATUS_NOTES[s]) : null));

  // Clients' pre-alerts carry only the number; staff fill the rest when the package arrives.
  const hasDetails = createdBy === "admin" ? r.chance(0.9) : level >= 1 ? r.chance(0.75) : r.chance(0.15);
  const valorDeclarado = hasDetails && r.chance(0.7) ? round2(r.float(product.usd[0], product.usd[1])) : null;
  const pesoEstimado = hasDetails && r.chance(0.5) ? Math.round(r.float(product.grams[0], product.grams[1])) : null;

  let pesoPieCubicos: string | null = null;
  let montoColones: number | null = null;
  let costo: number | null = null;
  // A package ready or delivered always has its amount (docs/decisions/152).
  if (level >= 1 && (r.chance(0.9) || current === "LISTO_PARA_ENTREGAR" || current === "ENTREGADO")) {
    if (formaEnvio === "AVION") {
      // Weighed in the warehouse with its box: grams, rounded to 10.
      pesoPieCubicos = String(Math.round((r.float(product.grams[0], product.grams[1]) * r.float(1.1, 1.4)) / 10) * 10);
    } else {
      const feet = Math.round((product.bulky ? r.float(1.5, 8) : r.float(0.5, 3)) * 10) / 10;
      // Typed as staff type it: "3,5", "3.5" or a whole "4".
      pesoPieCubicos = r.weighted([
        [String(feet).replace(".", ","), 5],
        [String(feet), 2],
        [String(Math.ceil(feet)), 3],
      ] as const);
    }
    montoColones = computeMontoColones({ formaEnvio, pesoPieCubicos, rate: SEED_EXCHANGE_RATE });
    // What the client finally paid, customs and handling included, rounded to 100 colones.
    if (montoColones !== null && (current === "LISTO_PARA_ENTREGAR" || current === "ENTREGADO") && r.chance(0.45)) {
      costo = Math.round((montoColones * r.float(1, 1.25)) / 100) * 100;
    }
  }
  const lastEventAt =
    level === 0 ? (r.chance(0.6) ? r.dateBetween(createdAt, Math.min(now, createdAt + 5 * DAY)) : null) : new Date(times[level]);

  return {
    clientIndex,
    trackingCode: code,
    origen,
    formaEnvio,
    carrier: carrier.name,
    tiendaOrigen: hasDetails ? store.name : null,
    descripcionPaquete: hasDetails ? product.descripcion : null,
    pesoEstimado,
    valorDeclarado,
    costo,
    pesoPieCubicos,
    montoColones,
    notas: r.chance(0.05) ? r.pick(TRACKING_NOTES) : null,
    lastEventAt,
    createdBy,
    steps,
    times,
    stepNotes,
  };
}

/** When the package was delivered, or null while it is not. */
export function deliveredAt(t: TrackingPlan): number | null {
  return t.steps[t.steps.length - 1] === "ENTREGADO" ? t.times[t.times.length - 1] : null;
}

// ---------------------------------------------------------------- referrals and coupons

function planReferrals(r: Random, clients: ClientPlan[], trackings: TrackingPlan[], now: number) {
  const referrals: ReferralPlan[] = [];
  const coupons: CouponPlan[] = [];
  const n = clients.length;
  if (n < 2) return { referrals, coupons };

  // Each client's delivered packages, earliest delivery first.
  const delivered: { index: number; at: number }[][] = clients.map(() => []);
  trackings.forEach((t, index) => {
    const at = deliveredAt(t);
    if (at !== null) delivered[t.clientIndex].push({ index, at });
  });
  for (const list of delivered) list.sort((a, b) => a.at - b.at);
  const usedTrackings = new Set<number>();

  const wanted = Math.min(n - 1, Math.max(Math.min(5, Math.floor(n / 4)), Math.round(n * 0.06)));
  const referred = new Set<number>();
  while (referred.size < wanted) referred.add(r.int(1, n - 1));
  // A few enthusiastic clients bring many friends.
  const ambassadors = Array.from({ length: Math.max(1, Math.round(n / 150)) }, () => r.int(0, n - 1)).sort((a, b) => a - b);

  /** Uses the coupon on the owner's first delivery inside its validity that has no coupon yet. */
  const settle = (coupon: Omit<CouponPlan, "status" | "usedAt" | "usedOnTrackingIndex">): CouponPlan => {
    const from = coupon.createdAt.getTime();
    const until = coupon.expiresAt.getTime();
    const use = delivered[coupon.clientIndex].find((d) => d.at >= from && d.at <= until && !usedTrackings.has(d.index));
    if (use) {
      usedTrackings.add(use.index);
      return { ...coupon, status: "USADO", usedAt: new Date(use.at), usedOnTrackingIndex: use.index };
    }
    // Past its date it reads as expired; a sweep may or may not have stored that yet.
    const status: CouponStatus = until < now && r.chance(0.6) ? "EXPIRADO" : "DISPONIBLE";
    return { ...coupon, status, usedAt: null, usedOnTrackingIndex: null };
  };

  for (const referredIndex of [...referred].sort((a, b) => a - b)) {
    const earlier = ambassadors.filter((a) => a < referredIndex);
    const referrerIndex = earlier.length > 0 && r.chance(0.35) ? r.pick(earlier) : r.int(0, referredIndex - 1);
    const createdAt = clients[referredIndex].createdAt;
    // The referral completes with the friend's first delivered shipment.
    const first = delivered[referredIndex][0];
    const referralIndex = referrals.length;
    referrals.push({
      referrerIndex,
      referredIndex,
      status: first ? "COMPLETADO" : "REGISTRADO",
      createdAt,
      completedAt: first ? new Date(first.at) : null,
    });
    coupons.push(
      settle({
        clientIndex: referredIndex,
        discountPercent: REFERRAL_WELCOME_DISCOUNT,
        reason: "BIENVENIDA",
        referralIndex,
        createdAt,
        expiresAt: couponExpiry(createdAt),
      }),
    );
    if (first) {
      coupons.push(
        settle({
          clientIndex: referrerIndex,
          discountPercent: REFERRER_REWARD_DISCOUNT,
          reason: "REFERIDO",
          referralIndex,
          createdAt: new Date(first.at),
          expiresAt: couponExpiry(first.at),
        }),
      );
    }
  }
  return { referrals, coupons: coupons.sort(byTime) };
}

// ---------------------------------------------------------------- charges and payments

/** Who recorded the demo payments (no staff account: the seed creates none). */
export const SEED_PAYMENT_RECORDER = "Sistema (datos de ejemplo)";

/** When the package first became collectable (reached Listo para entregar or Entregado), or null. */
export function collectableSince(t: TrackingPlan): number | null {
  const i = t.steps.findIndex((s) => COLLECTABLE_STATUSES.includes(s));
  return i === -1 ? null : t.times[i];
}

const EXTRA_LINES: readonly (readonly [ExtraChargeKind, number, readonly string[]])[] = [
  ["IMPUESTOS", 0.12, ["Impuestos de importación (DUA)", "Impuesto de ventas en aduana", "Impuestos de aduana pagados por cuenta del cliente"]],
  ["ENTREGA", 0.08, ["Entrega fuera de la zona gratuita", "Envío por Correos de Costa Rica", "Entrega a domicilio en zona rural"]],
  ["ALMACENAJE", 0.04, ["Almacenaje: más de 15 días en bodega", "Almacenaje en bodega Grecia"]],
];
const REVERSAL_REASONS = ["Referencia equivocada", "Monto equivocado", "Registrado al cliente equivocado", "Pago duplicado"];
const METHOD_WEIGHTS: readonly (readonly [PaymentMethod, number])[] = [
  ["SINPE_MOVIL", 55],
  ["EFECTIVO", 22],
  ["TARJETA", 15],
  ["TRANSFERENCIA", 8],
];

/**
 * Extra lines on some collectable packages, and payments in a realistic mix: most delivered
 * packages paid in full (at or before pickup), some partly, some not; fewer of the ready ones
 * (prepaid by SINPE). Amounts come from the charge rule over the stored freight, the coupon the
 * package used and its lines (chargeTotal), so pagado never exceeds the total. A few payments
 * were recorded wrong and reversed before the right one. SINPE references are unique.
 */
function planPayments(r: Random, trackings: TrackingPlan[], coupons: CouponPlan[], now: number) {
  const discount = new Map<number, number>();
  for (const c of coupons) if (c.usedOnTrackingIndex !== null) discount.set(c.usedOnTrackingIndex, c.discountPercent);
  const charges: ChargePlan[] = [];
  const payments: PaymentPlan[] = [];
  const references = new Set<string>();
  const reference = (method: PaymentMethod, at: Date): string | null => {
    if (method === "SINPE_MOVIL") {
      let ref: string;
      do ref = `${costaRicaDayKey(at).replaceAll("-", "")}${r.digits(10)}`;
      while (references.has(ref));
      references.add(ref);
      return ref;
    }
    return method === "TRANSFERENCIA" && r.chance(0.7) ? `TRF-${r.digits(8)}` : null;
  };

  trackings.forEach((t, trackingIndex) => {
    const since = collectableSince(t);
    if (since === null) return;
    const extras: number[] = [];
    if (t.montoColones !== null) {
      for (const [kind, share, descriptions] of EXTRA_LINES) {
        if (!r.chance(share)) continue;
        const amountColones = kind === "IMPUESTOS" ? r.int(20, 150) * 100 : kind === "ENTREGA" ? r.pick([1500, 2000, 2500, 3500]) : r.int(2, 6) * 1000;
        extras.push(amountColones);
        charges.push({ trackingIndex, kind, description: r.pick(descriptions), amountColones, createdAt: new Date(since) });
      }
    }
    const total = chargeTotal({ montoColones: t.montoColones, discountPercent: discount.get(trackingIndex) ?? null, extras });
    if (!total) return;
    const delivered = deliveredAt(t);
    const share = r.weighted(
      delivered !== null
        ? ([["full", 85], ["partial", 8], ["none", 7]] as const)
        : ([["full", 35], ["partial", 15], ["none", 50]] as const),
    );
    if (share === "none") return;
    const amountColones = share === "partial" && total > 200 ? Math.min(total - 100, Math.max(100, Math.round((total * r.float(0.3, 0.8)) / 100) * 100)) : total;
    // Delivered: most pay at the counter, the rest by SINPE while it waited; ready: any time since.
    const paidAt =
      delivered !== null && r.chance(0.6)
        ? new Date(Math.max(since, delivered - r.int(0, 90) * MINUTE))
        : r.dateBetween(since, delivered ?? now);
    const method = r.weighted(METHOD_WEIGHTS);
    const clientIndex = t.clientIndex;
    if (r.chance(0.015)) {
      const wrongAt = new Date(Math.max(since, paidAt.getTime() - r.int(5, 60) * MINUTE));
      payments.push({
        clientIndex,
        method,
        reference: reference(method, wrongAt),
        amountColones,
        paidAt: wrongAt,
        allocations: [{ trackingIndex, amountColones }],
        reversed: { at: paidAt, reason: r.pick(REVERSAL_REASONS) },
      });
    }
    payments.push({ clientIndex, method, reference: reference(method, paidAt), amountColones, paidAt, allocations: [{ trackingIndex, amountColones }], reversed: null });
  });
  // Receipt numbers grow with time, as they would have in production.
  payments.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  return { charges, payments };
}

// ---------------------------------------------------------------- contact messages

function planContactMessages(r: Random, clientCount: number, now: number): ContactMessagePlan[] {
  const list: ContactMessagePlan[] = [];
  for (let i = Math.max(5, Math.round(clientCount / 100)); i > 0; i--) {
    const nombre = generatePersonName(r);
    list.push({
      nombre,
      email: generateEmail(r, nombre),
      telefono: r.chance(0.6) ? formatTypedPhone(r, generateMobileNumber(r)) : null,
      mensaje: r.pick(CONTACT_MESSAGES)(r),
      createdAt: r.dateBetween(now - 365 * DAY, now),
    });
  }
  return list.sort(byTime);
}

// ---------------------------------------------------------------- WhatsApp notices

const ENTRY_ROUTE: readonly (readonly [WhatsappEntryStatus, number, number])[] = [
  ["EN_BODEGA_MIAMI", 1.5, 7],
  ["EN_TRANSITO", 0.5, 2],
  ["EN_ADUANAS", 1, 3],
  ["EN_BODEGA_CR", 0.5, 2],
  ["LISTO_PARA_ENTREGAR", 0.2, 1.5],
  ["ENTREGADO", 0.1, 5],
];

function planWhatsappCustomers(r: Random, clientCount: number, now: number): WhatsappCustomerPlan[] {
  const numbers = new Set<string>();
  const codes = new Set<string>();
  const list: WhatsappCustomerPlan[] = [];
  for (let i = Math.max(5, Math.round(clientCount * 0.03)); i > 0; i--) {
    let whatsapp: string;
    do whatsapp = generateMobileNumber(r);
    while (numbers.has(whatsapp));
    numbers.add(whatsapp);
    const nombre = generatePersonName(r);
    const createdAt = now - Math.max(HOUR, 540 * DAY * Math.pow(r.next(), 1.3));
    const entries: WhatsappEntryPlan[] = [];
    const howMany = r.weighted([[1, 50], [2, 25], [3, 15], [4, 6], [6, 4]] as const);
    for (let j = 0; j < howMany; j++) {
      // Most codes come in the first notice; some customers send another one later.
      const sentAt = j > 0 && r.chance(0.3) ? r.dateBetween(createdAt, now).getTime() : createdAt;
      const { code } = uniqueCode(r, pickStore(r), codes);
      let estado: WhatsappEntryStatus = "PENDIENTE";
      let updatedAt = sentAt;
      if (r.chance(0.04)) {
        estado = "CANCELADO";
        updatedAt = Math.min(now, sentAt + r.int(HOUR, 3 * DAY));
      } else {
        let t = sentAt;
        for (const [status, minDays, maxDays] of ENTRY_ROUTE) {
          t += Math.round(r.float(minDays, maxDays) * DAY);
          if (t > now) break;
          estado = status;
          updatedAt = t;
        }
      }
      entries.push({
        trackingCode: code,
        estado,
        notas: r.chance(0.2) ? r.pick(WHATSAPP_ENTRY_NOTES) : null,
        createdAt: new Date(sentAt),
        updatedAt: new Date(updatedAt),
      });
    }
    const lastNotice = Math.max(...entries.map((e) => e.createdAt.getTime()));
    list.push({
      whatsapp,
      nombre,
      email: r.chance(0.4) ? generateEmail(r, nombre) : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(lastNotice),
      entries,
    });
  }
  return list.sort(byTime);
}

// ---------------------------------------------------------------- traditional notices

function planNotices(r: Random, clientCount: number, now: number): NoticePlan[] {
  const ids = new Set<string>();
  const list: NoticePlan[] = [];
  for (let i = Math.max(5, Math.round(clientCount / 40)); i > 0; i--) {
    const createdAt = now - Math.max(HOUR, 730 * DAY * Math.pow(r.next(), 1.3));
    const ageDays = (now - createdAt) / DAY;
    const estado: NoticeStatus =
      ageDays < 2
        ? r.weighted([["PENDIENTE", 70], ["EN_PROCESO", 25], ["CANCELADO", 5]] as const)
        : ageDays < 10
          ? r.weighted([["PENDIENTE", 15], ["EN_PROCESO", 50], ["COMPLETADO", 30], ["CANCELADO", 5]] as const)
          : r.weighted([["COMPLETADO", 85], ["CANCELADO", 8], ["EN_PROCESO", 5], ["PENDIENTE", 2]] as const);
    let trackingIdAsignado: string | null = null;
    if (estado === "EN_PROCESO" || estado === "COMPLETADO") {
      do trackingIdAsignado = `EIC${r.digits(8)}`;
      while (ids.has(trackingIdAsignado));
      ids.add(trackingIdAsignado);
    }
    const store = pickStore(r);
    const product = r.pick(store.products);
    const nombre = generatePersonName(r);
    const updatedAt = estado === "PENDIENTE" ? createdAt : Math.min(now, createdAt + Math.round(r.float(0.2, 8) * DAY));
    list.push({
      clienteNombre: nombre,
      clienteEmail: r.chance(0.7) ? generateEmail(r, nombre) : null,
      clienteTelefono: r.chance(0.85) ? generateMobileNumber(r) : null,
      descripcionPaquete: product.descripcion,
      tiendaOrigen: r.chance(0.85) ? store.name : null,
      pesoEstimado: r.chance(0.6) ? Math.round(r.float(product.grams[0], product.grams[1])) : null,
      valorDeclarado: r.chance(0.75) ? round2(r.float(product.usd[0], product.usd[1])) : null,
      notasCliente: r.chance(0.35) ? r.pick(NOTICE_CLIENT_NOTES) : null,
      notas: estado !== "PENDIENTE" && r.chance(0.3) ? r.pick(NOTICE_ADMIN_NOTES[estado]) : null,
      estado,
      trackingIdAsignado,
      fechaEstimada: estado !== "CANCELADO" && r.chance(0.8) ? costaRicaDayKey(createdAt + r.int(4, 12) * DAY) : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    });
  }
  return list.sort(byTime);
}
