// A small S3-compatible server on 127.0.0.1, for tests only. It speaks the real protocol for
// what this app uses (path-style PUT, GET and DELETE of objects) and checks AWS Signature V4
// both ways S3 does: presigned query strings (with their expiry) and Authorization headers
// (with the payload hash). Unsigned, mis-signed or expired requests get S3's 403 XML.
// Signatures are checked with AWS's own signer (@smithy/signature-v4, what the AWS SDK uses),
// never with this app's providers/storage/sigv4.ts, so the S3 adapter's tests are not checking
// the code against itself. Every signed header counts, a signed content-length included, and a
// session token when the fake is started with one (temporary credentials).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, timingSafeEqual } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";
import { Hash } from "@smithy/hash-node";

export interface FakeS3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: "s3";
  sessionToken?: string;
}

export interface FakeS3 {
  /** Endpoint as S3_ENDPOINT expects it. */
  url: string;
  bucket: string;
  credentials: FakeS3Credentials;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType?: string }>;
  /** Every request with the outcome, in order. */
  requests: { method: string; key: string; status: number; auth: "presigned" | "header" | "none"; fault?: string }[];
  close(): Promise<void>;
}

const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
const sha256Hex = (data: Buffer) => createHash("sha256").update(data).digest("hex");

function amzDateToMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** The received request as the signer takes it: only the headers the client said it signed. */
function requestFor(req: IncomingMessage, url: URL, signedHeaders: string[], extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  for (const name of signedHeaders) {
    const value = req.headers[name];
    headers[name] = Array.isArray(value) ? value.join(",") : (value ?? "");
  }
  return {
    method: req.method ?? "GET",
    protocol: "http:",
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    // The path exactly as it arrived: S3 does not normalise or re-encode it (uriEscapePath: false).
    path: (req.url ?? "/").split("?")[0],
    query: {} as Record<string, string>,
    headers,
  };
}

export async function startFakeS3(options: { bucket?: string; region?: string; sessionToken?: string } = {}): Promise<FakeS3> {
  const credentials: FakeS3Credentials = {
    accessKeyId: "AKIDFAKES3TEST",
    secretAccessKey: "fake/secret/key+for/tests",
    region: options.region ?? "us-east-1",
    service: "s3",
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
  };
  const signer = new SignatureV4({
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey, sessionToken: credentials.sessionToken },
    region: credentials.region,
    service: "s3",
    sha256: Hash.bind(null, "sha256"),
    uriEscapePath: false,
  });
  const bucket = options.bucket ?? "repuestos";
  const objects: FakeS3["objects"] = new Map();
  const requests: FakeS3["requests"] = [];

  type Outcome = { auth: FakeS3["requests"][number]["auth"]; fault: string | null };

  /** fault null when the request is properly signed, else why not. */
  async function checkSignature(req: IncomingMessage, url: URL, body: Buffer): Promise<Outcome> {
    if (url.searchParams.has("X-Amz-Signature")) {
      const q = url.searchParams;
      const [accessKey, dateStamp, region, service] = (q.get("X-Amz-Credential") ?? "").split("/");
      const amzDate = q.get("X-Amz-Date") ?? "";
      const expires = Number(q.get("X-Amz-Expires"));
      if (accessKey !== credentials.accessKeyId || region !== credentials.region || service !== "s3") return { auth: "presigned", fault: "InvalidAccessKeyId" };
      if (!amzDate.startsWith(dateStamp) || !(expires > 0)) return { auth: "presigned", fault: "AuthorizationQueryParametersError" };
      if (Date.now() > amzDateToMs(amzDate) + expires * 1000) return { auth: "presigned", fault: "Request has expired" };
      const signedHeaders = (q.get("X-Amz-SignedHeaders") ?? "").split(";");
      // As the AWS SDK's S3 presigner does: the payload is unsigned, and that marker is neither
      // hoisted into the query nor signed.
      const request = requestFor(req, url, signedHeaders, { "x-amz-content-sha256": UNSIGNED_PAYLOAD });
      for (const [k, v] of q.entries()) if (k !== "X-Amz-Signature") request.query[k] = v;
      const marker = new Set(["x-amz-content-sha256"]);
      const signed = await signer.presign(request, {
        signingDate: new Date(amzDateToMs(amzDate)),
        expiresIn: expires,
        unhoistableHeaders: marker,
        unsignableHeaders: marker,
      });
      const query = signed.query ?? {};
      const expected = String(query["X-Amz-Signature"] ?? "");
      // The signer adds what it signs (its token, its header list): the client's must be the same.
      const sameParams = ["X-Amz-Security-Token", "X-Amz-SignedHeaders"].every((k) => (q.get(k) ?? undefined) === (query[k] ?? undefined));
      return { auth: "presigned", fault: sameParams && same(expected, q.get("X-Amz-Signature") ?? "") ? null : "SignatureDoesNotMatch" };
    }
    const authorization = req.headers.authorization ?? "";
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!m) return { auth: "none", fault: "AccessDenied" };
    const [, accessKey, , region, signedHeaders, given] = m;
    if (accessKey !== credentials.accessKeyId || region !== credentials.region) return { auth: "header", fault: "InvalidAccessKeyId" };
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== sha256Hex(body)) return { auth: "header", fault: "XAmzContentSHA256Mismatch" };
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    if (Math.abs(Date.now() - amzDateToMs(amzDate)) > 15 * 60_000) return { auth: "header", fault: "RequestTimeTooSkewed" };
    if (credentials.sessionToken && req.headers["x-amz-security-token"] !== credentials.sessionToken) return { auth: "header", fault: "InvalidToken" };
    const request = requestFor(req, url, signedHeaders.split(";"));
    for (const [k, v] of url.searchParams.entries()) request.query[k] = v;
    const signed = await signer.sign({ ...request, body }, { signingDate: new Date(amzDateToMs(amzDate)) });
    const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization ?? signed.headers.Authorization ?? ""))?.[1] ?? "";
    const sameList = /SignedHeaders=([a-z0-9;-]+),/.exec(String(signed.headers.authorization ?? ""))?.[1] === signedHeaders;
    return { auth: "header", fault: sameList && same(expected, given) ? null : "SignatureDoesNotMatch" };
  }

  /** Answers one request whose body has arrived, as S3 would. */
  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const method = req.method ?? "GET";
    const record = (status: number, auth: Outcome["auth"], fault?: string) =>
      requests.push({ method, key, status, auth, ...(fault ? { fault } : {}) });
    const { auth, fault } = await checkSignature(req, url, body);
    if (fault) {
      record(403, auth, fault);
      return xmlError(res, 403, fault === "Request has expired" ? "AccessDenied" : fault, fault);
    }
    if (bucketName !== bucket) {
      record(404, auth);
      return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    }
    if (method === "PUT") {
      objects.set(key, { body, contentType: req.headers["content-type"] });
      record(200, auth);
      res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      return res.end();
    }
    if (method === "GET") {
      const object = objects.get(key);
      if (!object) {
        record(404, auth);
        return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
      }
      record(200, auth);
      res.writeHead(200, { "content-type": object.contentType ?? "binary/octet-stream", "content-length": object.body.length });
      return res.end(object.body);
    }
    if (method === "DELETE") {
      objects.delete(key);
      record(204, auth);
      res.writeHead(204);
      return res.end();
    }
    record(405, auth);
    return xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: Error) => xmlError(res, 500, "InternalError", error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    credentials,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
