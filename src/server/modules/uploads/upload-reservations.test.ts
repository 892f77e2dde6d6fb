// Upload reservations (issue 31 item 3, docs/decisions/145): an upload address holds its bytes
// only while it is open (10 minutes); afterwards what counts is what was stored. An address holds
// at most a few open addresses at once. On S3, where the browser writes to the bucket, a lapsed
// reservation keeps counting until the settle step has looked in the bucket. Time passes by
// moving the rows' instants back (the server's clock is the real one) or by passing `now`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clientTrackings, uploads } from "../../db/schema";
import { createTestApp, uniqueTrackingCode, type TestApp } from "../../test/app";
import { startFakeS3, type FakeS3 } from "../../test/fakes/s3";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { makePng, makePngOfSize } from "../../test/images";
import { PAYMENT_PROOFS_PATH } from "../../../shared/api/payments";
import { UPLOAD_QUOTA_TOTAL, UPLOAD_TOO_MANY_OPEN, UPLOAD_URL_EXPIRED } from "../../../shared/api/uploads";
import { settleUploads } from "./cleanup";
import { S3_LATE_ARRIVAL_MS } from "./service";

const MB = 1024 * 1024;

const ask = (t: TestApp, remoteAddress: string, size: number) =>
  t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress, payload: { size } });

/** Ten minutes and a second pass for every reservation handed out so far (they lapse). */
async function lapseAll(t: TestApp, extraMs = 0) {
  const now = Date.now();
  await t.ctx.db.update(uploads).set({ expiresAt: new Date(now - 1000 - extraMs), createdAt: new Date(now - 11 * 60_000 - extraMs) });
}

const pathOf = (uploadURL: string) => {
  const url = new URL(uploadURL, "http://localhost");
  return { path: url.pathname + url.search, name: url.pathname.split("/").pop()! };
};

describe("upload reservations on local disk", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 50 MB an address (the default), 3 open addresses (the default); the public's part 30 MB.
    t = await createTestApp({ env: { RATE_LIMIT: "off", UPLOADS_MAX_TOTAL_MB: "60", UPLOADS_STAFF_SHARE_PERCENT: "50" } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.truncateAll();
  });

  it("five 10 MB addresses without a file: the fourth is refused (open at once), and once they lapse the address's SINPE receipt goes through", async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await ask(t, "10.40.0.1", 10 * MB));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(results[3].json()).toMatchObject({ code: "LIMIT_REACHED", message: UPLOAD_TOO_MANY_OPEN });
    const retryAfter = Number(results[3].headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    await lapseAll(t);
    // The client of this connection sends the receipt of a package with a balance.
    const client = await registerTestClient(t.app);
    const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode(), "LISTO_PARA_ENTREGAR");
    await t.ctx.db.update(clientTrackings).set({ montoColones: 5000 }).where(eq(clientTrackings.id, tracking.id));
    const png = makePng();
    const address = await ask(t, "10.40.0.1", png.length);
    expect(address.statusCode, address.body).toBe(200);
    const { path, name } = pathOf(address.json().uploadURL as string);
    expect((await t.app.inject({ method: "PUT", url: path, payload: png, headers: { "content-type": "image/png" } })).statusCode).toBe(200);
    const proof = await t.app.inject({
      method: "POST",
      url: PAYMENT_PROOFS_PATH,
      remoteAddress: "10.40.0.1",
      payload: { clientCode: client.clientCode, trackingId: tracking.id, imageUrl: `/objects/uploads/${name}` },
    });
    expect(proof.statusCode, proof.body).toBe(201);
  });

  it("a lapsed local address can never receive its file, so it counts nothing", async () => {
    const res = await ask(t, "10.40.1.1", 2000);
    const { path, name } = pathOf(res.json().uploadURL as string);
    await lapseAll(t);
    const put = await t.app.inject({ method: "PUT", url: path, payload: makePngOfSize(1500), headers: { "content-type": "image/png" } });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(UPLOAD_URL_EXPIRED);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row.status).toBe("PENDING");
    expect(await t.ctx.providers.storage.get(`uploads/${name}`, MB)).toBeNull();
  });

  it("an address that receives its file closes: the next one may open, and only the stored bytes count", async () => {
    const opened = [];
    for (let i = 0; i < 3; i++) opened.push(await ask(t, "10.40.2.1", 9 * MB));
    expect(opened.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ask(t, "10.40.2.1", 1000)).statusCode).toBe(429);
    const { path, name } = pathOf(opened[0].json().uploadURL as string);
    const png = makePngOfSize(5000);
    expect((await t.app.inject({ method: "PUT", url: path, payload: png, headers: { "content-type": "image/png" } })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "UPLOADED", sizeBytes: 5000 });
    // 18 MB still reserved + 5 000 bytes stored: another 9 MB fits in the public's 30 MB (27 MB reserved would not).
    expect((await ask(t, "10.40.2.1", 9 * MB)).statusCode).toBe(200);
  });

  it("104 IPv6 /64s of reservations: they fill the public's part only while open; once they lapse a new visitor uploads", async () => {
    // Three /64s of 10 MB each hold the public's 30 MB: nothing overshoots while they are open.
    for (let i = 1; i <= 3; i++) expect((await ask(t, `2001:db8:40:${i}::1`, 10 * MB)).statusCode).toBe(200);
    const full = await ask(t, "2001:db8:40:99::1", 1000);
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe(UPLOAD_QUOTA_TOTAL);
    expect(Number(full.headers["retry-after"])).toBeLessThanOrEqual(600);
    await lapseAll(t);
    expect((await ask(t, "2001:db8:40:99::1", 10 * MB)).statusCode).toBe(200);
    // Stored bytes keep counting: had two of those files arrived (20 MB), with the 10 MB now open the part is full.
    await t.ctx.db.update(uploads).set({ status: "UPLOADED" }).where(eq(uploads.ownerKey, "2001:db8:40:1::/64"));
    await t.ctx.db.update(uploads).set({ status: "UPLOADED" }).where(eq(uploads.ownerKey, "2001:db8:40:2::/64"));
    expect((await ask(t, "2001:db8:40:98::1", 1000)).json().message).toBe(UPLOAD_QUOTA_TOTAL);
  });
});

