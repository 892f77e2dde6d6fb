// The one ownership check over HTTP (docs/decisions/179): the portal's edit and delete and the
// SINPE receipt path ask the same policy (core/policies `owns`), so another client's package is
// refused by all three with the same answer as a package that does not exist, and changes nothing;
// the owner's own requests pass. Break `owns` and the first test fails on every path at once.
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { useTestApp, uniqueTrackingCode } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { clientTrackings, paymentProofs } from "../../db/schema";
import { TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import { PAYMENT_PROOFS_PATH } from "../../../shared/api/payments";

const t = useTestApp();

/** An image uploaded through the public flow: its path /objects/uploads/<name>. */
async function upload(): Promise<string> {
  const png = makePng();
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: png.byteLength } });
  const uploadURL = new URL((res.json() as { uploadURL: string }).uploadURL, "http://localhost");
  const stored = await t.app.inject({ method: "PUT", url: uploadURL.pathname + uploadURL.search, payload: png, headers: { "content-type": "image/png" } });
  expect(stored.statusCode).toBe(200);
  return `/objects/uploads/${uploadURL.pathname.split("/").pop()}`;
}

/** A client owing ₡5 000 on a package still editable (SEGUIMIENTO_INTERNACIONAL). */
async function clientWithPackage() {
  const client = await registerTestClient(t.app);
  const id = await clientIdOf(t.ctx.db, client.clientCode);
  const pkg = await addTestPackage(t.ctx.db, id, uniqueTrackingCode(), "SEGUIMIENTO_INTERNACIONAL", { montoColones: 5000 });
  return { clientCode: client.clientCode, pkg };
}

/** The three client paths that name a package by id, as the given client. */
function paths(clientCode: string, image: string) {
  return {
    edit: (id: number) => t.app.inject({ method: "PATCH", url: `/api/clients/trackings/${id}`, payload: { clientCode, trackingCode: uniqueTrackingCode() } }),
    delete: (id: number) => t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${id}`, payload: { clientCode } }),
    proof: (id: number) => t.app.inject({ method: "POST", url: PAYMENT_PROOFS_PATH, payload: { clientCode, trackingId: id, imageUrl: image } }),
  };
}

async function state(trackingId: number) {
  const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  const [proofs] = await t.ctx.db.select({ n: count() }).from(paymentProofs).where(eq(paymentProofs.trackingId, trackingId));
  return { row, proofs: proofs.n };
}

describe("the portal and the payments refuse another client's package the same way", () => {
  it("answers the 404 of a missing package on edit, delete and receipt, byte for byte, and changes nothing", async () => {
    const owner = await clientWithPackage();
    const intruder = await clientWithPackage();
    const image = await upload();
    const before = await state(owner.pkg.id);
    const as = paths(intruder.clientCode, image);

    const answers = [];
    for (const [name, call] of Object.entries(as)) {
      const theirs = await call(owner.pkg.id);
      const missing = await call(2_000_000_000);
      expect(theirs.statusCode, `${name}: ${theirs.body}`).toBe(404);
      expect(theirs.json(), name).toEqual({ error: "No encontrado", message: TRACKING_NOT_FOUND, code: "NOT_FOUND" });
      expect(theirs.body, name).toBe(missing.body);
      answers.push(theirs.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await state(owner.pkg.id)).toEqual(before);
  });

  it("lets the owner send a receipt for, edit and delete its own package", async () => {
    const owner = await clientWithPackage();
    const as = paths(owner.clientCode, await upload());
    expect((await as.proof(owner.pkg.id)).statusCode).toBe(201);
    expect((await as.edit(owner.pkg.id)).statusCode).toBe(200);
    expect((await as.delete(owner.pkg.id)).statusCode).toBe(200);
  });
});
