// HTTP tests of the parts assistant: verification (GET /api/clients/verify/{code}) and the
// search (POST /api/parts-assistant) with its monthly quota, on PGlite and on PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { clients, partsSearches } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createStoreLinksPartsProvider } from "../../providers/parts/store-links";
import type { PartsProvider, PartsQuery } from "../../providers/parts/types";
import { generateClientCode } from "../../../shared/domain/client-code";
import { costaRicaMonthKey } from "../../../shared/domain/dates";
import { partsMaxYear } from "../../../shared/domain/limits";
import { VERIFY_CODE_FORMAT, VERIFY_NOT_FOUND, VERIFY_RATE_LIMITED } from "../../../shared/api/clients-verification";
import {
  ANIO_INTEGER,
  IMAGEN_URL_INVALID,
  LIMIT_REACHED_TITLE,
  MARCA_REQUIRED,
  MODELO_REQUIRED,
  PARTE_OR_DESCRIPCION_REQUIRED,
  PRICE_CHECK_IN_STORE,
  SEARCH_RATE_LIMITED,
  anioRangeMessage,
  currentPartsYear,
  limitReachedMessage,
} from "../../../shared/api/parts-assistant";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { CHEAP_POW_ENV, asksForChallenge, solvedChallenge } from "../../test/challenge";
import { CHALLENGE_HEADER } from "../../../shared/api/challenge";

let t: TestApp;
/** Stands in for an AI that answers: only such answers spend one of the month's searches. */
const aiAnswers: PartsProvider = {
  name: "openai",
  search: async () => ({
    results: [{ nombre: "Pastillas Akebono", tienda: "RockAuto", precio: "$45.99", disponibilidad: "En stock", url: "https://www.rockauto.com/" }],
    fallbackUsado: false,
  }),
};
const storeLinks = createStoreLinksPartsProvider();
/** The provider the app uses; each test may swap what is behind it. */
let provider: PartsProvider = aiAnswers;
let lastAddress = 0;
const newAddress = () => `10.6.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

const thisMonthStart = () => `${costaRicaMonthKey(new Date())}-01`;
function previousMonthStart(): string {
  const [y, m] = costaRicaMonthKey(new Date()).split("-").map(Number);
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
}

interface ClientSeed {
  searchCount?: number;
  searchLimit?: number;
  unlimitedAccess?: 0 | 1;
  lastResetDate?: string;
}

async function createClient(seed: ClientSeed = {}) {
  const clientCode = generateClientCode();
  const [row] = await t.ctx.db
    .insert(clients)
    .values({
      clientCode,
      nombre: `Ana Solís ${clientCode}`,
      direccion: "Grecia centro, 200 m norte de la iglesia",
      telefono: `+5068${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      searchCount: seed.searchCount ?? 0,
      searchLimit: seed.searchLimit ?? 10,
      unlimitedAccess: seed.unlimitedAccess ?? 0,
      lastResetDate: seed.lastResetDate ?? thisMonthStart(),
    })
    .returning();
  return row;
}

async function clientRow(id: number) {
  const [row] = await t.ctx.db.select().from(clients).where(eq(clients.id, id));
  return row;
}

async function searchesOf(clientId: number) {
  return t.ctx.db.select().from(partsSearches).where(eq(partsSearches.clientId, clientId));
}

