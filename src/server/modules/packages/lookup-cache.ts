// The client lookup's answers kept in memory (issue 22, docs/decisions/140). GET
// /api/clients/trackings?code= is the call clients make most; its answer changes only when the
// client or one of its packages does. Each answer (the JSON bytes the route sends, or "no such
// code") is kept in a bounded LRU (lru-cache, by count and bytes; decision 166), filled on the
// first request, and forgotten on every change:
// the database's triggers (migration 0013) NOTIFY the changed client codes on lookup_changed and
// every instance LISTENs. Three rules keep it from ever serving a stale answer for long:
//  - Only while listening. Until LISTEN answers, and from the moment its connection is lost,
//    nothing is kept or served from memory (every lookup asks the database); on (re)connection
//    the cache starts empty, since changes made meanwhile were never announced.
//  - A fill started before a change and finished after its notification is not kept: every
//    statement under way is marked with the codes invalidated while it ran.
//  - A miss ("no client has this code") is kept briefly (missTtlMs) besides being forgotten when a
//    client with that code is registered.
// A change becomes visible to every instance when its NOTIFY arrives (after the commit: the
// freshness test checks it, npm run bench measures it). The instance that made a change hears it
// before the call that made it returns (db/client.ts: PGlite calls back at once; on PostgreSQL each
// pooled connection passes on its own notices), so whoever wrote reads the write.
import { LOOKUP_CHANNEL, type Database } from "../../db/client";
import type { Listener } from "../../db/listener";
import { gunzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { mapLookalikes } from "../../../shared/domain/client-code";

/** A lookup's answer: the JSON bytes, gzipped when they are (or will be) kept in memory. */
export interface Answer {
  body: Buffer;
  gzipped: boolean;
}

/** One client's answer, and whether its code was issued look-alike free (a reading may reach it). */
export interface Found extends Answer {
  lookalikeFree: boolean;
  /** The client's id, and whether its account is protected (decision 216: the access gate reads them here). */
  clientId: number;
  protected: boolean;
  /** Kept no longer than this: the answer holds signed image links (lib/image-links.ts, decision 146). */
  validUntilMs?: number;
}

export interface LookupCacheOptions {
  /** Answers kept at most; 0 turns the cache off. */
  maxEntries: number;
  /** Bytes of answers kept at most. */
  maxBytes: number;
  /** How long "no such code" is kept. */
  missTtlMs: number;
  now?: () => number;
}

export interface LookupCacheStats {
  enabled: boolean;
  listening: boolean;
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
  hits: number;
  misses: number;
  fills: number;
  invalidations: number;
  resets: number;
  evictions: number;
}

interface Entry {
  found: Found | null;
  bytes: number;
  /** When to forget it: a miss after missTtlMs, an answer with image links when they near their end. */
  expiresAt: number;
}

/** A statement under way for these codes, and the codes changed while it ran. */
export interface Fill {
  codes: readonly string[];
  dirty: Set<string>;
  all: boolean;
}

/** Per entry besides the body: the key, the Map's slot and the objects (an estimate). */
const ENTRY_OVERHEAD_BYTES = 160;

export class LookupCache {
  /** Least recently used first out, past maxEntries answers or maxBytes bytes. Expiry is ours (expiresAt). */
  private readonly entries: LRUCache<string, Entry>;
  private readonly fills = new Set<Fill>();
  private listening = false;
  private readonly counts = { hits: 0, misses: 0, fills: 0, invalidations: 0, resets: 0, evictions: 0 };
  private readonly now: () => number;

  constructor(private readonly options: LookupCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, Entry>({
      // maxEntries 0 turns the cache off (nothing is stored); the library wants at least one.
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry) => entry.bytes,
      dispose: (_entry, _code, reason) => {
        if (reason === "evict") this.counts.evictions++;
      },
    });
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  /** The kept answer (null = kept "no such code"), or undefined when the database must be asked. */
  get(code: string): Found | null | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(code);
    if (!entry) {
      this.counts.misses++;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(code);
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return entry.found;
  }

  beginFill(codes: readonly string[]): Fill {
    const fill: Fill = { codes, dirty: new Set(), all: false };
    this.fills.add(fill);
    return fill;
  }

  /** Keeps what the statement found (null: it failed), except codes changed while it ran. */
  endFill(fill: Fill, found: ReadonlyMap<string, Found> | null): void {
    this.fills.delete(fill);
    if (!found || fill.all || !this.listening || !this.enabled) return;
    for (const code of fill.codes) {
      if (fill.dirty.has(code)) continue;
      this.store(code, found.get(code) ?? null);
    }
    this.counts.fills++;
  }

  /** Forgets these codes (a notification, or this instance's own write). */
  invalidate(codes: Iterable<string>): void {
    for (const code of codes) {
      this.entries.delete(code);
      for (const fill of this.fills) fill.dirty.add(code);
      this.counts.invalidations++;
    }
  }

  /** Forgets everything (a notification '*', or the listener's state changed). */
  clear(): void {
    this.entries.clear();
    for (const fill of this.fills) fill.all = true;
  }

  /** A payload from lookup_changed: a JSON array of client codes, or '*'. */
  notified(payload: string): void {
    if (payload === "*") {
      this.clear();
      this.counts.invalidations++;
      return;
    }
    let codes: unknown;
    try {
      codes = JSON.parse(payload);
    } catch {
      codes = null;
    }
    if (Array.isArray(codes) && codes.every((c) => typeof c === "string")) this.invalidate(codes as string[]);
    else this.clear();
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
    this.counts.resets++;
  }

  stats(): LookupCacheStats {
    return {
      enabled: this.enabled,
      listening: this.listening,
      entries: this.entries.size,
      bytes: this.entries.calculatedSize,
      maxEntries: this.options.maxEntries,
      maxBytes: this.options.maxBytes,
      ...this.counts,
    };
  }

  private store(code: string, answer: Found | null): void {
    this.entries.delete(code);
    // What the entry holds: the answer's bytes in a block of their own (ownBlock), the code, the objects.
    const bytes = (answer?.body.length ?? 0) + code.length + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return;
    const found = answer && { ...answer, body: ownBlock(answer.body) };
    const expiresAt = found ? (found.validUntilMs ?? Number.POSITIVE_INFINITY) : this.now() + this.options.missTtlMs;
    this.entries.set(code, { found, bytes, expiresAt });
  }
}

/**
 * The bytes in a memory block of their own size. A Buffer is a view: gzipSync returns one of a
 * 16 kB output block (each 1–5 kB gzipped answer kept 16 kB alive: the seed's 10 000 answers,
 * counted as 18 MB, held about 165 MB), and Buffer.from a short text one of an 8 kB slab shared
 * with other buffers. Kept for as long as the entry, the view would hold the whole block; the copy
 * holds its length, which is what the cache counts against maxBytes.
 */
function ownBlock(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/** Statements that answer many codes at once: the database side (client-portal.ts's batcher). */
export interface LookupSource {
  load(code: string): Promise<Found | null>;
}

/**
 * The lookup of a typed code through the cache: the code as typed, and its look-alike reading
 * taken only when that code was issued look-alike free (codes.ts, decision 107). Answers with the
 * JSON bytes, or null when no client has the code. Kept answers come back without a database turn.
 * With the cache on, answers are gzipped once when read from the database (kept that way: about a
 * sixth of the memory, and a browser gets them as they are); answerBytes serves them either way.
 */
export class ClientLookups {
  private listener: Listener | null = null;

  constructor(
    private readonly database: Database,
    readonly cache: LookupCache,
    private readonly source: LookupSource,
  ) {}

  /** Starts listening (the cache serves nothing before). */
  async start(): Promise<void> {
    if (!this.cache.enabled || this.listener) return;
    this.listener = await this.database.listen(LOOKUP_CHANNEL, {
      onNotify: (payload) => this.cache.notified(payload),
      onState: (listening) => this.cache.setListening(listening),
    });
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }

  /** The backend pid of the LISTEN connection (PostgreSQL, while listening). */
  listenerPid(): number | null {
    return this.listener?.backendPid() ?? null;
  }

  /**
   * The request's one read (kept on the request itself under a symbol: gone with it; a WeakMap
   * entry per request cost the hit path a hash insert and the collector an ephemeron), for `code`.
   * A second call for the same request and code gets the first one's read.
   */
  private readFor(request: object, typedCode: string): Read {
    const holder = request as { [REQUEST_READ]?: Read };
    const read = holder[REQUEST_READ];
    if (read !== undefined && read.code === typedCode) return read;
    const fresh = this.read(typedCode);
    holder[REQUEST_READ] = fresh;
    return fresh;
  }

  /**
   * The lookup of `typedCode` for one request: a second call for the same request and code gets
   * the first one's answer (the access gate reads it before the route does; decision 216).
   */
  lookupFor(request: object, typedCode: string): Promise<Found | null> {
    const read = this.readFor(request, typedCode);
    // A kept answer's promise is made only for a caller that awaits it (the hit path makes none).
    read.found ??= Promise.resolve(read.known ?? null);
    return read.found;
  }

  /**
   * Whether the request's lookup (lookupFor) found a client's answer kept in memory: no database
   * turn was taken for it, and its limit is counted in memory too (decision 221). A kept "no such
   * code" is not: a miss is what the limits guard, counted in the shared counters.
   */
  answeredFromMemory(request: object): boolean {
    return (request as { [REQUEST_READ]?: Read })[REQUEST_READ]?.kept === true;
  }

  /**
   * lookupFor's answer when memory has it (a client's, or a kept "no such code"), at once, without
   * a promise; undefined when the database must be asked (then await lookupFor).
   */
  knownFor(request: object, typedCode: string): Found | null | undefined {
    return this.readFor(request, typedCode).known;
  }

  lookup(typedCode: string): Promise<Found | null> {
    const read = this.read(typedCode);
    return read.found ?? Promise.resolve(read.known ?? null);
  }

  /** The answer, synchronously from memory when kept there (`known`), else from the database. */
  private read(typedCode: string): Read {
    const exact = this.cache.get(typedCode);
    if (exact) return known(typedCode, exact);
    const reading = mapLookalikes(typedCode);
    if (reading === typedCode) return exact === null ? known(typedCode, null) : { code: typedCode, found: this.source.load(typedCode), kept: false };
    const read = this.cache.get(reading);
    if (exact === null && read !== undefined) return known(typedCode, read?.lookalikeFree ? read : null);
    return { code: typedCode, found: this.loadBoth(typedCode, reading, exact, read), kept: false };
  }

  /** Both asked in the same statement when neither is kept. */
  private async loadBoth(typedCode: string, reading: string, exact: Found | null | undefined, read: Found | null | undefined): Promise<Found | null> {
    const [mine, theirs] = await Promise.all([
      exact === undefined ? this.source.load(typedCode) : exact,
      read === undefined ? this.source.load(reading) : read,
    ]);
    if (mine) return mine;
    return theirs?.lookalikeFree ? theirs : null;
  }
}

/** Where a request keeps its lookup's read (ClientLookups.readFor). */
const REQUEST_READ = Symbol("lookup read");

/** A lookup's read: the answer, and whether memory gave it (`known`: at once, without waiting). */
interface Read {
  code: string;
  /** The answer to wait for: the database's, or (made on demand) the kept one's. */
  found?: Promise<Found | null>;
  /** A client's answer kept in memory (a kept "no such code" is a miss: not kept here). */
  kept: boolean;
  known?: Found | null;
}

function known(code: string, found: Found | null): Read {
  return { code, kept: found !== null, known: found };
}

/** The answers for the few Accept-Encoding headers browsers send (read once each, not per request). */
const GZIP_ANSWERS = new Map<string, boolean>();
const GZIP_ANSWERS_KEPT = 64;

/** Whether an Accept-Encoding header takes gzip (a token "gzip" or "*" without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  if (typeof header !== "string") return readsGzip(header.join(","));
  const known = GZIP_ANSWERS.get(header);
  if (known !== undefined) return known;
  const answer = readsGzip(header);
  if (GZIP_ANSWERS.size < GZIP_ANSWERS_KEPT) GZIP_ANSWERS.set(header, answer);
  return answer;
}

function readsGzip(header: string): boolean {
  for (const part of header.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== "gzip" && token !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The bytes to send: the gzipped answer as it is to a client that takes gzip, else the plain JSON. */
export function answerBytes(answer: Answer, gzipOk: boolean): { bytes: Buffer; gzipped: boolean } {
  if (!answer.gzipped) return { bytes: answer.body, gzipped: false };
  return gzipOk ? { bytes: answer.body, gzipped: true } : { bytes: gunzipSync(answer.body), gzipped: false };
}
