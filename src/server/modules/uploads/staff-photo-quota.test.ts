// Staff photos within limits and on the record (issue 31 items 4 and 7, docs/decisions/145): each
// account holds a daily allowance, all staff together a share of the total that the public cannot
// take and staff cannot exceed, and every stored photo is one audit record written with it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { makePngOfSize } from "../../test/images";
import { STAFF_PHOTO_QUOTA_ACCOUNT, STAFF_PHOTO_QUOTA_TOTAL, UPLOAD_QUOTA_TOTAL } from "../../../shared/api/uploads";

const KB = 1024;
let t: TestApp;

beforeAll(async () => {
  // A 3 MB total: 1.5 MB for staff photos, 1.5 MB for the public; 1 MB a day per account.
  t = await createTestApp({
    env: { RATE_LIMIT: "off", UPLOADS_MAX_TOTAL_MB: "3", UPLOADS_STAFF_SHARE_PERCENT: "50", UPLOADS_STAFF_MAX_MB_PER_ACCOUNT: "1" },
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.truncateAll();
});

const postPhoto = (staff: TestStaff, bytes: number) =>
  t.app.inject({ method: "POST", url: "/api/admin/photos", payload: makePngOfSize(bytes), headers: { ...staff.headers, "content-type": "image/png" } });

const photoRecords = () => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "foto.subir"));

/** A public upload of `bytes` from `remoteAddress`, file and all; answers the status of the address request. */
async function publicUpload(remoteAddress: string, bytes: number): Promise<number> {
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress, payload: { size: bytes } });
  if (res.statusCode !== 200) return res.statusCode;
  const url = new URL(res.json().uploadURL as string, "http://localhost");
  const put = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: makePngOfSize(bytes), headers: { "content-type": "image/png" } });
  expect(put.statusCode).toBe(200);
  return res.statusCode;
}

describe("staff photo limits", () => {
  it("holds each account to its daily allowance (Spanish 429, Retry-After), another account unaffected", async () => {
    const bodega = await createTestStaff(t, "bodega");
    const other = await createTestStaff(t, "bodega");
    expect((await postPhoto(bodega, 600 * KB)).statusCode).toBe(201);
    const refused = await postPhoto(bodega, 600 * KB);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "LIMIT_REACHED", message: STAFF_PHOTO_QUOTA_ACCOUNT });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await postPhoto(bodega, 300 * KB)).statusCode).toBe(201);
    expect((await postPhoto(other, 300 * KB)).statusCode).toBe(201);
    // A day later the account's allowance is back (its photos still count in the staff share).
    await t.ctx.db.update(uploads).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(uploads.staffAccountId, bodega.accountId));
    expect((await postPhoto(bodega, 300 * KB)).statusCode).toBe(201);
  });

  it("keeps staff photos inside their share, so the public's uploads still go through", async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => createTestStaff(t, "bodega")));
    const statuses = [];
    for (const account of accounts) statuses.push((await postPhoto(account, 600 * KB)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    const refused = await postPhoto(accounts[2], 600 * KB);
    expect(refused.json().message).toBe(STAFF_PHOTO_QUOTA_TOTAL);
    const rows = await t.ctx.db.select().from(uploads);
    expect(rows.reduce((sum, row) => sum + (row.sizeBytes ?? 0), 0)).toBeLessThanOrEqual(1.5 * 1024 * KB);
    // The public's part is whole: 1.4 MB from the site's visitors.
    expect(await publicUpload("10.50.0.1", 700 * KB)).toBe(200);
    expect(await publicUpload("10.50.0.2", 700 * KB)).toBe(200);
  });

  it("the public cannot take the staff share", async () => {
    expect(await publicUpload("10.50.1.1", 700 * KB)).toBe(200);
    expect(await publicUpload("10.50.1.2", 700 * KB)).toBe(200);
    const full = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: "10.50.1.3", payload: { size: 200 * KB } });
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe(UPLOAD_QUOTA_TOTAL);
    const bodega = await createTestStaff(t, "bodega");
    expect((await postPhoto(bodega, 700 * KB)).statusCode).toBe(201);
  });
});

describe("staff photos in the audit log", () => {
  it("records each stored photo with who, from where and what; a refused one records nothing", async () => {
    const bodega = await createTestStaff(t, "bodega", "Bodeguero Fotos");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/photos",
      payload: makePngOfSize(2 * KB),
      remoteAddress: "10.50.2.7",
      headers: { ...bodega.headers, "content-type": "image/png" },
    });
    expect(res.statusCode).toBe(201);
    const { name } = res.json() as { name: string };
    const records = await photoRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorKind: "staff",
      actorAccountId: bodega.accountId,
      actorLabel: "Bodeguero Fotos",
      ip: "10.50.2.7",
      entity: "foto",
      entityId: name,
      summary: "PNG · 2 KB",
      after: { name, contentType: "image/png", sizeBytes: 2 * KB },
    });
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "UPLOADED", staffAccountId: bodega.accountId, sizeBytes: 2 * KB });

    // Refused: not an image, over the account's allowance.
    const notImage = await t.app.inject({ method: "POST", url: "/api/admin/photos", payload: Buffer.from("hola"), headers: { ...bodega.headers, "content-type": "image/png" } });
    expect(notImage.statusCode).toBe(415);
    expect((await postPhoto(bodega, 1024 * KB)).statusCode).toBe(429);
    expect(await photoRecords()).toHaveLength(1);
  });

  it("a photo the storage fails to write leaves no upload and no record", async () => {
    const bodega = await createTestStaff(t, "bodega");
    const storage = t.ctx.providers.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error("disco lleno");
    };
    try {
      expect((await postPhoto(bodega, 2 * KB)).statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(await t.ctx.db.select().from(uploads).where(eq(uploads.staffAccountId, bodega.accountId))).toEqual([]);
    expect(await photoRecords()).toEqual([]);
    // Nothing was held: the whole allowance is there.
    expect((await postPhoto(bodega, 1000 * KB)).statusCode).toBe(201);
  });
});
