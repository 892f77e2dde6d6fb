// Spanish → English names of car parts, as Costa Ricans type them and as US and Chinese parts
// stores search them (docs/decisions/111). Without an AI this is what turns 'Pastillas de freno
// delanteras' into 'front brake pads': a store searched in Spanish finds nothing useful.
// Keys are lowercase, without accents, singular; a typed plural (-s, -es) matches too.

/** Part names: the longest phrase typed wins ('filtro de aceite' before 'filtro'). */
const PARTS: Record<string, string> = {
  "pastilla de freno": "brake pads", pastilla: "brake pads", balata: "brake pads", "zapata de freno": "brake shoes",
  zapata: "brake shoes", "disco de freno": "brake rotor", disco: "brake rotor", rotor: "brake rotor",
  "tambor de freno": "brake drum", tambor: "brake drum", caliper: "brake caliper", mordaza: "brake caliper",
  "bomba de freno": "brake master cylinder", "cilindro maestro": "brake master cylinder",
  "cilindro de rueda": "wheel cylinder", "manguera de freno": "brake hose", "liquido de freno": "brake fluid", freno: "brake",
  amortiguador: "shock absorber", puntal: "strut", "base de amortiguador": "strut mount", resorte: "coil spring",
  espiral: "coil spring", rotula: "ball joint", "terminal de direccion": "tie rod end", "brazo de control": "control arm",
  tijera: "control arm", horquilla: "control arm", buje: "bushing", "link de estabilizador": "sway bar link",
  "barra estabilizadora": "sway bar", cremallera: "steering rack", "caja de direccion": "steering gear",
  "bomba de direccion": "power steering pump", rodamiento: "wheel bearing", rol: "wheel bearing", cojinete: "bearing",
  maza: "wheel hub", manzana: "wheel hub", flecha: "cv axle", semieje: "cv axle", homocinetica: "cv joint",
  tripoide: "cv joint", cruceta: "u joint", cardan: "driveshaft",
  "bomba de agua": "water pump", radiador: "radiator", termostato: "thermostat", "manguera de radiador": "radiator hose",
  manguera: "hose", "tapa de radiador": "radiator cap", electroventilador: "radiator fan",
  "ventilador de radiador": "radiator fan", "deposito de refrigerante": "coolant reservoir",
  "filtro de aceite": "oil filter", "filtro de aire": "air filter", "filtro de combustible": "fuel filter",
  "filtro de gasolina": "fuel filter", "filtro de diesel": "fuel filter", "filtro de cabina": "cabin air filter",
  "filtro de polen": "cabin air filter", "filtro de aire acondicionado": "cabin air filter", filtro: "filter",
  bujia: "spark plugs", "cable de bujia": "spark plug wires", bobina: "ignition coil", "bobina de encendido": "ignition coil",
  alternador: "alternator", "motor de arranque": "starter", "burro de arranque": "starter", arrancador: "starter",
  bateria: "battery",
  "faja de distribucion": "timing belt", "banda de distribucion": "timing belt", "correa de distribucion": "timing belt",
  "kit de distribucion": "timing belt kit", "cadena de distribucion": "timing chain", tensor: "tensioner",
  faja: "serpentine belt", banda: "serpentine belt", correa: "serpentine belt",
  embrague: "clutch kit", clutch: "clutch kit", "kit de clutch": "clutch kit", "kit de embrague": "clutch kit",
  "disco de clutch": "clutch disc", "prensa de clutch": "pressure plate", collarin: "release bearing",
  "bomba de clutch": "clutch master cylinder",
  "empaque de culata": "head gasket", "empaque de cabeza": "head gasket", "empaque de tapa de valvula": "valve cover gasket",
  empaque: "gasket", retenedor: "oil seal", inyector: "fuel injector", "bomba de gasolina": "fuel pump",
  "bomba de combustible": "fuel pump", "bomba de aceite": "oil pump", "sensor de oxigeno": "oxygen sensor",
  "sensor maf": "mass air flow sensor", "sensor de flujo de aire": "mass air flow sensor",
  "sensor de ciguenal": "crankshaft position sensor", "sensor de arbol de leva": "camshaft position sensor",
  "sensor abs": "abs sensor", sensor: "sensor", catalizador: "catalytic converter", silenciador: "muffler",
  mufla: "muffler", escape: "exhaust", "soporte de motor": "engine mount", "base de motor": "engine mount",
  turbo: "turbocharger", carburador: "carburetor", "cuerpo de aceleracion": "throttle body", "valvula egr": "egr valve",
  "aceite de motor": "engine oil",
  "compresor de aire acondicionado": "ac compressor", "compresor del aire": "ac compressor", condensador: "ac condenser",
  evaporador: "ac evaporator",
  faro: "headlight", "foco delantero": "headlight", stop: "tail light", calavera: "tail light", "luz trasera": "tail light",
  "luces trasera": "tail light", neblinero: "fog light", direccional: "turn signal", retrovisor: "side mirror",
  espejo: "side mirror", "espejo retrovisor": "side mirror", parachoque: "bumper", bumper: "bumper", bomper: "bumper",
  guardabarro: "fender", guardafango: "fender", capo: "hood", bonete: "hood", parabrisa: "windshield",
  plumilla: "wiper blades", escobilla: "wiper blades", manija: "door handle", manigueta: "door handle",
  elevavidrio: "window regulator", alzavidrio: "window regulator", rejilla: "grille", parrilla: "grille",
  llanta: "tire", aro: "wheel", rin: "wheel",
};