function body(clientCode: string, overrides: Record<string, unknown> = {}) {
  return { clientCode, marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Pastillas de freno delanteras", ...overrides };
}

const search = (payload: object, remoteAddress = newAddress()) =>
  t.app.inject({ method: "POST", url: "/api/parts-assistant", payload, remoteAddress });
const verify = (code: string, remoteAddress = newAddress()) =>
  t.app.inject({ method: "GET", url: `/api/clients/verify/${encodeURIComponent(code)}`, remoteAddress });

beforeAll(async () => {
  t = await createTestApp({
    env: CHEAP_POW_ENV,
    deps: { providers: { parts: { name: "store-links", search: (query: PartsQuery) => provider.search(query) } } },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/clients/verify/{code}", () => {
  it("answers the client's name and quota, uppercasing the code", async () => {
    const client = await createClient({ searchCount: 3, searchLimit: 10 });
    const res = await verify(client.clientCode.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      client: { nombre: client.nombre, searchCount: 3, searchLimit: 10, unlimitedAccess: false, searchesRemaining: 7 },
    });
  });

  it("shows an unlimited client without a remaining count", async () => {
    const client = await createClient({ searchCount: 40, unlimitedAccess: 1 });
    const { client: info } = (await verify(client.clientCode)).json();
    expect(info).toMatchObject({ unlimitedAccess: true, searchesRemaining: null, searchCount: 40 });
  });

  it("shows a counter from an earlier month as 0 used, without writing", async () => {
    const client = await createClient({ searchCount: 10, searchLimit: 10, lastResetDate: previousMonthStart() });
    const { client: info } = (await verify(client.clientCode)).json();
    expect(info).toMatchObject({ searchCount: 0, searchesRemaining: 10 });
    expect((await clientRow(client.id)).searchCount).toBe(10);
  });

  it.each([
    ["too short", "EX1"],
    ["without EX", "AB12345"],
    ["with symbols", "EX12-45"],
    ["too long", `EX${"1".repeat(15)}`],
  ])("refuses a code %s with 400 and the spec's format message", async (_label, code) => {
    const res = await verify(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VERIFY_CODE_FORMAT);
  });

  it("answers 404 with a message for a code no client has", async () => {
    const res = await verify("EXZZZ999");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(VERIFY_NOT_FOUND);
  });

  it(`allows ${ABUSE_LIMITS.verification.challengeAfter} checks per address free, then asks for a challenge, and 429 past ${ABUSE_LIMITS.verification.limit}`, async () => {
    // Hits only: misses have their own, smaller allowance (code-guessing.test.ts).
    const client = await createClient();
    const address = newAddress();
    for (let i = 0; i < ABUSE_LIMITS.verification.challengeAfter; i++) expect((await verify(client.clientCode, address)).statusCode).toBe(200);
    const asked = await verify(client.clientCode, address);
    expect(asksForChallenge(asked)).toBe(true);
    const paid = await t.app.inject({
      method: "GET",
      url: `/api/clients/verify/${client.clientCode}`,
      remoteAddress: address,
      headers: { [CHALLENGE_HEADER]: await solvedChallenge(t.app, address) },
    });
    expect(paid.statusCode).toBe(200);
    // The hard ceiling: every further check is a 429 in Spanish, solved or not.
    await t.ctx.db.execute(sql`UPDATE rate_limits SET count = ${ABUSE_LIMITS.verification.limit} WHERE key LIKE ${`${ABUSE_LIMITS.verification.key}%${address}%`}`);
    const refused = await verify(client.clientCode, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(VERIFY_RATE_LIMITED);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await verify(client.clientCode, newAddress())).statusCode).toBe(200);
  });
});

describe("POST /api/parts-assistant: the form's rules", () => {
  it.each([
    ["no marca", { marca: undefined }, "marca", MARCA_REQUIRED],
    ["a blank marca", { marca: "   " }, "marca", MARCA_REQUIRED],
    ["no modelo", { modelo: "" }, "modelo", MODELO_REQUIRED],
    ["neither parte nor descripcion", { parte: " ", descripcion: "" }, "parte", PARTE_OR_DESCRIPCION_REQUIRED],
    ["a year before 1900", { anio: 1899 }, "anio", anioRangeMessage(partsMaxYear())],
    ["a year after next year", { anio: partsMaxYear() + 1 }, "anio", anioRangeMessage(partsMaxYear())],
    ["a fractional year", { anio: 2015.5 }, "anio", ANIO_INTEGER],
    ["a year in words", { anio: "dos mil" }, "anio", ANIO_INTEGER],
    ["an image address that is not a URL", { imagenUrl: "foto del repuesto" }, "imagenUrl", IMAGEN_URL_INVALID],
    ["a javascript: image address", { imagenUrl: "javascript:alert(1)" }, "imagenUrl", IMAGEN_URL_INVALID],
  ])("refuses %s with 400 on that field, counting nothing", async (_label, overrides, field, message) => {
    const client = await createClient();
    const res = await search(body(client.clientCode, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field });
    expect((await clientRow(client.id)).searchCount).toBe(0);
    expect(await searchesOf(client.id)).toHaveLength(0);
  });

  it("accepts next calendar year, a description without a part, and an empty image address as none", async () => {
    const client = await createClient();
    const res = await search(
      body(client.clientCode, { anio: partsMaxYear(), parte: "", descripcion: "  Espejo\nlado chofer ", imagenUrl: "" }),
    );
    expect(res.statusCode).toBe(200);
    const [stored] = await searchesOf(client.id);
    expect(stored).toMatchObject({ anio: partsMaxYear(), parte: null, descripcion: "Espejo\nlado chofer", imagenUrl: null });
  });

  it("takes this year when the year is left out, and a year typed as text", async () => {
    const client = await createClient();
    expect((await search(body(client.clientCode, { anio: undefined }))).statusCode).toBe(200);
    expect((await search(body(client.clientCode, { anio: "1998" }))).statusCode).toBe(200);
    const years = (await searchesOf(client.id)).map((s) => s.anio).sort();
    expect(years).toEqual([1998, currentPartsYear()].sort());
  });

  it("answers 404 for a code no client has", async () => {
    const res = await search(body("EXNADIE9"));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(VERIFY_NOT_FOUND);
  });
});

describe("POST /api/parts-assistant: results and history", () => {
  beforeEach(() => {
    provider = storeLinks;
  });
  afterEach(() => {
    provider = aiAnswers;
  });

  it("answers store links with no invented price, counts nothing and stores the search with its results", async () => {
    const client = await createClient({ searchCount: 2, searchLimit: 10 });
    const imagenUrl = "http://localhost/objects/uploads/0123456789abcdef0123456789abcdef";
    const res = await search(body(client.clientCode.toLowerCase(), { numeroPieza: "04465-0K240", imagenUrl }));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.clientInfo).toEqual({
      nombre: client.nombre,
      searchCount: 2,
      searchLimit: 10,
      unlimitedAccess: false,
      searchesRemaining: 8,
    });
    expect(answer.fallbackUsado).toBe(true);
    expect(answer.results.length).toBeGreaterThanOrEqual(5);
    for (const r of answer.results) {
      expect(r.precio).toBe(PRICE_CHECK_IN_STORE);
      expect(r.url).toMatch(/^https:\/\//);
      expect(r.url).toContain("04465-0K240");
    }
    expect((await clientRow(client.id)).searchCount).toBe(2);
    const [stored] = await searchesOf(client.id);
    expect(stored).toMatchObject({
      marca: "Toyota",
      modelo: "Hilux",
      anio: 2015,
      numeroPieza: "04465-0K240",
      parte: "Pastillas de freno delanteras",
      imagenUrl,
      fallbackUsado: true,
    });
    expect(stored.results).toEqual(answer.results);
  });
});

describe("POST /api/parts-assistant: answered without AI", () => {
  beforeEach(() => {
    provider = storeLinks;
  });
  afterEach(() => {
    provider = aiAnswers;
  });

  it("spends none of the monthly searches, says it was not the AI, and still records the search", async () => {
    const client = await createClient({ searchCount: 2, searchLimit: 10 });
    const res = await search(body(client.clientCode));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fallbackUsado: true, clientInfo: { searchCount: 2, searchesRemaining: 8 } });
    expect((await clientRow(client.id)).searchCount).toBe(2);
    const [stored] = await searchesOf(client.id);
    expect(stored).toMatchObject({ fallbackUsado: true, modelo: "Hilux" });
  });

  it("answers the Hilux brake-pad search with English searches at stores that sell Hilux parts", async () => {
    const client = await createClient();
    const { results } = (await search(body(client.clientCode))).json() as { results: { tienda: string; url: string }[] };
    expect(results.map((r) => r.tienda)).not.toContain("RockAuto");
    for (const r of results) expect(decodeURIComponent(r.url).replace(/\+/g, " ")).toContain("front brake pads Toyota Hilux 2015");
  });
});

