// The brand facts the browser shows: the shared defaults, merged with the overrides the
// server writes into the page as <script id="brand-data" type="application/json"> (or, when the
// server renders the pages itself for a rebranded site, hands its render worker as a global).

import { BRAND_TEAM_PHOTO_PATH, DEFAULT_BRAND, SERVER_BRAND_GLOBAL, type Brand, type BrandTeamMember } from "../../shared/brand";
import { readImportTaxCategories } from "../../shared/domain/import-taxes";

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Copies from `overrides` only the keys the defaults know, and only with the same type,
 * so a malformed or hostile blob can never leave a field missing or of the wrong kind.
 */
export function mergeBrand<T extends Plain>(defaults: T, overrides: unknown): T {
  if (!isPlainObject(overrides)) return defaults;
  const merged: Plain = { ...defaults };
  for (const [key, base] of Object.entries(defaults)) {
    const next = overrides[key];
    if (isPlainObject(base)) merged[key] = mergeBrand(base, next);
    else if (typeof base === "number" && typeof next === "number" && Number.isFinite(next)) merged[key] = next;
    else if (typeof base === "string" && typeof next === "string") merged[key] = next;
  }
  return merged as T;
}

const TEAM_FIELDS = ["name", "role", "bio", "photo", "photoAlt"] as const;

/** The team list (mergeBrand copies no arrays): whole members only, photos served by this site. */
function readTeam(value: unknown): BrandTeamMember[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Plain => isPlainObject(item))
    .filter((item) => TEAM_FIELDS.every((key) => typeof item[key] === "string" && item[key] !== ""))
    .filter((item) => (item.photo as string).startsWith(BRAND_TEAM_PHOTO_PATH))
    .map((item) => Object.fromEntries(TEAM_FIELDS.map((key) => [key, item[key]])) as unknown as BrandTeamMember);
}

/**
 * Reads the page's brand overrides; a missing tag or bad JSON leaves the defaults. Without a
 * document (a server-side render) the overrides come from the render worker's global, checked
 * the same way, so the server draws exactly the brand the browser will hydrate with.
 */
export function readBrand(doc: Document | null = globalThis.document ?? null): Brand {
  const text = doc ? doc.getElementById("brand-data")?.textContent : serverBrandData();
  if (!text) return DEFAULT_BRAND;
  try {
    const overrides: unknown = JSON.parse(text);
    const merged = mergeBrand(DEFAULT_BRAND as unknown as Plain, overrides) as unknown as Brand;
    if (!isPlainObject(overrides)) return { ...merged, team: [] };
    return {
      ...merged,
      team: readTeam(overrides.team),
      mapPin: readMapPin(overrides.mapPin),
      importTaxes: readImportTaxCategories(overrides.importTaxes) ?? DEFAULT_BRAND.importTaxes,
    };
  } catch {
    return DEFAULT_BRAND;
  }
}

/** The office's pin (mergeBrand copies no null defaults): two finite degrees in range, else none. */
function readMapPin(value: unknown): Brand["mapPin"] {
  if (!isPlainObject(value)) return null;
  const { lat, lng } = value;
  if (typeof lat !== "number" || typeof lng !== "number" || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return null;
  return { lat, lng };
}

function serverBrandData(): string | undefined {
  const value = (globalThis as Record<string, unknown>)[SERVER_BRAND_GLOBAL];
  return typeof value === "string" ? value : undefined;
}

export const brand: Brand = readBrand();
