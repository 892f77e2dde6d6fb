// The lookup cache's own rules (lookup-cache.ts, decision 140): bounded, never serving while not
// listening, never keeping what a statement read before a change it overlapped.
import { describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { acceptsGzip, answerBytes, LookupCache, type Found } from "./lookup-cache";

const found = (text: string, lookalikeFree = false): Found => ({ body: Buffer.from(text), gzipped: false, lookalikeFree, clientId: 1, protected: false });
const fill = (cache: LookupCache, answers: Record<string, Found | undefined>) => {
  const f = cache.beginFill(Object.keys(answers));
  cache.endFill(f, new Map(Object.entries(answers).filter((e): e is [string, Found] => e[1] !== undefined)));
};

function listeningCache(options: Partial<ConstructorParameters<typeof LookupCache>[0]> = {}) {
  const cache = new LookupCache({ maxEntries: 100, maxBytes: 1 << 20, missTtlMs: 30_000, ...options });
  cache.setListening(true);
  return cache;
}

describe("the lookup cache", () => {
  it("serves and keeps nothing until it is listening, and forgets everything when it stops", () => {
    const cache = new LookupCache({ maxEntries: 100, maxBytes: 1 << 20, missTtlMs: 30_000 });
    fill(cache, { EX000001: found("a") });
    expect(cache.get("EX000001")).toBeUndefined();
    cache.setListening(true);
    fill(cache, { EX000001: found("a") });
    expect(cache.get("EX000001")?.body.toString()).toBe("a");
    cache.setListening(false);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, listening: false });
    expect(cache.get("EX000001")).toBeUndefined();
  });

  it("keeps a miss as null, for missTtlMs only", () => {
    let now = 1_000;
    const cache = listeningCache({ missTtlMs: 500, now: () => now });
    fill(cache, { EX404404: undefined });
    expect(cache.get("EX404404")).toBeNull();
    now += 499;
    expect(cache.get("EX404404")).toBeNull();
    now += 1;
    expect(cache.get("EX404404")).toBeUndefined();
  });

  it("drops what a statement read when a change to those codes arrived while it ran", () => {
    const cache = listeningCache();
    const running = cache.beginFill(["EX000001", "EX000002"]);
    cache.invalidate(["EX000001"]);
    cache.endFill(running, new Map([["EX000001", found("old")], ["EX000002", found("b")]]));
    expect(cache.get("EX000001")).toBeUndefined();
    expect(cache.get("EX000002")?.body.toString()).toBe("b");

    const beforeStar = cache.beginFill(["EX000003"]);
    cache.notified("*");
    cache.endFill(beforeStar, new Map([["EX000003", found("old")]]));
    expect(cache.get("EX000003")).toBeUndefined();

    const beforeLoss = cache.beginFill(["EX000004"]);
    cache.setListening(false);
    cache.setListening(true);
    cache.endFill(beforeLoss, new Map([["EX000004", found("old")]]));
    expect(cache.get("EX000004")).toBeUndefined();

    const failed = cache.beginFill(["EX000005"]);
    cache.endFill(failed, null);
    expect(cache.get("EX000005")).toBeUndefined();
  });

  it("forgets the codes a notification names, everything on '*' or on a payload it cannot read", () => {
    const cache = listeningCache();
    fill(cache, { EX000001: found("a"), EX000002: found("b"), EX000003: found("c") });
    cache.notified(JSON.stringify(["EX000001"]));
    expect(cache.get("EX000001")).toBeUndefined();
    expect(cache.get("EX000002")).toBeDefined();
    cache.notified("not json");
    expect(cache.stats().entries).toBe(0);
    fill(cache, { EX000002: found("b") });
    cache.notified("*");
    expect(cache.stats().entries).toBe(0);
  });

  it("holds at most maxEntries answers and maxBytes bytes, evicting the least recently used", () => {
    const cache = listeningCache({ maxEntries: 2 });
    fill(cache, { A: found("1"), B: found("2") });
    expect(cache.get("A")).toBeDefined(); // A is now the most recent
    fill(cache, { C: found("3") });
    expect(cache.get("B")).toBeUndefined();
    expect(cache.get("A")).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 2, evictions: 1 });

    const small = listeningCache({ maxBytes: 1000 });
    fill(small, { A: found("x".repeat(400)) });
    fill(small, { B: found("y".repeat(400)) });
    expect(small.stats().bytes).toBeLessThanOrEqual(1000);
    expect(small.get("A")).toBeUndefined();
    expect(small.get("B")).toBeDefined();
    fill(small, { HUGE: found("z".repeat(2000)) });
    expect(small.get("HUGE")).toBeUndefined();
    expect(small.get("B")).toBeDefined();
  });

  it("keeps each answer in a memory block of its own size, so maxBytes bounds the memory it holds (issue 37)", () => {
    // gzipSync answers a view of its 16 kB output block; Buffer.from a short text one of a shared 8 kB slab.
    const gzipped = (n: number): Found => ({ ...found(""), body: gzipSync(JSON.stringify({ client: n, trackings: [] })), gzipped: true });
    expect(gzipped(1).body.buffer.byteLength).toBeGreaterThanOrEqual(16 * 1024);
    const cache = listeningCache({ maxEntries: 1000, maxBytes: 100 * 1024 });
    const codes = Array.from({ length: 50 }, (_, i) => `EX${String(i).padStart(6, "0")}`);
    for (const code of codes) fill(cache, { [code]: gzipped(codes.indexOf(code)) });
    fill(cache, { SHORT: found("corto") });
    const kept = [...codes, "SHORT"].map((code) => cache.get(code)!.body);
    for (const body of kept) expect(body.buffer.byteLength).toBe(body.length);
    // The memory the kept answers hold is within what the cache counts (and so within maxBytes).
    const held = [...new Set(kept.map((body) => body.buffer))].reduce((sum, block) => sum + block.byteLength, 0);
    expect(held).toBeLessThanOrEqual(cache.stats().bytes);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100 * 1024);
    expect(answerBytes(cache.get("EX000007")!, false).bytes.toString()).toBe(JSON.stringify({ client: 7, trackings: [] }));
  });

  it("with maxEntries 0 is off: nothing is kept", () => {
    const cache = new LookupCache({ maxEntries: 0, maxBytes: 1 << 20, missTtlMs: 30_000 });
    cache.setListening(true);
    fill(cache, { A: found("1") });
    expect(cache.get("A")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ enabled: false, entries: 0 });
  });
});

describe("the answer's bytes", () => {
  it("reads Accept-Encoding: gzip or *, unless refused with q=0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("sends a gzipped answer as it is to a client that takes gzip, and the plain JSON to one that does not", () => {
    const json = JSON.stringify({ client: { nombre: "Ana" }, trackings: [] });
    const kept = { body: gzipSync(json), gzipped: true };
    expect(answerBytes(kept, true)).toEqual({ bytes: kept.body, gzipped: true });
    expect(answerBytes(kept, false).bytes.toString()).toBe(json);
    expect(answerBytes({ body: Buffer.from(json), gzipped: false }, true)).toEqual({ bytes: Buffer.from(json), gzipped: false });
  });
});

describe("the LRU underneath", () => {
  it("is lru-cache, a maintained library, not a hand-written one (decision 166)", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(new URL("./lookup-cache.ts", import.meta.url), "utf8");
    expect(source).toMatch(/import \{ LRUCache \} from "lru-cache"/);
    const { dependencies } = JSON.parse(await readFile(new URL("../../../../package.json", import.meta.url), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(dependencies["lru-cache"]).toBeDefined();
  });
});
