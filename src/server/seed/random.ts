// Deterministic pseudo-random numbers for the demo seed. The seed must give the same data on
// every run and machine, so this is sfc32 seeded through splitmix32, never Math.random or crypto.
// Client codes are the exception: they are credentials, so seed.ts draws them from crypto unless
// --seed is given explicitly.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks a value with probability proportional to its weight (weights ≥ 0, not all zero). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A date in [from, to); `from` itself when the range is empty. */
  dateBetween(from: Date | number, to: Date | number): Date;
  /** n decimal digits, leading zeros allowed. */
  digits(n: number): string;
  /** n characters drawn from an alphabet. */
  chars(n: number, alphabet: string): string;
  /** A standard normal value (Box–Muller). */
  normal(): number;
}

/** 32-bit FNV-1a: turns a stream label into seed material. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: number): () => number {
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * A generator for one seed and one named stream. Separate streams (clients, trackings, …) keep
 * one entity's data unchanged when another entity's count changes.
 */
export function createRandom(seed: number, stream = ""): Random {
  if (!Number.isSafeInteger(seed)) throw new Error(`La semilla debe ser un número entero: ${seed}`);
  const low = seed >>> 0;
  const high = Math.floor(seed / 4294967296) >>> 0;
  const mix = splitmix32(low ^ Math.imul(high, 0x27d4eb2d) ^ hashLabel(stream));
  const raw = sfc32(mix(), mix(), mix(), mix());
  // The first outputs of sfc32 still show the seed's structure; discarding a few is the usual advice.
  for (let i = 0; i < 12; i++) raw();

  const next = raw;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    pick: (items) => {
      if (items.length === 0) throw new Error("No se puede elegir de una lista vacía");
      return items[Math.floor(next() * items.length)];
    },
    weighted: (entries) => {
      let total = 0;
      for (const [, w] of entries) total += w;
      if (!(total > 0)) throw new Error("Los pesos deben sumar más que cero");
      let roll = next() * total;
      for (const [value, w] of entries) {
        if (roll < w) return value;
        roll -= w;
      }
      // Rounding can leave roll a hair above the last bucket; the last positive weight wins.
      for (let i = entries.length - 1; i >= 0; i--) if (entries[i][1] > 0) return entries[i][0];
      return entries[entries.length - 1][0];
    },
    chance: (p) => next() < p,
    dateBetween: (from, to) => {
      const a = typeof from === "number" ? from : from.getTime();
      const b = typeof to === "number" ? to : to.getTime();
      return new Date(b > a ? a + Math.floor(next() * (b - a)) : a);
    },
    digits: (n) => {
      let s = "";
      for (let i = 0; i < n; i++) s += Math.floor(next() * 10);
      return s;
    },
    chars: (n, alphabet) => {
      let s = "";
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
    normal: () => {
      const u = 1 - next(); // (0, 1]: log(0) is avoided
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}
