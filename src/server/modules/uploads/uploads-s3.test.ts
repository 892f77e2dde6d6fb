// Uploads with S3-compatible storage, against a fake S3 on 127.0.0.1: the browser PUTs to a
// presigned URL, and the server checks what arrived (signed GET) before it serves anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeS3, type FakeS3 } from "../../test/fakes/s3";
import { FILE_TOO_LARGE_MESSAGE, IMAGE_MAX_BYTES, UPLOAD_SIZE_REQUIRED, objectPathFromUploadUrl } from "../../../shared/api/uploads";
import { makePng, makePngOfSize } from "../../test/images";

let t: TestApp;
let s3: FakeS3;

beforeAll(async () => {
  // Temporary credentials: the store refuses any request without the session token.
  s3 = await startFakeS3({ bucket: "fotos-repuestos", region: "us-east-2", sessionToken: "IQoJb3JpZ2luX2VjEXAMPLE/token+=" });
  t = await createTestApp({
    env: {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.credentials.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      S3_SESSION_TOKEN: s3.credentials.sessionToken!,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

let visitor = 0;
/** An upload address for a file of `size` bytes, as the page asks for it (each from its own visitor). */
async function newUpload(size: number) {
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size }, remoteAddress: `10.8.1.${++visitor}` });
  expect(res.statusCode).toBe(200);
  const { uploadURL } = res.json() as { uploadURL: string };
  const path = objectPathFromUploadUrl(uploadURL)!;
  // Stored images are read through a signed link (decision 146).
  return { uploadURL, objectPath: t.ctx.imageLinks.sign(path), name: path.split("/").pop()! };
}

const browserPut = (url: string, body: Buffer | string, type = "image/png") =>
  fetch(url, { method: "PUT", body: typeof body === "string" ? body : new Uint8Array(body), headers: { "content-type": type } });

describe("uploads on S3-compatible storage", () => {
  it("hands out a presigned PUT to the bucket, then serves the checked image from this site", async () => {
    const png = makePng();
    const { uploadURL, objectPath, name } = await newUpload(png.length);
    expect(uploadURL.startsWith(`${s3.url}/${s3.bucket}/uploads/${name}?X-Amz-Algorithm=AWS4-HMAC-SHA256`)).toBe(true);
    expect((await browserPut(uploadURL, png)).status).toBe(200);
    const res = await t.app.inject({ method: "GET", url: objectPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload.equals(png)).toBe(true);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ storage: "s3", status: "UPLOADED", contentType: "image/png", sizeBytes: png.length });
    // Private (issue 31): the upload asks the bucket for no public ACL, the bucket answers nobody
    // who does not sign, and this site serves the image only through a signed link.
    expect(new URL(uploadURL).searchParams.has("x-amz-acl")).toBe(false);
    expect((await fetch(`${s3.url}/${s3.bucket}/uploads/${name}`)).status).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/objects/uploads/${name}` })).statusCode).toBe(403);
  });

  it("never serves a text file renamed .png, and deletes it from the bucket", async () => {
    const { uploadURL, objectPath, name } = await newUpload(Buffer.byteLength("no soy una imagen"));
    expect((await browserPut(uploadURL, "no soy una imagen")).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
    expect(s3.objects.has(`uploads/${name}`)).toBe(false);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row.status).toBe("PENDING");
  });

  it("has the bucket itself refuse a body larger than the size the address was given for", async () => {
    const { uploadURL, objectPath, name } = await newUpload(1000);
    expect(new URL(uploadURL).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
    expect((await browserPut(uploadURL, makePngOfSize(11 * 1024 * 1024))).status).toBe(403);
    expect((await browserPut(uploadURL, makePngOfSize(2000))).status).toBe(403);
    expect(s3.objects.has(`uploads/${name}`)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
  });

  it("refuses an address without the file's size (nothing to sign), and one for more than 10 MB", async () => {
    const none = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: "10.8.0.2" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_SIZE_REQUIRED);
    const big = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: IMAGE_MAX_BYTES + 1 }, remoteAddress: "10.8.0.2" });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it("never serves an object over 10 MB that reached the bucket some other way, and deletes it", async () => {
    const { objectPath, name } = await newUpload(1000);
    s3.objects.set(`uploads/${name}`, { body: makePngOfSize(11 * 1024 * 1024) });
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
    expect(s3.objects.has(`uploads/${name}`)).toBe(false);
  });

  it("checks the content on every read, so a later overwrite with something else is not served", async () => {
    const html = "<html><script>alert(1)</script></html>";
    const png = makePng();
    const { uploadURL, objectPath, name } = await newUpload(png.length);
    await browserPut(uploadURL, png);
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(200);
    // The signed length stops a different body through this address; anything else that lands is checked.
    expect((await browserPut(uploadURL, html, "text/html")).status).toBe(403);
    s3.objects.set(`uploads/${name}`, { body: Buffer.from(html), contentType: "text/html" });
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
  });

  it("answers 404 for a name whose file never arrived, and for the local upload route", async () => {
    const { objectPath, name } = await newUpload(100);
    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/upload/objects/${name}?expires=9999999999&signature=x`,
      payload: makePng(),
      headers: { "content-type": "image/png" },
    });
    expect(put.statusCode).toBe(404);
  });
});
