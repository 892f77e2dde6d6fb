// Delivery zones (issue 20, docs/decisions/132): the driver's route is grouped by Costa Rica's
// canton, read from the client's free-text address (clients.direccion). All 84 cantons with their
// province, matched as whole words with accents and case ignored; a few well-known district or old
// names lead to their canton. The most specific match wins: a canton named like its province
// ("San José", "Alajuela", "Cartago", "Heredia", "Puntarenas", "Limón") counts only when no other
// canton of a mentioned province is named ("Grecia, Alajuela" → Grecia; "San Rafael de Alajuela"
// → Alajuela: that San Rafael is Alajuela's district, not Heredia's canton). No match → Sin zona
// (staff read the address); a package the client picks up at the office → Retiro en oficina.

export const PROVINCES = ["San José", "Alajuela", "Cartago", "Heredia", "Guanacaste", "Puntarenas", "Limón"] as const;
export type Province = (typeof PROVINCES)[number];

/** The 84 cantons by province (2022 division: Río Cuarto, Monteverde, Puerto Jiménez included). */
export const CANTONS_BY_PROVINCE: Record<Province, readonly string[]> = {
  "San José": [
    "San José",
    "Escazú",
    "Desamparados",
    "Puriscal",
    "Tarrazú",
    "Aserrí",
    "Mora",
    "Goicoechea",
    "Santa Ana",
    "Alajuelita",
    "Vázquez de Coronado",
    "Acosta",
    "Tibás",
    "Moravia",
    "Montes de Oca",
    "Turrubares",
    "Dota",
    "Curridabat",
    "Pérez Zeledón",
    "León Cortés Castro",
  ],
  Alajuela: [
    "Alajuela",
    "San Ramón",
    "Grecia",
    "San Mateo",
    "Atenas",
    "Naranjo",
    "Palmares",
    "Poás",
    "Orotina",
    "San Carlos",
    "Zarcero",
    "Sarchí",
    "Upala",
    "Los Chiles",
    "Guatuso",
    "Río Cuarto",
  ],
  Cartago: ["Cartago", "Paraíso", "La Unión", "Jiménez", "Turrialba", "Alvarado", "Oreamuno", "El Guarco"],
  Heredia: ["Heredia", "Barva", "Santo Domingo", "Santa Bárbara", "San Rafael", "San Isidro", "Belén", "Flores", "San Pablo", "Sarapiquí"],
  Guanacaste: ["Liberia", "Nicoya", "Santa Cruz", "Bagaces", "Carrillo", "Cañas", "Abangares", "Tilarán", "Nandayure", "La Cruz", "Hojancha"],
  Puntarenas: [
    "Puntarenas",
    "Esparza",
    "Buenos Aires",
    "Montes de Oro",
    "Osa",
    "Quepos",
    "Golfito",
    "Coto Brus",
    "Parrita",
    "Corredores",
    "Garabito",
    "Monteverde",
    "Puerto Jiménez",
  ],
  Limón: ["Limón", "Pococí", "Siquirres", "Talamanca", "Matina", "Guácimo"],
};

/** Other names people write for a canton: short and old names, and districts everyone knows. */
const ALIASES: Record<string, readonly string[]> = {
  "Vázquez de Coronado": ["Coronado"],
  "León Cortés Castro": ["León Cortés"],
  "Pérez Zeledón": ["San Isidro de El General", "San Isidro del General"],
  Sarchí: ["Valverde Vega"],
  Zarcero: ["Alfaro Ruiz"],
  Quepos: ["Aguirre", "Manuel Antonio"],
  "San Carlos": ["Ciudad Quesada"],
  "La Unión": ["Tres Ríos"],
  Pococí: ["Guápiles"],
  Garabito: ["Jacó"],
  Limón: ["Puerto Limón"],
  Goicoechea: ["Guadalupe"],
  "Montes de Oca": ["San Pedro de Montes de Oca", "Sabanilla"],
  "Santa Cruz": ["Tamarindo"],
  Carrillo: ["Filadelfia", "Playas del Coco"],
  Mora: ["Ciudad Colón"],
};

