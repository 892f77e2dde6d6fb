// Signature V4 (./sigv4: AWS's own signer, @smithy/signature-v4, with this app's URLs and
// headers; decision 166) against AWS's published examples and the signer used directly, and the
// S3 adapter against a fake S3 on 127.0.0.1 that checks every signature and expiry (no network).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignatureV4 } from "@smithy/signature-v4";
import { Hash } from "@smithy/hash-node";
import { presignUrl, signHeaders, uriEncode } from "./sigv4";
import { createS3Storage } from "./s3";
import { startFakeS3, type FakeS3 } from "../../test/fakes/s3";
import { ObjectTooLargeError, StorageError } from "./types";
import { loadConfig } from "../../config";

// The example credentials of AWS's S3 Signature V4 documentation.
const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  service: "s3",
};
const EXAMPLE_DATE = new Date("2013-05-24T00:00:00Z");

describe("Signature V4", () => {
  it("matches AWS's presigned-URL example (GET test.txt, 24 h)", async () => {
    const url = await presignUrl({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      credentials: AWS_EXAMPLE,
      expiresSeconds: 86_400,
      now: EXAMPLE_DATE,
    });
    expect(url).toBe(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256" +
        "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request" +
        "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host" +
        "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
  });

  it("matches AWS's Authorization-header example (GET test.txt with a Range)", async () => {
    const headers = await signHeaders({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      credentials: AWS_EXAMPLE,
      headers: { Range: "bytes=0-9" },
      now: EXAMPLE_DATE,
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers.host).toBeUndefined();
  });

  it("encodes as RFC 3986 and refuses lifetimes beyond 7 days", async () => {
    expect(uriEncode("a b/c*'()!~")).toBe("a%20b%2Fc%2A%27%28%29%21~");
    await expect(
      presignUrl({ method: "PUT", url: "https://s3.test/b/k", credentials: AWS_EXAMPLE, expiresSeconds: 604_801 }),
    ).rejects.toThrow(RangeError);
  });

  it("signs with AWS's own signer, not code of its own", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(new URL("./sigv4.ts", import.meta.url), "utf8");
    expect(source).toMatch(/import\("@smithy\/signature-v4"\)|from "@smithy\/signature-v4"/);
    // No HMAC or hash of its own: the signing key, string to sign and payload hash are the signer's.
    expect(source).not.toMatch(/createHmac|createHash|node:crypto/);
    const { dependencies } = JSON.parse(await readFile(new URL("../../../../package.json", import.meta.url), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(dependencies)).toEqual(expect.arrayContaining(["@smithy/signature-v4", "@smithy/hash-node"]));
  });
});

/** AWS's signer, as the AWS SDK sets it up for S3. */
const awsSigner = (c: { accessKeyId: string; secretAccessKey: string; region: string; sessionToken?: string }) =>
  new SignatureV4({
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken },
    region: c.region,
    service: "s3",
    sha256: Hash.bind(null, "sha256"),
    uriEscapePath: false,
  });

describe("Signature V4 against AWS's own signer", () => {
  const TEMPORARY = { ...AWS_EXAMPLE, sessionToken: "IQoJb3JpZ2luX2VjEXAMPLE+token/with=signs" };
  const at = new Date("2025-03-14T15:09:26Z");

  it("presigns a PUT with a session token and a signed content-length as AWS does", async () => {
    const ours = new URL(
      await presignUrl({
        method: "PUT",
        url: "https://s3.us-east-1.amazonaws.com/fotos/uploads/0123456789abcdef0123456789abcdef",
        credentials: TEMPORARY,
        headers: { "content-length": "48213" },
        expiresSeconds: 600,
        now: at,
      }),
    );
    const marker = new Set(["x-amz-content-sha256"]);
    const theirs = await awsSigner(TEMPORARY).presign(
      {
        method: "PUT",
        protocol: "https:",
        hostname: "s3.us-east-1.amazonaws.com",
        path: "/fotos/uploads/0123456789abcdef0123456789abcdef",
        query: {},
        headers: { host: "s3.us-east-1.amazonaws.com", "content-length": "48213", "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
      },
      { signingDate: at, expiresIn: 600, unhoistableHeaders: marker, unsignableHeaders: marker },
    );
    expect(Object.fromEntries(ours.searchParams)).toEqual(theirs.query);
    expect(ours.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
    expect(ours.searchParams.get("X-Amz-Security-Token")).toBe(TEMPORARY.sessionToken);
  });

  it("signs a server-side call with a session token as AWS does", async () => {
    const body = new Uint8Array([1, 2, 3]);
    const ours = await signHeaders({
      method: "PUT",
      url: "https://s3.us-east-1.amazonaws.com/fotos/uploads/0123456789abcdef0123456789abcdef",
      credentials: TEMPORARY,
      headers: { "content-type": "image/png" },
      body,
      now: at,
    });
    const theirs = await awsSigner(TEMPORARY).sign(
      {
        method: "PUT",
        protocol: "https:",
        hostname: "s3.us-east-1.amazonaws.com",
        path: "/fotos/uploads/0123456789abcdef0123456789abcdef",
        query: {},
        headers: { host: "s3.us-east-1.amazonaws.com", "content-type": "image/png" },
        body,
      },
      { signingDate: at },
    );
    expect(ours.authorization).toBe(theirs.headers.authorization);
    expect(ours["x-amz-security-token"]).toBe(TEMPORARY.sessionToken);
  });
});

describe("S3 adapter against a fake S3", () => {
  let s3: FakeS3;
  const key = (n: number) => `uploads/${n.toString(16).padStart(32, "0")}`;
  const storage = () =>
    createS3Storage({ endpoint: s3.url, bucket: s3.bucket, ...s3.credentials });

  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("makes a presigned PUT URL the store accepts from a browser, then reads it back with a signed GET", async () => {
    const url = await storage().createUploadUrl(key(1), new Date(Date.now() + 10 * 60_000), "http://ignored");
    expect(url.startsWith(`${s3.url}/${s3.bucket}/${key(1)}?`)).toBe(true);
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toMatch(/^(599|600)$/);
    const res = await fetch(url, { method: "PUT", body: "imagen", headers: { "content-type": "image/png" } });
    expect(res.status).toBe(200);
    expect(s3.requests.at(-1)).toMatchObject({ method: "PUT", auth: "presigned", status: 200 });
    const bytes = await storage().get(key(1), 1000);
    expect(Buffer.from(bytes!).toString()).toBe("imagen");
    expect(s3.requests.at(-1)).toMatchObject({ method: "GET", auth: "header", status: 200 });
  });

  it("puts, reads and deletes with signed requests; a missing object reads as null", async () => {
    const store = storage();
    await store.put(key(2), new Uint8Array([1, 2, 3]), "image/png");
    expect(s3.objects.get(key(2))?.contentType).toBe("image/png");
    expect([...(await store.get(key(2), 10))!]).toEqual([1, 2, 3]);
    await store.delete(key(2));
    expect(s3.objects.has(key(2))).toBe(false);
    expect(await store.get(key(2), 10)).toBeNull();
  });

  it("signs the content length into the upload URL, so the store refuses a body of another size", async () => {
    const url = await storage().createUploadUrl(key(6), new Date(Date.now() + 60_000), "", { contentLength: 6 });
    expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
    expect((await fetch(url, { method: "PUT", body: "imagen y algo más" })).status).toBe(403);
    expect(s3.objects.has(key(6))).toBe(false);
    expect((await fetch(url, { method: "PUT", body: "imagen" })).status).toBe(200);
  });

  it("refuses to read more than the limit", async () => {
    s3.objects.set(key(3), { body: Buffer.alloc(2048) });
    await expect(storage().get(key(3), 1024)).rejects.toBeInstanceOf(ObjectTooLargeError);
  });

  it("is refused by the store with a wrong secret, and says so", async () => {
    const wrong = createS3Storage({ endpoint: s3.url, bucket: s3.bucket, ...s3.credentials, secretAccessKey: "otra" });
    await expect(wrong.get(key(1), 1000)).rejects.toBeInstanceOf(StorageError);
    expect(s3.requests.at(-1)).toMatchObject({ status: 403 });
  });

  it("has its presigned URL refused by the store once expired or altered", async () => {
    const expired = await presignUrl({
      method: "PUT",
      url: `${s3.url}/${s3.bucket}/${key(4)}`,
      credentials: s3.credentials,
      expiresSeconds: 600,
      now: new Date(Date.now() - 3600_000),
    });
    expect((await fetch(expired, { method: "PUT", body: "x" })).status).toBe(403);
    const fresh = await storage().createUploadUrl(key(4), new Date(Date.now() + 60_000), "");
    const altered = fresh.replace(key(4), key(5));
    expect((await fetch(altered, { method: "PUT", body: "x" })).status).toBe(403);
    expect(s3.objects.has(key(4)) || s3.objects.has(key(5))).toBe(false);
  });

  it("refuses keys that are not a folder and a random name", async () => {
    await expect(storage().get("../secreto", 10)).rejects.toBeInstanceOf(StorageError);
    await expect(storage().createUploadUrl("uploads/../../x", new Date(Date.now() + 1000), "")).rejects.toBeInstanceOf(StorageError);
  });
});

describe("the fake S3 is an independent check", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("accepts a URL presigned by AWS's own signer, and refuses it once a signed header differs", async () => {
    const url = new URL(`${s3.url}/${s3.bucket}/uploads/${"c".repeat(32)}`);
    const marker = new Set(["x-amz-content-sha256"]);
    const signed = await awsSigner(s3.credentials).presign(
      {
        method: "PUT",
        protocol: "http:",
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: {},
        headers: { host: url.host, "content-length": "4", "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
      },
      { expiresIn: 60, unhoistableHeaders: marker, unsignableHeaders: marker },
    );
    for (const [k, v] of Object.entries(signed.query ?? {})) url.searchParams.set(k, String(v));
    expect((await fetch(url, { method: "PUT", body: "abcd" })).status).toBe(200);
    expect((await fetch(url, { method: "PUT", body: "abcde" })).status).toBe(403);
    expect(s3.requests.at(-1)).toMatchObject({ status: 403, fault: "SignatureDoesNotMatch" });
  });
});

describe("S3 adapter with temporary credentials (a session token)", () => {
  let s3: FakeS3;
  const key = (n: number) => `uploads/${n.toString(16).padStart(32, "a")}`;
  beforeAll(async () => {
    s3 = await startFakeS3({ sessionToken: "FwoGZXIvYXdzEXAMPLE+session/token==" });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("signs presigned URLs and its own calls with the token; without it the store refuses both", async () => {
    const store = createS3Storage({ endpoint: s3.url, bucket: s3.bucket, ...s3.credentials });
    const url = await store.createUploadUrl(key(1), new Date(Date.now() + 60_000), "");
    expect(new URL(url).searchParams.get("X-Amz-Security-Token")).toBe(s3.credentials.sessionToken);
    expect((await fetch(url, { method: "PUT", body: "imagen" })).status).toBe(200);
    expect(Buffer.from((await store.get(key(1), 100))!).toString()).toBe("imagen");
    await store.put(key(2), new Uint8Array([1]), "image/png");
    await store.delete(key(2));
    expect(s3.objects.has(key(2))).toBe(false);

    const { sessionToken: _token, ...permanent } = s3.credentials;
    const without = createS3Storage({ endpoint: s3.url, bucket: s3.bucket, ...permanent });
    await expect(without.get(key(1), 100)).rejects.toBeInstanceOf(StorageError);
    const unsigned = await without.createUploadUrl(key(3), new Date(Date.now() + 60_000), "");
    expect((await fetch(unsigned, { method: "PUT", body: "x" })).status).toBe(403);
    expect(s3.objects.has(key(3))).toBe(false);
  });

  it("reads S3_SESSION_TOKEN from the configuration", () => {
    expect(loadConfig({ S3_SESSION_TOKEN: "tok" }).s3.sessionToken).toBe("tok");
  });
});
