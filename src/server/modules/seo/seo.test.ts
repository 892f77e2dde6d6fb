import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

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