/**
 * Canton names that are also surnames or everyday words ("Farmacia Mora", "Cruz Roja", "Barrio
 * Buenos Aires"): they count only as a place of their own in the address — a whole part between
 * commas ("Ciudad Colón, Mora") or after "cantón (de)".
 */
const WEAK_NAMES: ReadonlySet<string> = new Set(["Mora", "Flores", "Carrillo", "Acosta", "La Cruz", "Buenos Aires", "Belén", "Osa", "Dota", "Jiménez"]);

export const ZONE_NONE_KEY = "sin-zona";
export const ZONE_PICKUP_KEY = "retiro-oficina";
export const ZONE_NONE_LABEL = "Sin zona";
export const ZONE_PICKUP_LABEL = "Retiro en oficina";

export interface DeliveryZone {
  /** Stable key for filters and links: the canton's folded name, or sin-zona / retiro-oficina. */
  key: string;
  /** What staff read: "Grecia, Alajuela", "Sin zona", "Retiro en oficina". */
  label: string;
  canton: string | null;
  province: Province | null;
}

/** Lower case, accents removed, anything but letters and digits as one space. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, " ")
    .trim();
}

const keyOf = (canton: string) => foldText(canton).replace(/ /g, "-");

interface Pattern {
  words: string;
  canton: string;
  province: Province;
  weak: boolean;
}

const PATTERNS: readonly Pattern[] = PROVINCES.flatMap((province) =>
  CANTONS_BY_PROVINCE[province].flatMap((canton) =>
    [canton, ...(ALIASES[canton] ?? [])].map((name) => ({ words: foldText(name), canton, province, weak: WEAK_NAMES.has(name) })),
  ),
);
const PROVINCE_NAMES = new Set<string>(PROVINCES.map(foldText));

interface Match extends Pattern {
  start: number;
  end: number;
}

function findMatches(address: string): Match[] {
  const padded = ` ${foldText(address)} `;
  // The address's parts between punctuation, for the weak names.
  const parts = new Set(address.split(/[,.;:/()\n-]+/).map((part) => foldText(part).replace(/^canton (de )?/, "")));
  const matches: Match[] = [];
  for (const pattern of PATTERNS) {
    if (pattern.weak && !parts.has(pattern.words)) continue;
    const needle = ` ${pattern.words} `;
    for (let at = padded.indexOf(needle); at !== -1; at = padded.indexOf(needle, at + 1)) {
      matches.push({ ...pattern, start: at, end: at + needle.length - 1 });
    }
  }
  // A name inside a longer matched name is not a match of its own ("Jiménez" in "Puerto Jiménez").
  return matches.filter((m) => !matches.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start));
}

export const zoneOfCanton = (canton: string, province: Province): DeliveryZone => ({
  key: keyOf(canton),
  label: `${canton}, ${province}`,
  canton,
  province,
});

/** The canton an address names, by the rules above; Sin zona when none. */
export function zoneFromAddress(address: string | null | undefined): DeliveryZone {
  const matches = findMatches(address ?? "");
  if (matches.length === 0) return { key: ZONE_NONE_KEY, label: ZONE_NONE_LABEL, canton: null, province: null };
  // Provinces the address names (a province-named canton's words name its province too).
  const mentioned = new Set(matches.filter((m) => PROVINCE_NAMES.has(m.words)).map((m) => m.province));
  const score = (m: Match): number => {
    if (PROVINCE_NAMES.has(m.words)) return 1;
    if (mentioned.has(m.province)) return 3;
    return mentioned.size === 0 ? 2 : 0;
  };
  // Highest score; then the first named (addresses start with the place, the directions follow).
  const best = matches.reduce((a, b) => (score(b) > score(a) || (score(b) === score(a) && b.start < a.start) ? b : a));
  return zoneOfCanton(best.canton, best.province);
}

/** The zone a package goes in: Retiro en oficina when the client picks it up, else its address's canton. */
export function deliveryZoneOf(address: string | null | undefined, retiroOficina: boolean): DeliveryZone {
  if (retiroOficina) return { key: ZONE_PICKUP_KEY, label: ZONE_PICKUP_LABEL, canton: null, province: null };
  return zoneFromAddress(address);
}
