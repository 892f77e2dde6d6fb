// What a kept lookup does not need (decision 238): the route takes no decompress step (a GET has
// no body), so a stray Content-Encoding on it changes nothing; the request's read lives on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { registerTestClient } from "../../test/clients";

describe("the kept lookup's way through the app", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => test.close());

  it("answers a GET that names a body encoding as any other (no body to decompress)", async () => {
    const client = await registerTestClient(test.app);
    const url = `/api/clients/trackings?code=${client.clientCode}`;
    const plain = await test.app.inject({ method: "GET", url });
    expect(plain.statusCode).toBe(200);
    for (const encoding of ["gzip", "zstd"]) {
      const res = await test.app.inject({ method: "GET", url, headers: { "content-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(plain.body);
    }
  });
});
