import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ANALYSIS_RATE_LIMITED,
  PRODUCT_INFO_REQUIRED,
  PRODUCT_URL_INVALID,
  ZProductAnalysisResponseSchema,
} from "../../../shared/api/product-analysis";
import { PRODUCT_ANALYSIS_JSON_SCHEMA } from "../../providers/ai/product-analysis";
import { startFakeChatServer, type FakeChatServer } from "../../test/fakes/chat-server";
import { createTestApp, type TestApp } from "../../test/app";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";

const KEY = "sk-clave-de-prueba-0123456789abcdef";

const aiAnswer = {
  descripcion_verificacion: "Un iPhone 15 Pro Max de 256 GB, nuevo en su caja.",
  categoria_producto: "Celular",
  peso_estimado_con_embalaje: 480,
  peso_estimado: 221,
  dimensiones_estimadas_con_embalaje: { largo: 20, ancho: 12, alto: 7 },
  dimensiones_estimadas: { largo: 16, ancho: 7.7, alto: 0.8 },
  volumen_pies_cubicos: 99,
  mejor_opcion_envio: "aereo",
  razon_recomendacion: "Es liviano: por avión cuesta unos $7.68 y llega rápido.",
  tiempo_entrega_estimado: "mañana",
  consideraciones_importacion: ["Trae batería de litio.", "Guarda la factura."],
};

const analyze = (t: TestApp, payload: unknown, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/product-analysis", payload: payload as object, remoteAddress: ip });

describe("POST /api/product-analysis with an AI configured", () => {
  let t: TestApp;
  let ai: FakeChatServer;
  const logs: string[] = [];
  beforeAll(async () => {
    ai = await startFakeChatServer({ kind: "content", content: JSON.stringify(aiAnswer) });
    const pino = (await import("pino")).default;
    const logger = pino(
      { level: "warn" },
      { write: (line: string) => void logs.push(line) },
    );
    t = await createTestApp({
      env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: KEY, AI_MODEL: "modelo-prueba", AI_TIMEOUT_MS: "2000" },
      deps: { logger },
    });
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });
  beforeEach(() => {
    ai.requests.length = 0;
    logs.length = 0;
  });

  it("answers the AI's analysis, with our volume and delivery time, not flagged as fallback", async () => {
    ai.set({ kind: "content", content: JSON.stringify(aiAnswer) });
    const res = await analyze(t, { description: "iPhone 15 Pro Max 256GB", productUrl: "https://www.amazon.com/Apple-iPhone-15-Pro-Max/dp/B0CMZ4S1G5" });
    expect(res.statusCode).toBe(200);
    const body = ZProductAnalysisResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.analysis).toMatchObject({
      descripcion_verificacion: aiAnswer.descripcion_verificacion,
      peso_estimado_con_embalaje: 480,
      mejor_opcion_envio: "aereo",
      fallback_usado: false,
      tiempo_entrega_estimado: "3 a 6 días hábiles",
      volumen_pies_cubicos: 0.06,
    });

    const [request] = ai.requests;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe("modelo-prueba");
    expect(request.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "analisis_producto", strict: true, schema: PRODUCT_ANALYSIS_JSON_SCHEMA },
    });
    const user = (request.body.messages as { role: string; content: string }[]).find((m) => m.role === "user")!;
    expect(user.content).toContain("iPhone 15 Pro Max 256GB");
    expect(user.content).toContain("Amazon");
    expect(res.body).not.toContain(KEY);
  });

  it.each([
    ["malformed JSON", { kind: "content", content: '{"descripcion_verificacion": "iPhone", ' }],
    ["an answer of the wrong shape", { kind: "content", content: JSON.stringify({ ...aiAnswer, peso_estimado_con_embalaje: -5 }) }],
    ["an HTTP error", { kind: "raw", status: 500, body: JSON.stringify({ error: { message: "boom", code: "server_error" } }) }],
    ["a rejected key", { kind: "raw", status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, code: "invalid_api_key" } }) }],
    ["a time-out", { kind: "hang" }],
  ] as const)("falls back to the offline estimate on %s, and logs why without the key", async (_name, behaviour) => {
    ai.set(behaviour);
    const res = await analyze(t, { description: "iPhone 15 Pro Max" });
    expect(res.statusCode).toBe(200);
    const body = ZProductAnalysisResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.analysis?.fallback_usado).toBe(true);
    expect(body.analysis?.categoria_producto).toBe("Celular / smartphone");
    expect(ai.requests).toHaveLength(1);
    const warning = logs.find((line) => line.includes("offline estimate used"));
    expect(warning).toBeTruthy();
    expect(logs.join("\n")).not.toContain(KEY);
  });
});

describe("POST /api/product-analysis without an AI", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the offline estimate for a description", async () => {
    const res = await analyze(t, { description: "zapatos Nike talla 10", productUrl: "" }, "10.0.1.1");
    expect(res.statusCode).toBe(200);
    const body = ZProductAnalysisResponseSchema.parse(res.json());
    expect(body.analysis).toMatchObject({ categoria_producto: "Zapatos", fallback_usado: true, mejor_opcion_envio: "aereo" });
  });

  it("accepts a product address alone", async () => {
    const res = await analyze(t, { productUrl: "https://www.walmart.com/ip/Ninja-Air-Fryer-4-Quart/123456" }, "10.0.1.2");
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis.categoria_producto).toBe("Electrodoméstico pequeño");
  });

  it.each([
    ["nothing", {}, PRODUCT_INFO_REQUIRED],
    ["two blanks", { description: "   ", productUrl: "" }, PRODUCT_INFO_REQUIRED],
    ["an address that is not http(s)", { productUrl: "javascript:alert(1)" }, PRODUCT_URL_INVALID],
    ["an address without a scheme", { productUrl: "amazon.com/algo" }, PRODUCT_URL_INVALID],
    ["a description over 2000 characters", { description: "a".repeat(2001) }, "La descripción no puede tener más de 2000 caracteres"],
    ["an address over 2000 characters", { productUrl: `https://a.com/${"b".repeat(2000)}` }, "La URL no puede tener más de 2000 caracteres"],
  ])("refuses %s with a Spanish 400", async (_name, payload, message) => {
    const res = await analyze(t, payload, "10.0.1.3");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION", message });
  });

  it(`limits each address to ${ABUSE_LIMITS.productAnalysis.limit} analyses per window`, async () => {
    const ip = "10.0.9.9";
    // Pre-load the counter to the limit so the test does not make twenty analyses.
    for (let i = 0; i < ABUSE_LIMITS.productAnalysis.limit; i++) await t.ctx.limiter.hit(`product-analysis:${ip}`, ABUSE_LIMITS.productAnalysis.limit, 60_000);
    const res = await analyze(t, { description: "LEGO" }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: "RATE_LIMITED", message: ANALYSIS_RATE_LIMITED });
    const other = await analyze(t, { description: "LEGO" }, "10.0.9.10");
    expect(other.statusCode).toBe(200);
  });
});
