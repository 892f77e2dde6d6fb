// The upload clean-up job on both storage adapters: a day after its address was handed out, a
// photo that no parts search refers to is gone from the storage and the table; one that a
// search refers to is kept (and still served); a recent one waits. The job starts with the
// app's background jobs and stops when the app closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { uploads } from "../../db/schema";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/app";
import { startFakeS3, type FakeS3 } from "../../test/fakes/s3";
import { registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { cleanUpUploads } from "./cleanup";

const DAY_AND_AN_HOUR_AGO = () => new Date(Date.now() - 25 * 3600_000);

/** Uploads one photo the way the page does; answers its name and where it is served. */
async function upload(t: TestApp, s3?: FakeS3): Promise<{ name: string; objectPath: string }> {
  const png = makePng();
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: png.length }, remoteAddress: "10.30.0.1" });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().uploadURL as string, "http://localhost");
  const name = url.pathname.split("/").pop()!;
  if (s3) {
    expect((await fetch(url, { method: "PUT", body: new Uint8Array(png) })).status).toBe(200);
  } else {
    const put = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: png, headers: { "content-type": "image/png" } });
    expect(put.statusCode).toBe(200);
  }
  // Served through a signed link (decision 146).
  const objectPath = t.ctx.imageLinks.sign(`/objects/uploads/${name}`);
  // The page's preview reads it once (with S3 this is what checks and marks it UPLOADED).
  expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(200);
  return { name, objectPath };
}

/** A parts search that refers to the photo, as the page sends it. */
async function searchWith(t: TestApp, clientCode: string, objectPath: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/parts-assistant",
    payload: { clientCode, marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Radiador", imagenUrl: `https://www.expressimport.cr${objectPath}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function scenario(t: TestApp, exists: (name: string) => Promise<boolean>, s3?: FakeS3) {
  const { clientCode } = await registerTestClient(t.app);
  const old = await upload(t, s3);
  const referenced = await upload(t, s3);
  const recent = await upload(t, s3);
  await searchWith(t, clientCode, `/objects/uploads/${referenced.name}`);
  await t.ctx.db.update(uploads).set({ createdAt: DAY_AND_AN_HOUR_AGO() }).where(inArray(uploads.name, [old.name, referenced.name]));

  const result = await cleanUpUploads(t.ctx.db, t.ctx.providers.storage);
  expect(result).toMatchObject({ kept: 1, deleted: 1, failed: 0 });

  expect(await exists(old.name)).toBe(false);
  expect(await t.ctx.db.select().from(uploads).where(eq(uploads.name, old.name))).toEqual([]);
  expect((await t.app.inject({ method: "GET", url: old.objectPath })).statusCode).toBe(404);

  expect(await exists(referenced.name)).toBe(true);
  const [kept] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, referenced.name));
  expect(kept.keptAt).toBeInstanceOf(Date);
  expect(kept.ownerKey).toBeNull();
  expect((await t.app.inject({ method: "GET", url: referenced.objectPath })).statusCode).toBe(200);

  expect(await exists(recent.name)).toBe(true);
  // A kept photo stays however old it gets.
  await t.ctx.db.update(uploads).set({ createdAt: new Date(Date.now() - 90 * 24 * 3600_000) }).where(eq(uploads.name, referenced.name));
  expect(await cleanUpUploads(t.ctx.db, t.ctx.providers.storage)).toMatchObject({ deleted: 0 });
  expect(await exists(referenced.name)).toBe(true);
}

describe("upload clean-up on local disk", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("deletes unreferenced photos after a day, keeps the ones a search refers to", async () => {
    await scenario(t, async (name) => (await t.ctx.providers.storage.get(`uploads/${name}`, 1 << 20)) !== null);
  });

  it("also removes addresses whose file never arrived", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: 100 }, remoteAddress: "10.30.0.2" });
    const name = new URL(res.json().uploadURL as string, "http://localhost").pathname.split("/").pop()!;
    await t.ctx.db.update(uploads).set({ createdAt: DAY_AND_AN_HOUR_AGO() }).where(eq(uploads.name, name));
    expect(await cleanUpUploads(t.ctx.db, t.ctx.providers.storage)).toMatchObject({ deleted: 1 });
    expect(await t.ctx.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
  });

  it("stops between deletions when asked (a closing app waits for one storage call at most)", async () => {
    const names = ["d", "e", "f"].map((c) => c.repeat(32));
    await t.ctx.db.insert(uploads).values(
      names.map((name) => ({ name, storage: "local", status: "PENDING", sizeBytes: 10, expiresAt: new Date(), createdAt: DAY_AND_AN_HOUR_AGO() })),
    );
    let asked = 0;
    const result = await cleanUpUploads(t.ctx.db, t.ctx.providers.storage, new Date(), () => ++asked > 1);
    expect(result.deleted).toBe(1);
    expect(await t.ctx.db.select().from(uploads).where(inArray(uploads.name, names))).toHaveLength(2);
    expect(await cleanUpUploads(t.ctx.db, t.ctx.providers.storage)).toMatchObject({ deleted: 2 });
  });

  it("runs with the app's background jobs, and stops when the app closes", async () => {
    const { name } = await upload(t);
    await t.ctx.db.update(uploads).set({ createdAt: DAY_AND_AN_HOUR_AGO() }).where(eq(uploads.name, name));
    let withJobs: FastifyInstance | undefined;
    try {
      ({ app: withJobs } = await buildApp({ config: t.config, database: t.database, adminPassword: TEST_ADMIN_PASSWORD, startJobs: true }));
      await withJobs.ready();
      await expect.poll(() => t.ctx.db.select().from(uploads).where(eq(uploads.name, name)), { timeout: 20_000, interval: 50, message: "the clean-up job did not run" }).toEqual([]);
      expect(await t.ctx.providers.storage.get(`uploads/${name}`, 1 << 20)).toBeNull();
    } finally {
      await withJobs?.close();
    }
  });
});

describe("upload clean-up on S3", () => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      env: {
        RATE_LIMIT: "off",
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

  it("deletes unreferenced photos from the bucket after a day, keeps the ones a search refers to", async () => {
    await scenario(t, async (name) => s3.objects.has(`uploads/${name}`), s3);
    expect(s3.requests.filter((r) => r.method === "DELETE").every((r) => r.auth === "header" && r.status === 204)).toBe(true);
  });
});
