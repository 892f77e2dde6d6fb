// The redaction rules of the logs (issue 31, item 5): lib/log-redaction.ts.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactLine, redactText, redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("replaces credential-named query values and code-shaped words, and keeps the rest", () => {
    expect(redactUrl("/api/clients/trackings?code=EX4K7P2M")).toBe("/api/clients/trackings?code=[redacted]");
    expect(redactUrl("/api/x?token=abc&page=2&password=p%40ss&clientCode=ex4k7p2m")).toBe("/api/x?token=[redacted]&page=2&password=[redacted]&clientCode=[redacted]");
    expect(redactUrl("/api/upload/objects/ab?expires=17&signature=Zz-1")).toBe("/api/upload/objects/ab?expires=17&signature=[redacted]");
    expect(redactUrl("/objects/uploads/ab?exp=17&sig=Zz-1")).toBe("/objects/uploads/ab?exp=17&sig=[redacted]");
    expect(redactUrl("/api/admin/packages?search=Ana%20ex4k7p2m&page=1")).toBe("/api/admin/packages?search=[redacted]&page=1");
    expect(redactUrl("/api/admin/packages?search=Ana%20Mora")).toBe("/api/admin/packages?search=Ana%20Mora");
    expect(redactUrl("/api/x?X-Amz-Signature=abc&X-Amz-Credential=key")).toBe("/api/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]");
  });

  it("replaces code-shaped path segments and the route's code parameters, whatever they hold", () => {
    expect(redactUrl("/api/coupons/ex4k7p2m")).toBe("/api/coupons/[redacted]");
    expect(redactUrl("/api/coupons/%20EX4K7P2M")).toBe("/api/coupons/[redacted]");
    expect(redactUrl("/api/coupons/zzz", { pattern: "/api/coupons/:clientCode", params: { clientCode: "zzz" } })).toBe("/api/coupons/[redacted]");
    expect(redactUrl("/api/admin/trackings/12", { pattern: "/api/admin/trackings/:id", params: { id: "12" } })).toBe("/api/admin/trackings/12");
    // Fixed segments of the matched route stay; an unmatched address is redacted by shape only.
    expect(redactUrl("/api/admin/audit/export", { pattern: "/api/admin/audit/export" })).toBe("/api/admin/audit/export");
    expect(redactUrl("/api/admin/audit/export")).toBe("/api/admin/audit/[redacted]");
    expect(redactUrl("/ex4k7p2m/x", { pattern: "*" })).toBe("/[redacted]/x");
  });
});

describe("redactText and redactLine", () => {
  it("drop a database error's parameters, codes and credential pairs", () => {
    expect(redactText("Failed query: select 1 where c = $1\nparams: EX4K7P2M,12")).toBe("Failed query: select 1 where c = $1\nparams: [redacted]");
    expect(redactText("no client EX4K7P2M here")).toBe("no client [redacted] here");
    expect(redactLine('{"msg":"Route GET:/api/x?token=abc&page=1 not found"}')).toBe('{"msg":"Route GET:/api/x?token=[redacted]&page=1 not found"}');
  });

  it("the production logger redacts what a message quotes itself", () => {
    const lines: string[] = [];
    const logger = createLogger("info", new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    logger.info("Reply was already sent in the /api/coupons/EX4K7P2M?code=ex4k7p2m route");
    logger.error({ err: new Error("params: EX4K7P2M") }, "failed");
    expect(lines.join("")).not.toMatch(/4k7p2m/i);
  });
});
