// Issue 31, item 8: private answers are never cached, and stored images are private.
//  - The lookup (names, packages, photo links), the staff sign-in that carries the token, the
//    session, and every other /api answer but the few public ones answer `Cache-Control: no-store`.
//  - Delivery photos, signatures, package photos and SINPE receipts are served only through a
//    signed, short-lived link (decision 146), `private, no-store`; by name alone, with an altered or
//    another image's signature, or after the link's end: 403, and no image.
//  - A lookup answer kept in memory (decision 140) keeps valid links for as long as it is served.
import { describe, expect, it } from "vitest";
import { useTestApp, uniqueTrackingCode, TEST_ADMIN_PASSWORD, type TestApp } from "../app";
import { addTestPackage, registerTestClient, clientIdOf } from "../clients";
import { TEST_ADMIN_ACTOR } from "../actors";
import { makePng } from "../images";
import { deliveries, paymentProofs, uploads } from "../../db/schema";
import { eq } from "drizzle-orm";
import { storeStaffPhoto, attachPhotos } from "../../modules/uploads/package-photos";
import { staffQuota } from "../../modules/uploads/service";
import { resolveSessionSecret } from "../../lib/session-secret";
import type { TClientTrackingsResponse } from "../../../shared/api/trackings";

const t: TestApp = useTestApp();

const SIGNED = /^\/objects\/uploads\/([0-9a-f]{32})\?exp=(\d+)&sig=([\w-]{43})$/;

/** A client with a delivered package: arrival photo, delivery photo and signature; and a SINPE receipt. */
async function clientWithProof() {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("PRIV"), "ENTREGADO");
  const names: Record<"LLEGADA" | "ENTREGA" | "FIRMA", string> = { LLEGADA: "", ENTREGA: "", FIRMA: "" };
  for (const kind of ["LLEGADA", "ENTREGA", "FIRMA"] as const) {
    const { name } = await storeStaffPhoto(t.ctx.db, t.ctx.providers.storage, makePng(4, 4), TEST_ADMIN_ACTOR, staffQuota(t.ctx.config.uploads, 0));
    await t.ctx.db.transaction((tx) => attachPhotos(tx, { trackingId: tracking.id }, kind, [name], TEST_ADMIN_ACTOR));
    names[kind] = name;
  }
  await t.ctx.db.insert(deliveries).values({ trackingId: tracking.id, recibidoPor: "José Pérez Quesada" });
  const { name: receipt } = await storeStaffPhoto(t.ctx.db, t.ctx.providers.storage, makePng(4, 4), TEST_ADMIN_ACTOR, staffQuota(t.ctx.config.uploads, 0));
  await t.ctx.db.update(uploads).set({ keptAt: new Date() }).where(eq(uploads.name, receipt));
  await t.ctx.db.insert(paymentProofs).values({ clientId, trackingId: tracking.id, uploadName: receipt, reference: "SINPE-1" });
  return { client, tracking, names, receipt };
}

