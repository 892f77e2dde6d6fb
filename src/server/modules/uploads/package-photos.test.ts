// Staff photos (issue 20): POST /api/admin/photos stores an image checked by its content, served
// like any upload; attachPhotos ties arrived photos to one package, once, and marks them kept.
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { packagePhotos, uploads } from "../../db/schema";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff } from "../../test/staff";
import { addTestPackage, registerTestClient, clientIdOf } from "../../test/clients";
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { JPEG_HEAD, makePng, makePngOfSize } from "../../test/images";
import { FILE_TOO_LARGE_MESSAGE, IMAGE_MAX_BYTES, NOT_AN_IMAGE_MESSAGE, PHOTO_ALREADY_USED, PHOTO_NOT_FOUND } from "../../../shared/api/uploads";
import { attachPhotos, photosOf } from "./package-photos";

const t = useTestApp();

let staff: Awaited<ReturnType<typeof createTestStaff>> | undefined;
async function postPhoto(body: Buffer, headers: Record<string, string> = {}) {
  staff ??= await createTestStaff(t, "bodega");
  return t.app.inject({ method: "POST", url: "/api/admin/photos", payload: body, headers: { ...staff.headers, "content-type": "image/jpeg", ...headers } });
}

async function newPackageId(): Promise<number> {
  const { clientCode } = await registerTestClient(t.app);
  const row = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, clientCode), uniqueTrackingCode());
  return row.id;
}

describe("POST /api/admin/photos", () => {
  it("stores an image under a random name, with the type its content shows, served at the answered address", async () => {
    const png = makePng(8, 8);
    const res = await postPhoto(png, { "content-type": "image/jpeg" });
    expect(res.statusCode).toBe(201);
    const { name, url } = res.json() as { name: string; url: string };
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    // A signed, short-lived link (decision 146).
    expect(url).toMatch(new RegExp(`^/objects/uploads/${name}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(Buffer.from(served.rawPayload).equals(png)).toBe(true);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "UPLOADED", contentType: "image/png", keptAt: null });
  });

  it("refuses what is not an image (415) and what is over the limit (413), storing nothing", async () => {
    const before = (await t.ctx.db.select({ id: uploads.id }).from(uploads)).length;
    const notImage = await postPhoto(Buffer.from("<svg onload=alert(1)>"));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe(NOT_AN_IMAGE_MESSAGE);
    const tooBig = await postPhoto(makePngOfSize(IMAGE_MAX_BYTES + 1), { "content-type": "image/png" });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect((await t.ctx.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });

  it("needs a staff session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/photos", payload: Buffer.concat([JPEG_HEAD, Buffer.alloc(64)]), headers: { "content-type": "image/jpeg" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("attachPhotos", () => {
  it("attaches arrived photos to a package once, marks them kept, and lists them oldest first", async () => {
    const names = await Promise.all([1, 2].map(async () => ((await postPhoto(makePng(4, 4))).json() as { name: string }).name));
    const trackingId = await newPackageId();
    await t.ctx.db.transaction((tx) => attachPhotos(tx, { trackingId }, "LLEGADA", names, TEST_ADMIN_ACTOR));
    const kept = await t.ctx.db.select({ keptAt: uploads.keptAt }).from(uploads).where(inArray(uploads.name, names));
    expect(kept.every((row) => row.keptAt !== null)).toBe(true);
    const photos = (await photosOf(t.ctx.db, [trackingId])).get(trackingId);
    expect(photos?.map((p) => [p.url, p.kind])).toEqual(names.map((n) => [`/objects/uploads/${n}`, "LLEGADA"]));

    const other = await newPackageId();
    await expect(t.ctx.db.transaction((tx) => attachPhotos(tx, { trackingId: other }, "LLEGADA", [names[0]], TEST_ADMIN_ACTOR))).rejects.toMatchObject({
      statusCode: 409,
      message: PHOTO_ALREADY_USED,
    });
    expect(await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.trackingId, other))).toEqual([]);
  });

  it("refuses a name that never arrived", async () => {
    const trackingId = await newPackageId();
    await expect(
      t.ctx.db.transaction((tx) => attachPhotos(tx, { trackingId }, "ENTREGA", ["0123456789abcdef0123456789abcdef"], TEST_ADMIN_ACTOR)),
    ).rejects.toMatchObject({ statusCode: 400, message: PHOTO_NOT_FOUND });
  });
});
