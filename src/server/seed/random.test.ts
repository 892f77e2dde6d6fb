import { describe, expect, it } from "vitest";
import { createRandom } from "./random";

const take = (seed: number, stream: string, n: number) => {
  const r = createRandom(seed, stream);
  return Array.from({ length: n }, () => r.next());
};

describe("createRandom", () => {
  it("gives the same sequence for the same seed and stream", () => {
    expect(take(1, "clients", 50)).toEqual(take(1, "clients", 50));
  });

  it("gives different sequences for another seed or another stream", () => {
    expect(take(2, "clients", 5)).not.toEqual(take(1, "clients", 5));
    expect(take(1, "trackings", 5)).not.toEqual(take(1, "clients", 5));
    // Seeds past 32 bits still matter.
    expect(take(2 ** 40 + 1, "", 5)).not.toEqual(take(1, "", 5));
  });

  it("refuses a seed that is not an integer", () => {
    expect(() => createRandom(1.5)).toThrow(/entero/);
  });

  it("keeps next() in [0, 1) and spreads it evenly", () => {
    const values = take(7, "", 20_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]++;
    for (const b of buckets) expect(b).toBeGreaterThan(1700);
  });

  it("int() covers both ends and nothing outside", () => {
    const r = createRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(r.int(-2, 3));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it("weighted() never picks a zero weight and follows the weights", () => {
    const r = createRandom(4);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[r.weighted([["a", 1], ["b", 0], ["c", 3]] as const)]++;
    expect(counts.b).toBe(0);
    expect(counts.c / counts.a).toBeGreaterThan(2.5);
    expect(counts.c / counts.a).toBeLessThan(3.5);
    expect(() => r.weighted([["a", 0]])).toThrow();
  });

  it("dateBetween() stays inside the range and handles an empty one", () => {
    const r = createRandom(5);
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2025, 0, 2);
    for (let i = 0; i < 500; i++) {
      const d = r.dateBetween(from, to).getTime();
      expect(d).toBeGreaterThanOrEqual(from);
      expect(d).toBeLessThan(to);
    }
    expect(r.dateBetween(to, from).getTime()).toBe(to);
  });

  it("digits() and chars() have the asked length and alphabet", () => {
    const r = createRandom(6);
    expect(r.digits(18)).toMatch(/^\d{18}$/);
    expect(r.chars(12, "AB")).toMatch(/^[AB]{12}$/);
  });
});
