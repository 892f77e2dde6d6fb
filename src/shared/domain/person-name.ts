// The one rule that splits a client's full name into given names (nombre) and surnames
// (apellidos): the Miami address's First name / Last name and the referral panel's short name.
//
// Costa Rican names end with two surnames (father's, then mother's), and many people carry two
// given names ('María José', 'José Pablo'). So with four or more parts the last two are the
// surnames and everything before them the given names; with three parts the usual case is one
// given name and two surnames ('Laura Chaves Ulate'), unless the middle part is a given name
// that is not also a surname ('Ana María Solís'). Particles belong to the part that follows
// them ('de la Cruz', 'María de los Ángeles'), so they never count as a part of their own.
// See docs/decisions/106-compound-first-names.md.

export interface NameParts {
  /** Given names: 'María José'. */
  nombres: string;
  /** Surnames, particles included: 'Pérez Rojas', 'de la Cruz Rojas'. Empty for a one-word name. */
  apellidos: string;
}

const PARTICLES = new Set(["de", "del", "la", "las", "los", "y", "san", "van", "von", "da", "di", "dos"]);

// Second given names common in Costa Rica that are (practically) never a surname; lower case,
// without accents. A middle part not listed here is taken as the first surname.
const SECOND_GIVEN_NAMES = new Set(
  [
    "maria", "jose", "ana", "juan", "luis", "carlos", "pablo", "fernanda", "daniela", "alejandra",
    "gabriela", "isabel", "elena", "sofia", "valeria", "paula", "laura", "eugenia", "teresa",
    "jesus", "ignacio", "alberto", "enrique", "miguel", "angel", "david", "gabriel", "felipe",
    "fernando", "mauricio", "sebastian", "andrea", "lucia", "cecilia", "patricia", "rebeca",
    "antonio", "manuel", "francisco", "javier", "eduardo", "ricardo", "adrian",
    "andres", "mariana", "fabiola", "priscilla", "melissa", "natalia", "carolina", "raquel",
  ],
);

function plain(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Words grouped into name parts, each particle glued to the word after it. */
function nameParts(words: string[]): string[] {
  const parts: string[] = [];
  let pending: string[] = [];
  for (const word of words) {
    pending.push(word);
    if (!PARTICLES.has(plain(word))) {
      parts.push(pending.join(" "));
      pending = [];
    }
  }
  // Trailing particles ('Juan de') stay with the last part rather than vanish.
  if (pending.length > 0) {
    if (parts.length > 0) parts[parts.length - 1] += ` ${pending.join(" ")}`;
    else parts.push(pending.join(" "));
  }
  return parts;
}

export function splitFullName(fullName: string | null | undefined): NameParts {
  const parts = nameParts((fullName ?? "").trim().split(/\s+/).filter(Boolean));
  if (parts.length <= 1) return { nombres: parts[0] ?? "", apellidos: "" };
  let givenCount: number;
  if (parts.length === 2) givenCount = 1;
  else if (parts.length === 3) givenCount = SECOND_GIVEN_NAMES.has(plain(parts[1])) ? 2 : 1;
  else givenCount = parts.length - 2;
  return { nombres: parts.slice(0, givenCount).join(" "), apellidos: parts.slice(givenCount).join(" ") };
}

/** "María José Pérez Rojas" → "María José P.": the given names and the first surname's initial. */
export function givenNamesAndInitial(fullName: string | null | undefined): string {
  const { nombres, apellidos } = splitFullName(fullName);
  // The first surname proper, past its particles ('de la Cruz' → 'C.').
  const surname = apellidos.split(" ").find((word) => word !== "" && !PARTICLES.has(plain(word)));
  return surname ? `${nombres} ${Array.from(surname)[0].toUpperCase()}.` : nombres;
}
