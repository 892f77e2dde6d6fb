// The published contract (issue 33 item 3, decision 177): every /api route is registered from a
// contract entry, the OpenAPI document validates (an independent validator, not the library
// that wrote it) and lists every route, and every public route's sample answer holds to its
// contract. Admin routes' answers are held to theirs by the role walk (route-roles.test.ts),
// which calls each with every role.
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { useTestApp } from "./test/app";
import { answerProblems } from "./test/contract";
import { PUBLIC_SAMPLES } from "./test/public-samples";
import { API_REFERENCE_PATH, OPENAPI_PATH } from "../shared/api/openapi";

const t = useTestApp();
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe("the API contract", () => {
  it("registers every /api route from a contract entry", () => {
    const routes = t.ctx.routes.filter((route) => route.url !== OPENAPI_PATH);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !route.contract).map(keyOf), "routes without a contract entry").toEqual([]);
  });

  it("publishes an OpenAPI 3.1 document that validates and lists every route", async () => {
    const res = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], "OpenAPI validation errors").toEqual([]);
    expect(result.valid).toBe(true);
    const listed = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const missing = t.ctx.routes
      .filter((route) => route.url !== OPENAPI_PATH)
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`)
      .filter((key) => !listed.has(key));
    expect(missing, "routes missing from the document").toEqual([]);
  });

  it("serves the API reference page from our own server", async () => {
    const entry = await t.app.inject({ method: "GET", url: API_REFERENCE_PATH });
    const page = entry.statusCode === 301 ? await t.app.inject({ method: "GET", url: String(entry.headers.location) }) : entry;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const address = new URL(src, `http://app.test${API_REFERENCE_PATH}/`);
      expect(address.origin, "no script from another origin").toBe("http://app.test");
      const script = await t.app.inject({ method: "GET", url: address.pathname });
      expect(script.statusCode, src).toBe(200);
    }
  });

  const publicRoutes = () => t.ctx.routes.filter((route) => route.auth === "public" && route.url !== OPENAPI_PATH);

  it("has a sample for every public route", () => {
    expect(publicRoutes().filter((route) => !PUBLIC_SAMPLES[keyOf(route)]).map(keyOf), "public routes without a sample").toEqual([]);
    const registered = new Set(publicRoutes().map(keyOf));
    expect(Object.keys(PUBLIC_SAMPLES).filter((key) => !registered.has(key)), "samples of no route").toEqual([]);
  });

  for (const key of Object.keys(PUBLIC_SAMPLES)) {
    it(`${key}: the sample's answer holds to the contract`, async () => {
      const route = publicRoutes().find((r) => keyOf(r) === key);
      if (!route) throw new Error(`${key} is not registered`);
      const call = await PUBLIC_SAMPLES[key](t);
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: call.headers,
        ...(call.payload === undefined ? {} : { payload: call.payload as string }),
      });
      if (call.status) expect(res.statusCode, res.body.slice(0, 300)).toBe(call.status);
      else expect(res.statusCode >= 200 && res.statusCode < 300, `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
      expect(answerProblems(route.contract, res)).toEqual([]);
    });
  }
});