/** Words that qualify the part: they go before it in English ('front brake pads'). */
const QUALIFIERS: Record<string, string> = {
  delantero: "front", delantera: "front", trasero: "rear", trasera: "rear", izquierdo: "left", izquierda: "left",
  derecho: "right", derecha: "right", superior: "upper", inferior: "lower", exterior: "outer", interior: "inner",
  "lado del chofer": "driver side", "lado del conductor": "driver side", "lado del piloto": "driver side",
  "lado del pasajero": "passenger side", "lado del copiloto": "passenger side", ceramica: "ceramic", ceramico: "ceramic",
  original: "OEM", genuino: "genuine", usado: "used", nuevo: "new",
};

/** Words that count the part: they go after it ('brake pads set'). */
const COUNTS: Record<string, string> = { juego: "set", kit: "kit", par: "pair", set: "set" };

function words(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9.-]+/)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ""))
    .filter(Boolean);
}

/** A typed word matches a key word, or its plural. */
const sameWord = (typed: string, key: string) => typed === key || typed === `${key}s` || typed === `${key}es`;

const MAX_PHRASE = 5;

/** The longest key of `table` starting at words[i], as [English, words used]. */
function longestAt(table: Record<string, string>, typed: string[], i: number): [string, number] | null {
  for (let n = Math.min(MAX_PHRASE, typed.length - i); n > 0; n--) {
    const slice = typed.slice(i, i + n);
    for (const [key, english] of Object.entries(table)) {
      const keyWords = key.split(" ");
      if (keyWords.length === n && keyWords.every((k, j) => sameWord(slice[j], k))) return [english, n];
    }
  }
  return null;
}

export interface TranslatedPart {
  english: string;
  /** False when no part name was recognised: `english` is then the text as typed. */
  translated: boolean;
}

/**
 * 'Pastillas de freno delanteras' → 'front brake pads'. Qualifiers go before the part, counts
 * after; words with digits (a sensor's bank, an engine code) are kept; other unknown Spanish
 * words are dropped once a part is recognised, since a store searching them finds less.
 */
export function translatePart(spanish: string): TranslatedPart {
  const typed = words(spanish);
  const qualifiers: string[] = [];
  const parts: string[] = [];
  const counts: string[] = [];
  const kept: string[] = [];
  for (let i = 0; i < typed.length; ) {
    const part = longestAt(PARTS, typed, i);
    const qualifier = longestAt(QUALIFIERS, typed, i);
    // A qualifier phrase longer than the part found here wins ('lado del chofer' is not 'lado').
    const [kind, found] =
      qualifier && (!part || qualifier[1] > part[1]) ? (["qualifier", qualifier] as const) : (["part", part] as const);
    if (found) {
      (kind === "part" ? parts : qualifiers).push(found[0]);
      i += found[1];
      continue;
    }
    const count = COUNTS[typed[i]];
    if (count) counts.push(count);
    else if (/\d/.test(typed[i])) kept.push(typed[i]);
    i += 1;
  }
  if (parts.length === 0) return { english: spanish.trim().replace(/\s+/g, " "), translated: false };
  const unique = (list: string[]) => [...new Set(list)];
  return { english: unique([...qualifiers, ...parts, ...counts, ...kept]).join(" "), translated: true };
}