describe("upload reservations on S3", () => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      env: {
        RATE_LIMIT: "off",
        UPLOADS_MAX_TOTAL_MB: "60",
        UPLOADS_STAFF_SHARE_PERCENT: "50",
        S3_ENDPOINT: s3.url,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.credentials.region,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  beforeEach(async () => {
    await t.database.truncateAll();
    s3.objects.clear();
  });

  const settle = () => settleUploads(t.ctx.db, t.ctx.providers.storage);

  it("a lapsed reservation counts until the settle step finds nothing in the bucket, then nothing", async () => {
    for (let i = 1; i <= 3; i++) expect((await ask(t, `10.41.0.${i}`, 10 * MB)).statusCode).toBe(200);
    // Lapsed, but a PUT that started in time may still be arriving: still counted.
    await lapseAll(t);
    expect((await ask(t, "10.41.0.9", 1000)).json().message).toBe(UPLOAD_QUOTA_TOTAL);
    expect(await settle()).toEqual({ arrived: 0, lapsed: 0, failed: 0 });
    await lapseAll(t, S3_LATE_ARRIVAL_MS);
    expect(await settle()).toEqual({ arrived: 0, lapsed: 3, failed: 0 });
    expect((await t.ctx.db.select().from(uploads)).every((row) => row.status === "EXPIRED")).toBe(true);
    expect((await ask(t, "10.41.0.9", 10 * MB)).statusCode).toBe(200);
  });

  it("a file that reached the bucket but was never read is checked when settled and counts with its size", async () => {
    const png = makePngOfSize(3000);
    const res = await ask(t, "10.41.1.1", png.length);
    const uploadURL = res.json().uploadURL as string;
    expect((await fetch(uploadURL, { method: "PUT", body: new Uint8Array(png) })).status).toBe(200);
    const bad = await ask(t, "10.41.1.1", 17);
    const badURL = bad.json().uploadURL as string;
    expect((await fetch(badURL, { method: "PUT", body: "no soy una imagen" })).status).toBe(200);
    await lapseAll(t, S3_LATE_ARRIVAL_MS);
    expect(await settle()).toEqual({ arrived: 1, lapsed: 1, failed: 0 });
    const [good] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, pathOf(uploadURL).name));
    expect(good).toMatchObject({ status: "UPLOADED", sizeBytes: 3000, contentType: "image/png" });
    const badName = pathOf(badURL).name;
    expect(s3.objects.has(`uploads/${badName}`)).toBe(false);
    const [refused] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, badName));
    expect(refused.status).toBe("EXPIRED");
    // A settled row is not looked up again.
    expect(await settle()).toEqual({ arrived: 0, lapsed: 0, failed: 0 });
  });
});
