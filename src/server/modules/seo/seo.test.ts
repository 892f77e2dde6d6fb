import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/app";
import { PUBLIC_PAGE_PATHS } from "../../../shared/page-routes";

describe("robots.txt and sitemap.xml", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://www.expressimport.cr" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps crawlers out of the admin and points to an absolute sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).toContain("Sitemap: https://www.expressimport.cr/sitemap.xml");
  });

  it("lists every public page with absolute addresses", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.headers["content-type"]).toContain("xml");
    expect(res.body).toContain("<loc>https://www.expressimport.cr/calculadora</loc>");
    expect(res.body).not.toContain("/admin");
  });
});

describe("robots.txt and sitemap.xml never take their origin from the request", () => {
  const HOSTILE = 'evil.example"><script>alert(1)</script>&x=';

  it("answer http://localhost:PORT when PUBLIC_URL is unset, whatever the Host header says", async () => {
    const t = await createTestApp({ env: { PORT: "5123" } });
    try {
      for (const headers of [{ host: HOSTILE }, { host: "evil.example", "x-forwarded-host": "evil.example" }]) {
        const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml", headers });
        expect(sitemap.statusCode).toBe(200);
        expect(sitemap.body).not.toContain("evil");
        const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        expect(locs).toHaveLength(PUBLIC_PAGE_PATHS.length);
        expect(locs).toContain("http://localhost:5123/impuestos");
        for (const loc of locs) expect(loc.startsWith("http://localhost:5123/")).toBe(true);
        const robots = await t.app.inject({ method: "GET", url: "/robots.txt", headers });
        expect(robots.body).not.toContain("evil");
        expect(robots.body).toContain("Sitemap: http://localhost:5123/sitemap.xml");
      }
    } finally {
      await t.close();
    }
  });

  it("escapes the configured address as XML", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: "https://www.expressimport.cr/tienda&co/" } });
    try {
      const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml", headers: { host: HOSTILE } });
      expect(sitemap.body).toContain("<loc>https://www.expressimport.cr/tienda&amp;co/calculadora</loc>");
      // Every & in the document starts an entity; no text breaks out of <loc>.
      expect(sitemap.body.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toContain("&");
    } finally {
      await t.close();
    }
  });

  it("refuses a PUBLIC_URL that is not a plain http(s) address", () => {
    for (const bad of ["javascript:alert(1)", "ftp://x.cr", "https://x.cr/?a=1", "no es una url"]) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});
