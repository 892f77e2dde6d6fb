// The answer serialiser of routes registered from the contract (decision 177, made single-pass in
// decision 194): only what the schema names leaves, a Date still goes out as its ISO text, an
// answer that breaks its contract is a 500 and never reaches the caller, and a conforming answer
// is parsed once and written once (no JSON round trip before the schema).
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "../../shared/validation";
import { defineRoute } from "../../shared/api/contract";
import { contractSchema, installRouteContracts } from "./route-contract";

const ANSWER = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), note: z.string().optional() });
const ROUTE = defineRoute({ method: "GET", path: "/api/test/answer", tag: "test", summary: "prueba", responses: { 200: ANSWER } });

async function appAnswering(answer: () => unknown): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installRouteContracts(app);
  app.get(ROUTE.path, { schema: contractSchema(ROUTE) }, async () => answer());
  await app.ready();
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await app?.close();
  app = undefined;
});

describe("the contract's answer serialiser", () => {
  it("sends only the fields the schema names", async () => {
    app = await appAnswering(() => ({ id: 1, name: "Ana", createdAt: "2026-11-27T00:00:00.000Z", passwordHash: "secreto", note: undefined }));
    const res = await app.inject({ method: "GET", url: ROUTE.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: "Ana", createdAt: "2026-11-27T00:00:00.000Z" });
    expect(res.body).not.toContain("secreto");
  });

  it("writes a Date the schema calls text as its ISO text, as JSON carries it", async () => {
    app = await appAnswering(() => ({ id: 2, name: "Luis", createdAt: new Date("2026-11-27T12:30:00Z"), extra: 1 }));
    const res = await app.inject({ method: "GET", url: ROUTE.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 2, name: "Luis", createdAt: "2026-11-27T12:30:00.000Z" });
  });

  it("refuses an answer that breaks its contract with a 500 that carries none of it", async () => {
    app = await appAnswering(() => ({ id: "tres", name: "Eva", createdAt: "2026-11-27T00:00:00.000Z", secret: "no-sale" }));
    const res = await app.inject({ method: "GET", url: ROUTE.path });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("no-sale");
    expect(res.body).not.toContain("Eva");
  });

  it("parses a conforming answer once and writes it once, without a JSON round trip", async () => {
    app = await appAnswering(() => ({ id: 4, name: "Rosa", createdAt: "2026-11-27T00:00:00.000Z" }));
    const parse = vi.spyOn(ANSWER, "safeParse");
    const jsonParse = vi.spyOn(JSON, "parse");
    const res = await app.inject({ method: "GET", url: ROUTE.path });
    expect(res.statusCode).toBe(200);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(jsonParse).not.toHaveBeenCalled();
  });
});
