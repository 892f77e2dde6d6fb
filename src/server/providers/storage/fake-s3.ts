// A small S3-compatible server on 127.0.0.1, for tests only. It speaks the real protocol for
// what this app uses (path-style PUT, GET and DELETE of objects) and checks AWS Signature V4
// both ways S3 does: presigned query strings (with their expiry) and Authorization headers
// (with the payload hash). Unsigned, mis-signed or expired requests get S3's 403 XML.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { UNSIGNED_PAYLOAD, sha256Hex, signCanonical, type SigV4Credentials } from "./sigv4";

export interface FakeS3 {
  /** Endpoint as S3_ENDPOINT expects it. */
  url: string;
  bucket: string;
  credentials: Required<SigV4Credentials>;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType?: string }>;
  /** Every request with the outcome, in order. */
  requests: { method: string; key: string; status: number; auth: "presigned" | "header" | "none" }[];
  close(): Promise<void>;
}

function amzDateToMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startFakeS3(options: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const credentials: Required<SigV4Credentials> = {
    accessKeyId: "AKIDFAKES3TEST",
    secretAccessKey: "fake/secret/key+for/tests",
    region: options.region ?? "us-east-1",
    service: "s3",
  };
  const bucket = options.bucket ?? "repuestos";
  const objects: FakeS3["objects"] = new Map();
  const requests: FakeS3["requests"] = [];

  /** Null when the request is properly signed, else why not. */
  function checkSignature(req: IncomingMessage, url: URL, body: Buffer): { auth: FakeS3["requests"][number]["auth"]; fault: string | null } {
    const method = req.method ?? "GET";
    const host = req.headers.host ?? "";
    if (url.searchParams.has("X-Amz-Signature")) {
      const q = url.searchParams;
      const [accessKey, dateStamp, region, service] = (q.get("X-Amz-Credential") ?? "").split("/");
      const amzDate = q.get("X-Amz-Date") ?? "";
      const expires = Number(q.get("X-Amz-Expires"));
      if (accessKey !== credentials.accessKeyId || region !== credentials.region || service !== "s3") return { auth: "presigned", fault: "InvalidAccessKeyId" };
      if (!amzDate.startsWith(dateStamp) || !(expires > 0)) return { auth: "presigned", fault: "AuthorizationQueryParametersError" };
      if (Date.now() > amzDateToMs(amzDate) + expires * 1000) return { auth: "presigned", fault: "Request has expired" };
      const query = [...q.entries()].filter(([k]) => k !== "X-Amz-Signature");
      const signedHeaders = (q.get("X-Amz-SignedHeaders") ?? "").split(";");
      const headers = Object.fromEntries(signedHeaders.map((h) => [h, h === "host" ? host : String(req.headers[h] ?? "")]));
      const { signature } = signCanonical(
        credentials,
        { method, url, query, headers, payloadHash: UNSIGNED_PAYLOAD },
        new Date(amzDateToMs(amzDate)),
      );
      return { auth: "presigned", fault: same(signature, q.get("X-Amz-Signature") ?? "") ? null : "SignatureDoesNotMatch" };
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
    const headers = Object.fromEntries(signedHeaders.split(";").map((h) => [h, h === "host" ? host : String(req.headers[h] ?? "")]));
    const { signature } = signCanonical(
      credentials,
      { method, url, query: [...url.searchParams.entries()], headers, payloadHash },
      new Date(amzDateToMs(amzDate)),
    );
    return { auth: "header", fault: same(signature, given) ? null : "SignatureDoesNotMatch" };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const [, bucketName, ...rest] = url.pathname.split("/");
      const key = rest.map(decodeURIComponent).join("/");
      const method = req.method ?? "GET";
      const record = (status: number, auth: FakeS3["requests"][number]["auth"]) => requests.push({ method, key, status, auth });
      const { auth, fault } = checkSignature(req, url, body);
      if (fault) {
        record(403, auth);
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
