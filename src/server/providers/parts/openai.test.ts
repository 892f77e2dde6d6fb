// The parts providers: the AI adapter against a fake OpenAI-compatible server on 127.0.0.1
// (answer, bad JSON, wrong shape, HTTP error, time-out → store links), the store links
// themselves, and the whole search over HTTP with the AI configured. No network.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createChatClient } from "../ai/chat-client";
import { startFakeChatServer, type FakeChatServer } from "../../test/fakes/chat-server";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, partsSearches } from "../../db/schema";
import { generateClientCode } from "../../../shared/domain/client-code";
import { costaRicaMonthKey } from "../../../shared/domain/dates";
import { PRICE_CHECK_IN_STORE } from "../../../shared/api/parts-assistant";
import { MAX_AI_OFFERS, createOpenAiPartsProvider, isSafeOfferUrl, normalizePrice } from "./openai";
import { storeLinkResults } from "./store-links";
import { createPartsProvider } from "./index";
import type { PartsQuery } from "./types";

const QUERY: PartsQuery = { marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Pastillas de freno delanteras" };

const OFFERS = [
  {
    nombre: "Pastillas de freno delanteras Akebono ProACT",
    tienda: "RockAuto",
    precio: "$45.99",
    disponibilidad: "En stock",
    url: "https://www.rockauto.com/en/partsearch/?partnum=ACT1303",
  },
  {
    nombre: "Juego de pastillas Toyota original",
    tienda: "Amazon",
    precio: "62.5",
    disponibilidad: "Envío en 3 a 5 días",
    url: "https://www.amazon.com/s?k=04465-0K240",
  },
];

const answerWith = (resultados: unknown) => ({ kind: "content" as const, content: JSON.stringify({ resultados }) });

describe("store links (offline)", () => {
  // The market, language and card rules are in store-links.test.ts; these are the address rules.
  it("URL-encodes the search and opens RockAuto's catalog at the vehicle, for a US-market model", () => {
    const results = storeLinkResults({ ...QUERY, modelo: "Tacoma", parte: "Filtro de aceite & aire/cabina" });
    expect(results.map((r) => r.tienda)).toEqual(
      expect.arrayContaining(["RockAuto", "AutoZone", "eBay Motors", "Amazon", "Advance Auto Parts", "AliExpress"]),
    );
    for (const r of results) {
      expect(r.precio).toBe(PRICE_CHECK_IN_STORE);
      const url = new URL(r.url);
      expect(url.protocol).toBe("https:");
      if (r.tienda !== "RockAuto") {
        expect(decodeURIComponent(url.search)).toContain("oil filter Toyota Tacoma 2015");
        expect(url.search).not.toContain("&aire");
      }
    }
    expect(results.find((r) => r.tienda === "RockAuto")!.url).toBe("https://www.rockauto.com/en/catalog/toyota,2015,tacoma");
  });

  it("searches the part number at every store when there is one", () => {
    for (const r of storeLinkResults({ ...QUERY, numeroPieza: "04465-0K240" })) {
      expect(r.url).toContain("04465-0K240");
      expect(r.nombre).toContain("Número de pieza 04465-0K240");
    }
  });

  it("uses the first line of a description when no part is named", () => {
    const [first] = storeLinkResults({ ...QUERY, parte: undefined, descripcion: "Espejo del lado del chofer\ncon señal" });
    expect(first.nombre).toBe('Busca "driver side side mirror Toyota Hilux 2015"');
  });

  it("is what the factory picks when no AI is configured", () => {
    expect(createPartsProvider(null).name).toBe("store-links");
  });
});

describe("price and address rules for AI offers", () => {
  it.each([
    ["$45.99", "$45.99"],
    ["45.9", "$45.90"],
    ["USD 1,234.50", "$1234.50"],
    ["US$ 80", "$80.00"],
    ["entre $40 y $60", PRICE_CHECK_IN_STORE],
    ["gratis", PRICE_CHECK_IN_STORE],
    ["$0", PRICE_CHECK_IN_STORE],
    [PRICE_CHECK_IN_STORE, PRICE_CHECK_IN_STORE],
  ])("reads %j as %j", (raw, shown) => {
    expect(normalizePrice(raw)).toBe(shown);
  });

  it.each([
    ["https://www.rockauto.com/en/partsearch/?partnum=1", true],
    ["http://shop.example.com/x", true],
    ["javascript:alert(1)", false],
    ["data:text/html,hola", false],
    ["https://user:pw@evil.example.com/", false],
    ["https://127.0.0.1/x", false],
    ["ftp://files.example.com/x", false],
    ["no es una url", false],
  ])("accepts %s as an offer address: %s", (url, ok) => {
    expect(isSafeOfferUrl(url)).toBe(ok);
  });
});

describe("AI adapter against a fake OpenAI-compatible server", () => {
  let server: FakeChatServer;
  beforeAll(async () => {
    server = await startFakeChatServer(answerWith(OFFERS));
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = (timeoutMs = 5000) =>
    createOpenAiPartsProvider(createChatClient({ baseUrl: server.baseUrl, apiKey: "sk-prueba-123456789", model: "modelo-repuestos", timeoutMs })!);

  it("asks for strict JSON offers about the vehicle and part, and answers them checked", async () => {
    server.set(answerWith(OFFERS));
    const outcome = await provider().search({ ...QUERY, numeroPieza: "04465-0K240", descripcion: "Las de cerámica" });
    expect(outcome.fallbackUsado).toBe(false);
    expect(outcome.results).toEqual([OFFERS[0], { ...OFFERS[1], precio: "$62.50" }]);
    const [request] = server.requests;
    expect(request.body).toMatchObject({
      model: "modelo-repuestos",
      response_format: { type: "json_schema", json_schema: { name: "ofertas_repuestos", strict: true } },
    });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0].content).toContain("No inventes precios");
    expect(messages[1].content).toBe(
      "Vehículo: Toyota Hilux 2015\nNúmero de pieza: 04465-0K240\nParte: Pastillas de freno delanteras\nDescripción del cliente: Las de cerámica",
    );
  });

  it("drops offers whose address is not a web address, and keeps at most the maximum", async () => {
    const many = Array.from({ length: MAX_AI_OFFERS + 4 }, (_, i) => ({ ...OFFERS[0], nombre: `Opción ${i}` }));
    server.set(answerWith([{ ...OFFERS[0], url: "javascript:alert(1)" }, ...many]));
    const outcome = await provider().search(QUERY);
    expect(outcome.results).toHaveLength(MAX_AI_OFFERS);
    expect(outcome.results.every((r) => r.url.startsWith("https://"))).toBe(true);
    expect(outcome.results[0].nombre).toBe("Opción 0");
  });

  it.each([
    ["content that is not JSON", { kind: "content" as const, content: "Aquí tienes unas pastillas: RockAuto $45" }],
    ["JSON of the wrong shape", { kind: "content" as const, content: JSON.stringify({ ofertas: OFFERS }) }],
    ["offers missing a field", answerWith([{ nombre: "x", tienda: "y", precio: "$1.00", url: "https://a.example.com" }])],
    ["no usable offer", answerWith([{ ...OFFERS[0], url: "javascript:void(0)" }])],
    ["an HTTP error", { kind: "raw" as const, status: 500, body: JSON.stringify({ error: { code: "server_error" } }) }],
    ["a refused key", { kind: "raw" as const, status: 401, body: JSON.stringify({ error: { code: "invalid_api_key" } }) }],
  ])("answers the store links for %s", async (_label, behaviour) => {
    server.set(behaviour);
    const warnings: object[] = [];
    const outcome = await provider().search(QUERY, { warn: (obj) => warnings.push(obj) });
    expect(outcome).toEqual({ results: storeLinkResults(QUERY), fallbackUsado: true });
    expect(server.requests).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });

  it("answers the store links when the AI does not answer in time", async () => {
    server.set({ kind: "hang" });
    const warnings: { kind?: string }[] = [];
    const outcome = await provider(300).search(QUERY, { warn: (obj) => warnings.push(obj) });
    expect(outcome.fallbackUsado).toBe(true);
    expect(outcome.results).toEqual(storeLinkResults(QUERY));
    expect(warnings[0].kind).toBe("timeout");
  });
});

describe("POST /api/parts-assistant with the AI configured", () => {
  let server: FakeChatServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startFakeChatServer(answerWith(OFFERS));
    t = await createTestApp({ env: { AI_BASE_URL: server.baseUrl, AI_API_KEY: "sk-prueba-123456789", AI_TIMEOUT_MS: "3000" } });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  async function newClient() {
    const [row] = await t.ctx.db
      .insert(clients)
      .values({
        clientCode: generateClientCode(),
        nombre: "Pablo Vargas Solano",
        direccion: "Sarchí, Alajuela, frente a la plaza",
        telefono: `+5068${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
        lastResetDate: `${costaRicaMonthKey(new Date())}-01`,
      })
      .returning();
    return row;
  }
  const search = (clientCode: string) =>
    t.app.inject({ method: "POST", url: "/api/parts-assistant", payload: { clientCode, ...QUERY }, remoteAddress: "10.9.0.1" });

  it("answers the AI's offers and stores them, counted once", async () => {
    expect(t.ctx.providers.parts.name).toBe("openai");
    server.set(answerWith(OFFERS));
    const client = await newClient();
    const res = await search(client.clientCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fallbackUsado: false, clientInfo: { searchCount: 1 } });
    expect(res.json().results[0]).toEqual(OFFERS[0]);
    const [stored] = await t.ctx.db.select().from(partsSearches).where(eq(partsSearches.clientId, client.id));
    expect(stored).toMatchObject({ fallbackUsado: false });
    expect(stored.results).toEqual(res.json().results);
  });

  it("answers store links when the AI sends bad JSON, and counts nothing: the AI did not answer", async () => {
    server.set({ kind: "content", content: "{no es json" });
    const client = await newClient();
    const res = await search(client.clientCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fallbackUsado: true, clientInfo: { searchCount: 0 } });
    expect(res.json().results).toEqual(storeLinkResults(QUERY));
    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row.searchCount).toBe(0);
    const [stored] = await t.ctx.db.select().from(partsSearches).where(eq(partsSearches.clientId, client.id));
    expect(stored).toMatchObject({ fallbackUsado: true });
  });
});