describe("POST /api/parts-assistant: the monthly quota", () => {
  it("refuses the limit-th + 1 search with the spec's answer and does not count it", async () => {
    const client = await createClient({ searchLimit: 3 });
    for (let i = 1; i <= 3; i++) {
      const res = await search(body(client.clientCode));
      expect(res.statusCode).toBe(200);
      expect(res.json().clientInfo.searchesRemaining).toBe(3 - i);
    }
    const refused = await search(body(client.clientCode));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: LIMIT_REACHED_TITLE,
      message: limitReachedMessage(t.config.brand.name),
      code: "LIMIT_REACHED",
      clientInfo: { searchCount: 3, searchLimit: 3, searchesRemaining: 0 },
    });
    expect(refused.json().message).toBe("Has alcanzado tu límite mensual de búsquedas. Por favor contacta a Express Import.");
    expect((await clientRow(client.id)).searchCount).toBe(3);
    expect(await searchesOf(client.id)).toHaveLength(3);
  });

  it("refuses a client whose limit is 0", async () => {
    const client = await createClient({ searchLimit: 0 });
    expect((await search(body(client.clientCode))).statusCode).toBe(429);
    expect(await searchesOf(client.id)).toHaveLength(0);
  });

  it("starts the counter again when a new month has begun", async () => {
    const client = await createClient({ searchCount: 10, searchLimit: 10, lastResetDate: previousMonthStart() });
    const res = await search(body(client.clientCode));
    expect(res.statusCode).toBe(200);
    expect(res.json().clientInfo).toMatchObject({ searchCount: 1, searchesRemaining: 9 });
    const row = await clientRow(client.id);
    expect(row.searchCount).toBe(1);
    expect(row.lastResetDate).toBe(thisMonthStart());
  });

  it("never refuses an unlimited client (its searches are still counted for staff)", async () => {
    const client = await createClient({ searchCount: 25, searchLimit: 10, unlimitedAccess: 1 });
    const res = await search(body(client.clientCode));
    expect(res.statusCode).toBe(200);
    expect(res.json().clientInfo).toMatchObject({ unlimitedAccess: true, searchesRemaining: null, searchCount: 26 });
  });

  it("lets exactly 3 of 20 simultaneous searches through when 3 are left", async () => {
    const client = await createClient({ searchCount: 7, searchLimit: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () => search(body(client.clientCode))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    expect((await clientRow(client.id)).searchCount).toBe(10);
    expect(await searchesOf(client.id)).toHaveLength(3);
  });

  it("decides by the count, not the early check: 20 searches that all passed it race for the last 3", async () => {
    const client = await createClient({ searchCount: 7, searchLimit: 10 });
    // Every search waits in the provider until all 20 are there, so all passed the early check.
    let arrived = 0;
    let releaseAll!: () => void;
    const gate = new Promise<void>((resolve) => (releaseAll = resolve));
    provider = {
      name: "openai",
      async search(query) {
        if (++arrived === 20) releaseAll();
        await gate;
        return aiAnswers.search(query);
      },
    };
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => search(body(client.clientCode))));
      expect(arrived).toBe(20);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const refused = results.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(17);
      for (const r of refused) expect(r.json().error).toBe(LIMIT_REACHED_TITLE);
    } finally {
      provider = aiAnswers;
    }
    expect((await clientRow(client.id)).searchCount).toBe(10);
    expect(await searchesOf(client.id)).toHaveLength(3);
  });

  it("counts nothing and stores nothing when the provider fails outright", async () => {
    const client = await createClient({ searchCount: 1 });
    provider = {
      name: "openai",
      search: async () => {
        throw new Error("caída total");
      },
    };
    try {
      const res = await search(body(client.clientCode));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain("caída");
    } finally {
      provider = aiAnswers;
    }
    expect((await clientRow(client.id)).searchCount).toBe(1);
    expect(await searchesOf(client.id)).toHaveLength(0);
    // The next search, with the provider back, counts exactly once.
    expect((await search(body(client.clientCode))).json().clientInfo.searchCount).toBe(2);
  });

  it(`allows ${ABUSE_LIMITS.partsSearch.limit} searches per address in 10 minutes, then 429 in Spanish`, async () => {
    const client = await createClient({ unlimitedAccess: 1 });
    const address = newAddress();
    for (let i = 0; i < ABUSE_LIMITS.partsSearch.limit; i++) {
      expect((await search(body(client.clientCode), address)).statusCode).toBe(200);
    }
    const res = await search(body(client.clientCode), address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: SEARCH_RATE_LIMITED, code: "RATE_LIMITED" });
    const [{ n }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(partsSearches)
      .where(eq(partsSearches.clientId, client.id));
    expect(n).toBe(ABUSE_LIMITS.partsSearch.limit);
  });
});
