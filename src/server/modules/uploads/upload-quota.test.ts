// The caps on stored part photos (docs/decisions/100, 145): bytes per address over 24 hours and in
// all, reserved when the address is handed out (the size the page gives, 10 MB when it gives
// none), checked and reserved in one locked step so a burst cannot overshoot, and a PUT never
// carrying more than was reserved.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { UPLOAD_QUOTA_ADDRESS, UPLOAD_QUOTA_TOTAL, UPLOAD_SIZE_MISMATCH } from "../../../shared/api/uploads";
import { makePngOfSize } from "../../test/images";

const MB = 1024 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off", UPLOADS_MAX_MB_PER_ADDRESS: "1", UPLOADS_MAX_TOTAL_MB: "6", UPLOADS_STAFF_SHARE_PERCENT: "50" } });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.truncateAll();
});

const ask = (remoteAddress: string, size?: number) =>
  t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress, payload: size === undefined ? undefined : { size } });

describe("upload caps", () => {
  it("holds an address to its bytes over 24 hours: a Spanish 429 with Retry-After, other addresses unaffected", async () => {
    const first = await ask("10.20.0.1", 600 * 1024);
    expect(first.statusCode).toBe(200);
    // The file arrives: its bytes count for a day (an open reservation would free within 10 minutes).
    const url = new URL(first.json().uploadURL as string, "http://localhost");
    const put = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: makePngOfSize(600 * 1024), headers: { "content-type": "image/png" } });
    expect(put.statusCode).toBe(200);
    const refused = await ask("10.20.0.1", 600 * 1024);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "LIMIT_REACHED", message: UPLOAD_QUOTA_ADDRESS });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // What is left still fits, and another address has its own allowance.
    expect((await ask("10.20.0.1", 400 * 1024)).statusCode).toBe(200);
    expect((await ask("10.20.0.2", 600 * 1024)).statusCode).toBe(200);
  });

  it("reserves the whole image limit when the page gives no size", async () => {
    const res = await ask("10.20.1.1");
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(UPLOAD_QUOTA_ADDRESS);
  });

  it("counts IPv6 addresses per /64", async () => {
    expect((await ask("2001:db8:5:6::1", 800 * 1024)).statusCode).toBe(200);
    expect((await ask("2001:db8:5:6:ffff::2", 800 * 1024)).statusCode).toBe(429);
  });

  it("stops counting an address's uploads after 24 hours", async () => {
    expect((await ask("10.20.2.1", 900 * 1024)).statusCode).toBe(200);
    await t.ctx.db.update(uploads).set({ createdAt: new Date(Date.now() - 25 * 3600_000) });
    expect((await ask("10.20.2.1", 900 * 1024)).statusCode).toBe(200);
  });

  it("holds everyone together to the public's part of the total", async () => {
    for (let i = 1; i <= 3; i++) expect((await ask(`10.20.3.${i}`, 1 * MB)).statusCode).toBe(200);
    const refused = await ask("10.20.3.4", 1000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(UPLOAD_QUOTA_TOTAL);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("lets a burst from one address take exactly what fits, never more", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => ask("10.20.4.1", 300 * 1024)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
    const rows = await t.ctx.db.select().from(uploads).where(eq(uploads.ownerKey, "10.20.4.1"));
    expect(rows.reduce((sum, r) => sum + (r.sizeBytes ?? 0), 0)).toBeLessThanOrEqual(1 * MB);
  });

  it("refuses a PUT larger than the size the address was given for, before and after reading it", async () => {
    const res = await ask("10.20.5.1", 2000);
    const url = new URL(res.json().uploadURL as string, "http://localhost");
    const name = url.pathname.split("/").pop()!;
    const declared = await t.app.inject({
      method: "PUT",
      url: url.pathname + url.search,
      payload: makePngOfSize(4000),
      headers: { "content-type": "image/png" },
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe(UPLOAD_SIZE_MISMATCH);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "PENDING", sizeBytes: 2000 });
    const fits = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: makePngOfSize(1500), headers: { "content-type": "image/png" } });
    expect(fits.statusCode).toBe(200);
    const [stored] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(stored).toMatchObject({ status: "UPLOADED", sizeBytes: 1500 });
  });
});
