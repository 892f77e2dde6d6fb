// The "people" routes' published contract (issue 33 item 3): clients, verification, staff
// accounts, sign-in and one's own account, the audit log and the search quota are registered from
// their shared entries, the OpenAPI document describes their input and answers (the audit export
// as a workbook, a 204 as no content), and registering from the contract kept the order in which
// the verification limit is counted (before the code is validated, as before).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp, createTestApp, type TestApp } from "./test/app";
import { OPENAPI_PATH } from "../shared/api/openapi";
import { XLSX_CONTENT_TYPE } from "../shared/api/excel";
import { VERIFY_CODE_FORMAT, VERIFY_RATE_LIMITED } from "../shared/api/clients-verification";

const PEOPLE_ROUTES: Record<string, string[]> = {
  clients: [
    "POST /api/clients/register",
    "GET /api/clients/verify/:clientCode",
    "GET /api/clients",
    "GET /api/admin/clients/:id/trackings",
    "POST /api/admin/clients",
    "PATCH /api/admin/clients/:id",
    "DELETE /api/admin/clients/:id",
    "POST /api/admin/clients/:id/merge",
    "PATCH /api/clients/:clientCode/whatsapp-sent",
  ],
  "search-quota": [
    "GET /api/admin/search-quota",
    "GET /api/parts-search-history/:clientCode",
    "PATCH /api/clients/:id/search-limits",
    "POST /api/clients/:id/reset-searches",
  ],
  accounts: [
    "GET /api/admin/accounts",
    "POST /api/admin/accounts",
    "PATCH /api/admin/accounts/:id",
    "POST /api/admin/accounts/:id/password",
    "POST /api/admin/accounts/:id/disable",
    "POST /api/admin/accounts/:id/enable",
    "GET /api/admin/accounts/:id/sessions",
    "DELETE /api/admin/accounts/:id/sessions",
  ],
  auth: [
    "POST /api/admin/login",
    "GET /api/admin/session",
    "POST /api/admin/logout",
    "POST /api/admin/me/password",
    "POST /api/admin/me/totp/setup",
    "POST /api/admin/me/totp/enable",
    "POST /api/admin/me/totp/disable",
    "POST /api/admin/me/recovery-codes",
  ],
  audit: ["GET /api/admin/audit", "GET /api/admin/audit/chain", "GET /api/admin/audit/export"],
};

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

describe("the people routes' contract", () => {
  const t = useTestApp();

  it("registers each people route from its contract entry, under its module's tag", () => {
    for (const [tag, keys] of Object.entries(PEOPLE_ROUTES)) {
      for (const key of keys) {
        const route = t.ctx.routes.find((r) => `${r.method} ${r.url}` === key);
        expect(route, key).toBeDefined();
        expect(route?.contract?.tag, key).toBe(tag);
      }
    }
  });

  it("documents their params, bodies and answers in the OpenAPI document", async () => {
    const document = (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json() as { paths: Record<string, Record<string, Operation>> };
    const op = (method: string, path: string) => document.paths[path]?.[method];

    const login = op("post", "/api/admin/login");
    expect(Object.keys(login?.requestBody?.content["application/json"].schema.properties ?? {}).sort()).toEqual(["code", "login", "password"]);
    expect(login?.responses["200"].content).toHaveProperty("application/json");

    const register = op("post", "/api/clients/register");
    expect(Object.keys(register?.responses ?? {})).toContain("201");
    expect(register?.requestBody?.content["application/json"].schema.properties).toHaveProperty("telefono");

    expect(op("get", "/api/clients/verify/{clientCode}")?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(["path:clientCode"]);
    expect(op("patch", "/api/admin/accounts/{id}")?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id"]);
    expect(op("get", "/api/admin/audit")?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(["entity", "action", "from", "to", "page"]));

    // The workbook is a file answer; a 204 has no content.
    expect(op("get", "/api/admin/audit/export")?.responses["200"].content).toHaveProperty(XLSX_CONTENT_TYPE);
    for (const [method, path] of [
      ["post", "/api/admin/logout"],
      ["post", "/api/admin/me/password"],
      ["post", "/api/admin/me/totp/disable"],
      ["post", "/api/admin/accounts/{id}/password"],
      ["delete", "/api/admin/accounts/{id}/sessions"],
    ]) {
      const answer = op(method, path)?.responses["204"];
      expect(answer, `${method} ${path}`).toBeDefined();
      expect(answer?.content, `${method} ${path}`).toBeUndefined();
    }
  });
});

describe("GET /api/clients/verify/{code} under its limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { RATE_LIMIT: "on", RATE_LIMITS: JSON.stringify({ verification: { limit: 2, windowMinutes: 30 }, codeMisses: { challengeAfter: 100 } }) },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("counts a malformed code against the allowance before refusing it, as before the contract", async () => {
    const remoteAddress = "203.0.113.77";
    const malformed = await limited.app.inject({ method: "GET", url: "/api/clients/verify/EX1", remoteAddress });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VERIFY_CODE_FORMAT);
    await limited.app.inject({ method: "GET", url: "/api/clients/verify/EX12-45", remoteAddress });
    const third = await limited.app.inject({ method: "GET", url: "/api/clients/verify/EXZZZ999", remoteAddress });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(VERIFY_RATE_LIMITED);
  });
});