const lookup = (code: string) => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}`, headers: { "accept-encoding": "gzip" } });

describe("private answers are not cached", () => {
  it("the lookup answer (names, packages, photo links) is no-store, from the database and from memory", async () => {
    const { client } = await clientWithProof();
    for (let i = 0; i < 2; i++) {
      const res = await lookup(client.clientCode);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("the staff sign-in that carries the token, and the session, are no-store", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
    expect(login.headers["cache-control"]).toBe("no-store");
    const session = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { authorization: `Bearer ${login.json().token}` } });
    expect(session.statusCode).toBe(200);
    expect(session.headers["cache-control"]).toBe("no-store");
    const refused = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: "no-es-la-clave" } });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("every /api GET answers no-store (signed in, whatever its status), but the public data that says otherwise", async () => {
    const { client } = await clientWithProof();
    // Public, the same for everyone: these routes set their own caching.
    const PUBLIC = new Set(["/api/exchange-rate"]);
    const wrong: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.method === "GET" && !PUBLIC.has(r.url))) {
      const url = route.url.replace(/:clientCode|:code/g, client.clientCode).replace(/:[a-zA-Z]+/g, "1").replace("*", "x");
      const res = await t.app.inject({ method: "GET", url, headers: t.adminHeaders() });
      if (!/\bno-store\b/.test(String(res.headers["cache-control"] ?? ""))) wrong.push(`${url} ${res.statusCode} ${String(res.headers["cache-control"])}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("stored images are private", () => {
  it("the lookup and the staff answers carry signed links; only a valid one serves the image, private and no-store", async () => {
    const { client, names, receipt } = await clientWithProof();
    const view = JSON.parse((await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${client.clientCode}` })).body) as TClientTrackingsResponse;
    const mine = view.trackings[0];
    const links = [mine.photos[0].url, mine.delivery!.photoUrl!, mine.delivery!.signatureUrl!];
    expect(links.map((l) => SIGNED.exec(l)?.[1])).toEqual([names.LLEGADA, names.ENTREGA, names.FIRMA]);
    const proofs = (await t.app.inject({ method: "GET", url: "/api/admin/payment-proofs?estado=PENDIENTE", headers: t.adminHeaders() })).json() as {
      items: { imageUrl: string }[];
    };
    const receiptLink = proofs.items.map((p) => p.imageUrl).find((u) => u.includes(receipt))!;
    expect(receiptLink).toMatch(SIGNED);
    links.push(receiptLink);

    for (const link of links) {
      const served = await t.app.inject({ method: "GET", url: link });
      expect(served.statusCode, link).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["cache-control"]).toBe("private, no-store");
      const [, name, exp, sig] = SIGNED.exec(link)!;
      // The link lives between 30 and 60 minutes.
      const life = Number(exp) - Date.now() / 1000;
      expect(life).toBeGreaterThan(29 * 60);
      expect(life).toBeLessThanOrEqual(60 * 60);

      const refusedUrls = [
        `/objects/uploads/${name}`,
        `/objects/uploads/${name}?exp=${exp}`,
        `/objects/uploads/${name}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
        `/objects/uploads/${name}?exp=${Number(exp) + 60}&sig=${sig}`,
        `/objects/uploads/${names.LLEGADA === name ? names.FIRMA : names.LLEGADA}?exp=${exp}&sig=${sig}`,
        `/objects/uploads/${name}?exp=${exp}&sig=${sig}&sig=${sig}`,
      ];
      for (const url of refusedUrls) {
        for (const method of ["GET", "HEAD"] as const) {
          const res = await t.app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.headers["content-type"]).toMatch(/json/);
          expect(res.headers["cache-control"]).toBe("private, no-store");
        }
      }
    }
  });

  it("a link past its end opens nothing, nor one made for far ahead", async () => {
    const { names } = await clientWithProof();
    const { createImageLinks, LINK_BUCKET_SECONDS } = await import("../../lib/image-links");
    const secret = resolveSessionSecret(t.config.sessionSecret, t.config.dataDir);
    const hourAgo = createImageLinks(secret, () => Date.now() - 2 * LINK_BUCKET_SECONDS * 1000 - 1000);
    const ahead = createImageLinks(secret, () => Date.now() + 3 * LINK_BUCKET_SECONDS * 1000);
    const now = createImageLinks(secret);
    const path = `/objects/uploads/${names.FIRMA}`;
    expect((await t.app.inject({ method: "GET", url: now.sign(path) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: hourAgo.sign(path) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: ahead.sign(path) })).statusCode).toBe(403);
    // Another server's secret signs nothing here.
    expect((await t.app.inject({ method: "GET", url: createImageLinks("otro-secreto").sign(path) })).statusCode).toBe(403);
  });

  it("a lookup answer kept in memory serves valid links until it is read again with new ones", async () => {
    const { client, names } = await clientWithProof();
    const { createImageLinks, LINK_BUCKET_SECONDS } = await import("../../lib/image-links");
    const { createClientLookups } = await import("../../modules/packages/client-portal");
    const bucketMs = LINK_BUCKET_SECONDS * 1000;
    let clock = Math.floor(Date.now() / bucketMs) * bucketMs + 1000;
    const links = createImageLinks(resolveSessionSecret(t.config.sessionSecret, t.config.dataDir), () => clock);
    const lookups = createClientLookups(t.database, { maxEntries: 100, maxBytes: 10_000_000, missTtlMs: 1000, now: () => clock }, links);
    await lookups.start();
    // PostgreSQL's listener connects in the background: the cache keeps nothing until it listens.
    await expect.poll(() => lookups.cache.stats().listening, { timeout: 10_000, interval: 10 }).toBe(true);
    try {
      const signatureLink = async () => {
        const answer = await lookups.lookup(client.clientCode);
        const body = JSON.parse((answer!.gzipped ? (await import("node:zlib")).gunzipSync(answer!.body) : answer!.body).toString()) as TClientTrackingsResponse;
        const link = body.trackings[0].delivery!.signatureUrl!;
        const [, name, exp, sig] = SIGNED.exec(link)!;
        expect(name).toBe(names.FIRMA);
        // Valid when served, with at least a bucket to live.
        expect(links.verify(name, exp, sig)).toBe(true);
        expect(Number(exp) * 1000 - clock).toBeGreaterThanOrEqual(bucketMs);
        return link;
      };
      const first = await signatureLink();
      const fills = lookups.cache.stats().fills;
      expect(fills).toBeGreaterThan(0);
      clock += bucketMs - 2000; // the last moment of the bucket: served from memory, same link
      expect(await signatureLink()).toBe(first);
      expect(lookups.cache.stats().fills).toBe(fills);
      clock += 1000; // the next bucket: read again, new link
      const second = await signatureLink();
      expect(second).not.toBe(first);
      expect(lookups.cache.stats().fills).toBe(fills + 1);
      clock += 10 * bucketMs; // the old link has ended
      const [, name, exp, sig] = SIGNED.exec(first)!;
      expect(links.verify(name, exp, sig)).toBe(false);
    } finally {
      await lookups.stop();
    }
  });
});
