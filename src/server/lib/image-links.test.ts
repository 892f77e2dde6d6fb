// Signed image links (issue 31, decision 146): lib/image-links.ts.
import { describe, expect, it } from "vitest";
import { LINK_BUCKET_SECONDS, createImageLinks } from "./image-links";

const NAME = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";
const B = LINK_BUCKET_SECONDS * 1000;

describe("image links", () => {
  it("live one to two buckets, the same text all through a bucket, and are checked against the clock", () => {
    let clock = 1_000 * B + 5;
    const links = createImageLinks("secreto", () => clock);
    const first = links.sign(`/objects/uploads/${NAME}`);
    const [, exp, sig] = /\?exp=(\d+)&sig=([\w-]+)$/.exec(first)!;
    expect(Number(exp)).toBe(1_002 * LINK_BUCKET_SECONDS);
    clock += B - 10;
    expect(links.sign(`/objects/uploads/${NAME}`)).toBe(first);
    expect(links.verify(NAME, exp, sig)).toBe(true);
    expect(links.verify(OTHER, exp, sig)).toBe(false);
    clock = 1_002 * B;
    expect(links.verify(NAME, exp, sig)).toBe(false);
    expect(createImageLinks("otro", () => 1_000 * B).verify(NAME, exp, sig)).toBe(false);
  });

  it("sign only the link keys of a JSON text, never a text a person typed", () => {
    const links = createImageLinks("secreto", () => 1_000 * B);
    const json = `{"url" : "/objects/uploads/${NAME}", "descripcionPaquete" : "/objects/uploads/${OTHER}", "nota" : "x\\", \\"url\\" : \\"/objects/uploads/${OTHER}\\""}`;
    const { json: signed, validUntilMs } = links.signJson(json);
    expect(validUntilMs).toBe(1_001 * B);
    expect(signed).toMatch(new RegExp(`"url" : "/objects/uploads/${NAME}\\?exp=\\d+&sig=[\\w-]{43}"`));
    expect(signed.match(/sig=/g)).toHaveLength(1);
    expect(JSON.parse(signed).descripcionPaquete).toBe(`/objects/uploads/${OTHER}`);
    expect(links.signJson('{"url" : "https://tienda.example/x"}')).toEqual({ json: '{"url" : "https://tienda.example/x"}', validUntilMs: null });
  });

  it("sign the bare upload paths under the link keys of an answer, leaving the rest (and the original) as they were", () => {
    const links = createImageLinks("secreto", () => 1_000 * B);
    const answer = { items: [{ imageUrl: `/objects/uploads/${NAME}`, nota: `/objects/uploads/${OTHER}`, url: "https://tienda.example" }], total: 1 };
    const signed = links.signValue(answer);
    expect(signed.items[0].imageUrl).toMatch(/\?exp=\d+&sig=/);
    expect(signed.items[0].nota).toBe(`/objects/uploads/${OTHER}`);
    expect(signed.items[0].url).toBe("https://tienda.example");
    expect(answer.items[0].imageUrl).toBe(`/objects/uploads/${NAME}`);
    const untouched = { a: [1, { b: "c" }] };
    expect(links.signValue(untouched)).toBe(untouched);
  });
});
