// The request log (app.ts installRequestLog, decision 142): one line per answered request at
// LOG_LEVEL=info, with what Fastify's two lines said; none below info.
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./test/app";
import { registerTestClient } from "./test/clients";

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level, base: undefined }, stream), lines };
}

describe("request log", () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it("writes one line per request at info: method, address, status and time", async () => {
    const { logger, lines } = capture("info");
    test = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { logger } });
    const res = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const missing = await test.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(missing.statusCode).toBe(404);
    await new Promise((r) => setImmediate(r));
    const requestLines = lines.filter((l) => l.req || l.res);
    expect(requestLines).toHaveLength(2);
    expect(requestLines.map((l) => l.msg)).toEqual(["request completed", "request completed"]);
    expect(requestLines[0]).toMatchObject({ level: 30, req: { method: "GET", url: "/api/health" }, res: { statusCode: 200 } });
    expect(requestLines[1]).toMatchObject({ req: { method: "GET", url: "/api/no-existe" }, res: { statusCode: 404 } });
    // Fastify's serializers: the request's address and origin, not the whole object.
    expect(Object.keys(requestLines[0].req as object).sort()).toEqual(["host", "method", "remoteAddress", "url"]);
    expect(typeof requestLines[0].responseTime).toBe("number");
    expect(requestLines[0].reqId).toBeDefined();
    expect(lines.some((l) => l.msg === "incoming request")).toBe(false);
  });

  it("writes none at warn", async () => {
    const { logger, lines } = capture("warn");
    test = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { logger } });
    await test.app.inject({ method: "GET", url: "/api/health" });
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.req || l.res)).toHaveLength(0);
  });

  // Decision 238: pino builds a request's child logger (its bindings serialised, its methods copied)
  // only when the request writes a line; a kept lookup at warn writes none, so builds none (the
  // test above: a line written at info is the same, request id included).
  it("builds no request logger for requests that write nothing (a kept lookup at warn)", async () => {
    const { logger, lines } = capture("warn");
    test = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { logger } });
    const client = await registerTestClient(test.app);
    const url = `/api/clients/trackings?code=${client.clientCode}`;
    expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(200);
    let root: object = logger;
    while (!Object.prototype.hasOwnProperty.call(root, "child")) root = Object.getPrototypeOf(root) as object;
    const child = vi.spyOn(root as { child: typeof logger.child }, "child");
    try {
      for (let i = 0; i < 5; i++) {
        const res = await test.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
        expect(res.statusCode).toBe(200);
      }
      expect(child).not.toHaveBeenCalled();
      expect(lines.filter((l) => l.req || l.res)).toHaveLength(0);
    } finally {
      child.mockRestore();
    }
  });
});
