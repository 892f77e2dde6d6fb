// HTTP tests of part-photo uploads on local storage: signed, expiring, single-use addresses;
// content checked by magic bytes; 10 MB; objects served only under their random names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_MAX_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  UPLOAD_RATE_LIMITED,
  UPLOAD_URL_EXPIRED,
  UPLOAD_URL_INVALID,
  UPLOAD_URL_USED,
  detectImageType,
  objectPathFromUploadUrl,
} from "../../../shared/api/uploads";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { GIF_HEAD, JPEG_HEAD, WEBP_HEAD, makePng, makePngOfSize } from "../../test/images";

let t: TestApp;
let lastAddress = 0;
const newAddress = () => `10.7.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An address as an old page asks for it (no size: the server reserves 10 MB), or for `size` bytes. */
async function newUploadUrl(remoteAddress = newAddress(), size?: number): Promise<{ uploadURL: string; path: string; name: string }> {
  const payload = size === undefined ? undefined : { size };
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress, payload });
  expect(res.statusCode).toBe(200);
  const { uploadURL } = res.json() as { uploadURL: string };
  const url = new URL(uploadURL, "http://localhost");
  return { uploadURL, path: url.pathname + url.search, name: url.pathname.split("/").pop()! };
}

const put = (path: string, payload: Buffer | string, contentType = "image/png") =>
  t.app.inject({ method: "PUT", url: path, payload, headers: { "content-type": contentType } });
/** GET of a stored image as a page makes it: through a signed link (decision 146); other addresses as they are. */
const getObject = (url: string) =>
  t.app.inject({ method: "GET", url: /^\/objects\/uploads\/[0-9a-f]{32}$/.test(url) ? t.ctx.imageLinks.sign(url) : url });

describe("POST /api/upload/image-url", () => {
  it("answers a signed, expiring address under a random name and records it as pending", async () => {
    const { uploadURL, name } = await newUploadUrl();
    expect(uploadURL).toMatch(/^\/api\/upload\/objects\/[0-9a-f]{32}\?expires=\d+&signature=[\w-]+$/);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "PENDING", storage: "local" });
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(objectPathFromUploadUrl(uploadURL)).toBe(`/objects/uploads/${name}`);
  });

  it("never builds the address from the Host header: relative without PUBLIC_URL, PUBLIC_URL's origin with it", async () => {
    const headers = { host: 'evil.example"><script>alert(1)</script>', "x-forwarded-host": "evil.example" };
    const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: newAddress(), headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().uploadURL).toMatch(/^\/api\/upload\/objects\/[0-9a-f]{32}\?/);
    const configured = await createTestApp({ env: { PUBLIC_URL: "https://www.expressimport.cr" } });
    try {
      const other = await configured.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: newAddress(), headers });
      expect(other.json().uploadURL).toMatch(/^https:\/\/www\.expressimport\.cr\/api\/upload\/objects\/[0-9a-f]{32}\?/);
    } finally {
      await configured.close();
    }
  });

  it("never repeats a name", async () => {
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) names.add((await newUploadUrl()).name);
    expect(names.size).toBe(5);
  });

  it(`allows ${ABUSE_LIMITS.upload.limit} addresses per client address in 10 minutes, then 429 in Spanish`, async () => {
    const address = newAddress();
    // Each one used (an address holds at most a few open at once: decision 145).
    for (let i = 0; i < ABUSE_LIMITS.upload.limit; i++) {
      const { path } = await newUploadUrl(address, 1000);
      expect((await put(path, makePngOfSize(1000))).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: address, payload: { size: 1000 } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(UPLOAD_RATE_LIMITED);
  });

  it("counts a refused ask against the allowance too (the limit comes before the body is checked)", async () => {
    const address = newAddress();
    for (let i = 0; i < ABUSE_LIMITS.upload.limit; i++) {
      const refused = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: address, payload: { size: 0 } });
      expect(refused.statusCode).toBe(400);
    }
    const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: address, payload: { size: 1000 } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(UPLOAD_RATE_LIMITED);
  });
});

describe("PUT to the signed address", () => {
  it("stores a PNG and serves it at /objects/uploads/{name} with its type and nosniff", async () => {
    const { path, name } = await newUploadUrl();
    const png = makePng();
    const res = await put(path, png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ objectPath: `/objects/uploads/${name}` });
    const object = await getObject(`/objects/uploads/${name}`);
    expect(object.statusCode).toBe(200);
    expect(object.headers["content-type"]).toBe("image/png");
    expect(object.headers["x-content-type-options"]).toBe("nosniff");
    expect(object.rawPayload.equals(png)).toBe(true);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ status: "UPLOADED", contentType: "image/png", sizeBytes: png.length });
  });

  it.each([
    ["JPEG", JPEG_HEAD, "image/jpeg"],
    ["GIF", GIF_HEAD, "image/gif"],
    ["WebP", WEBP_HEAD, "image/webp"],
  ])("accepts a %s by its content, whatever type the request declares", async (_kind, head, type) => {
    const { path, name } = await newUploadUrl();
    expect((await put(path, Buffer.concat([head, Buffer.alloc(64, 1)]), "application/octet-stream")).statusCode).toBe(200);
    expect((await getObject(`/objects/uploads/${name}`)).headers["content-type"]).toBe(type);
  });

  it.each([
    ["a text file sent as image/png", Buffer.from("hola, esto no es una imagen\n"), "image/png"],
    ["an HTML page sent as image/jpeg", Buffer.from("<html><script>alert(1)</script></html>"), "image/jpeg"],
    ["an SVG image", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"],
    ["an empty body", Buffer.alloc(0), "image/png"],
  ])("refuses %s with 415 and a clear message, and serves nothing", async (_label, payload, type) => {
    const { path, name } = await newUploadUrl();
    const res = await put(path, payload, type);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(NOT_AN_IMAGE_MESSAGE);
    expect((await getObject(`/objects/uploads/${name}`)).statusCode).toBe(404);
  });

  it("refuses an 11 MB image with 413 and the spec's size message", async () => {
    const { path, name } = await newUploadUrl();
    const res = await put(path, makePngOfSize(11 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect((await getObject(`/objects/uploads/${name}`)).statusCode).toBe(404);
  });

  it("accepts an image of exactly 10 MB", async () => {
    const { path } = await newUploadUrl();
    expect((await put(path, makePngOfSize(IMAGE_MAX_BYTES))).statusCode).toBe(200);
  });

  it("refuses a reused address", async () => {
    const { path, name } = await newUploadUrl();
    expect((await put(path, makePng(4, 4, [0, 0, 255]))).statusCode).toBe(200);
    const again = await put(path, makePng(4, 4, [255, 0, 0]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UPLOAD_URL_USED);
    // The first image stays.
    expect((await getObject(`/objects/uploads/${name}`)).rawPayload.equals(makePng(4, 4, [0, 0, 255]))).toBe(true);
  });

  it("lets only one of two simultaneous PUTs to one address store its file", async () => {
    const { path } = await newUploadUrl();
    const results = await Promise.all([put(path, makePng()), put(path, makePng(2, 2))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses an address whose upload window has closed", async () => {
    const { path, name } = await newUploadUrl();
    await t.ctx.db.update(uploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(uploads.name, name));
    const res = await put(path, makePng());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UPLOAD_URL_EXPIRED);
  });

  it("refuses an address whose signed expiry has passed", async () => {
    const { name } = await newUploadUrl();
    const stale = await t.ctx.providers.storage.createUploadUrl(`uploads/${name}`, new Date(Date.now() - 60_000), "http://localhost");
    const url = new URL(stale);
    const res = await put(url.pathname + url.search, makePng());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UPLOAD_URL_EXPIRED);
  });

  it.each([
    ["a later expiry than was signed", (u: URL) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600))],
    ["a changed signature", (u: URL) => u.searchParams.set("signature", "A".repeat(43))],
    ["no signature", (u: URL) => u.searchParams.delete("signature")],
    ["another name's signature", (u: URL) => (u.pathname = `/api/upload/objects/${"ab".repeat(16)}`)],
  ])("refuses %s with 403", async (_label, tamper) => {
    const { uploadURL } = await newUploadUrl();
    const url = new URL(uploadURL, "http://localhost");
    tamper(url);
    const res = await put(url.pathname + url.search, makePng());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UPLOAD_URL_INVALID);
  });

  it("answers 404 for a PUT to a name that is not of the random form", async () => {
    const { uploadURL } = await newUploadUrl();
    const url = new URL(uploadURL, "http://localhost");
    const res = await put(`/api/upload/objects/..%2F..%2Fpackage.json${url.search}`, makePng());
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /objects/uploads/{name}", () => {
  it.each([
    "/objects/uploads/..%2F..%2Fpackage.json",
    "/objects/uploads/../../package.json",
    "/objects/uploads/%2e%2e%2fpackage.json",
    "/objects/uploads/..",
    "/objects/uploads/",
    "/objects/uploads/0123456789ABCDEF0123456789ABCDEF",
    "/objects/uploads/0123456789abcdef0123456789abcdef.png",
    "/objects/uploads/0123456789abcdef0123456789abcde",
    "/objects/pglite/PG_VERSION",
    "/objects/uploads/0123456789abcdef0123456789abcdef/..%2F..%2Fpglite",
  ])("answers 404 for %s", async (url) => {
    const res = await getObject(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
  });

  it("answers 404 for a name handed out but never uploaded", async () => {
    const { name } = await newUploadUrl();
    expect((await getObject(`/objects/uploads/${name}`)).statusCode).toBe(404);
  });

  it("answers 404 for a well-formed name nobody was given", async () => {
    expect((await getObject(`/objects/uploads/${"0f".repeat(16)}`)).statusCode).toBe(404);
  });
});

describe("detectImageType", () => {
  it("reads the magic numbers, not names", () => {
    expect(detectImageType(makePng())).toBe("image/png");
    expect(detectImageType(JPEG_HEAD)).toBe("image/jpeg");
    expect(detectImageType(GIF_HEAD)).toBe("image/gif");
    expect(detectImageType(Buffer.from("GIF87a"))).toBe("image/gif");
    expect(detectImageType(WEBP_HEAD)).toBe("image/webp");
    expect(detectImageType(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
