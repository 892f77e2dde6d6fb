// The client's statement (issue 21, decision 135) over HTTP, on PGlite and PostgreSQL: the lookup's
// cargo per package (chargeLines over the stored values, the stored totals) and its estadoCuenta
// (the sum of the positive balances, the newest 20 receipts), built in the one SQL statement and
// equal to the drizzle mapping; POST /api/clients/payment-proofs and every refusal, each of which
// changes nothing.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, packageCharges, paymentProofs, uploads } from "../../db/schema";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { TRACKING_NOT_FOUND, type TClientTrackingsResponse } from "../../../shared/api/trackings";
import {
  PAYMENT_PROOFS_PATH,
  PENDING_PROOFS_MAX,
  PROOF_IMAGE_INVALID,
  PROOF_IMAGE_NOT_FOUND,
  PROOF_IMAGE_REQUIRED,
  PROOF_IMAGE_USED,
  PROOF_NOTHING_DUE,
  PROOF_PACKAGE_NOTHING_DUE,
  PROOF_REFERENCE_INVALID,
  PROOF_TOO_MANY_PENDING,
  type TPaymentProofResponse,
} from "../../../shared/api/payments";
import { chargeLines, type ExtraChargeKind } from "../../../shared/domain/charges";
import { getClientTrackings, getClientTrackingsJson } from "../packages/client-portal";
import { cleanUpUploads } from "../uploads/cleanup";

const t = useTestApp();

let seq = 0;
const code = (prefix = "ST") => `${prefix}${Date.now()}${++seq}`;

/** A package with a stored amount, coupon, extra lines and paid amount (as the charges and payments services leave them). */
async function priced(
  clientId: number,
  money: { monto?: number | null; discount?: number | null; extras?: [ExtraChargeKind, string, number][]; pagado?: number },
) {
  const tracking = await addTestPackage(t.ctx.db, clientId, code(), "LISTO_PARA_ENTREGAR");
  const extras = money.extras ?? [];
  for (const [kind, description, amountColones] of extras) {
    await t.ctx.db.insert(packageCharges).values({ trackingId: tracking.id, kind, description, amountColones });
  }
  await t.ctx.db
    .update(clientTrackings)
    .set({
      montoColones: money.monto ?? null,
      discountPercent: money.discount ?? null,
      cargosExtraColones: extras.reduce((sum, [, , amount]) => sum + amount, 0),
      pagadoColones: money.pagado ?? 0,
    })
    .where(eq(clientTrackings.id, tracking.id));
  return tracking;
}

const lookup = async (clientCode: string) =>
  (await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}` })).json() as TClientTrackingsResponse;

/** An image uploaded through the public flow: its path /objects/uploads/<name>. */
async function upload(put = true): Promise<string> {
  const png = makePng();
  const res = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: png.byteLength } });
  const uploadURL = new URL((res.json() as { uploadURL: string }).uploadURL, "http://localhost");
  if (put) {
    const stored = await t.app.inject({ method: "PUT", url: uploadURL.pathname + uploadURL.search, payload: png, headers: { "content-type": "image/png" } });
    expect(stored.statusCode).toBe(200);
  }
  return `/objects/uploads/${uploadURL.pathname.split("/").pop()}`;
}

const send = (payload: object) => t.app.inject({ method: "POST", url: PAYMENT_PROOFS_PATH, payload });

/** What a refusal must leave as it was. */
async function snapshot() {
  const [proofs] = await t.ctx.db.select({ n: count() }).from(paymentProofs);
  const [audits] = await t.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "comprobante.enviar"));
  const kept = await t.ctx.db.select({ name: uploads.name, keptAt: uploads.keptAt }).from(uploads).orderBy(uploads.name);
  return { proofs: proofs.n, audits: audits.n, kept };
}

async function expectRefused(payload: object, status: number, message: string) {
  const before = await snapshot();
  const res = await send(payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await snapshot()).toEqual(before);
}

/** A client owing on one package (₡5 000), with its code and package. */
async function debtor() {
  const client = await registerTestClient(t.app);
  const id = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await priced(id, { monto: 5000 });
  return { client, id, tracking };
}

describe("the lookup's statement fields", () => {
  it("answers each package's stored charge (chargeLines over the stored values) and the total due, SQL equal to drizzle", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const withAll = await priced(id, {
      monto: 10_005,
      discount: 10,
      extras: [
        ["IMPUESTOS", "Impuestos DUA 2026-123", 2_500],
        ["ENTREGA", "Entrega en Heredia", 1_500],
      ],
      pagado: 3_000,
    });
    const paid = await priced(id, { monto: 5_000, pagado: 5_000 });
    const unpriced = await priced(id, {});
    const onlyExtra = await priced(id, { extras: [["ALMACENAJE", "Almacenaje 10 días", 800]] });
    const overpaid = await priced(id, { monto: 1_000, pagado: 1_500 });

    const body = await lookup(client.clientCode);
    const stored = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, id));
    const extras = await t.ctx.db.select().from(packageCharges).orderBy(packageCharges.id);
    for (const pkg of body.trackings) {
      const row = stored.find((r) => r.id === pkg.id)!;
      if (row.totalColones === null) {
        expect(pkg.cargo).toBeNull();
        continue;
      }
      expect(pkg.cargo).toEqual({
        lineas: chargeLines({
          montoColones: row.montoColones,
          discountPercent: row.discountPercent,
          descuentoColones: row.descuentoColones ?? 0,
          extras: extras
            .filter((e) => e.trackingId === row.id)
            .map((e) => ({ kind: e.kind as ExtraChargeKind, description: e.description, amountColones: e.amountColones })),
        }),
        totalColones: row.totalColones,
        pagadoColones: row.pagadoColones,
        saldoColones: row.saldoColones,
      });
    }
    const byId = new Map(body.trackings.map((p) => [p.id, p]));
    expect(byId.get(withAll.id)!.cargo).toEqual({
      lineas: [
        { kind: "FLETE", description: "Flete", amountColones: 10_005 },
        { kind: "DESCUENTO", description: "Cupón 10 %", amountColones: -1_001 },
        { kind: "IMPUESTOS", description: "Impuestos DUA 2026-123", amountColones: 2_500 },
        { kind: "ENTREGA", description: "Entrega en Heredia", amountColones: 1_500 },
      ],
      totalColones: 13_004,
      pagadoColones: 3_000,
      saldoColones: 10_004,
    });
    expect(byId.get(paid.id)!.cargo).toMatchObject({ totalColones: 5_000, saldoColones: 0 });
    expect(byId.get(unpriced.id)!.cargo).toBeNull();
    expect(byId.get(onlyExtra.id)!.cargo!.lineas).toEqual([{ kind: "ALMACENAJE", description: "Almacenaje 10 días", amountColones: 800 }]);
    expect(byId.get(overpaid.id)!.cargo!.saldoColones).toBe(-500);
    // Only positive balances count: 10 004 + 800 (the overpaid −500 is not subtracted).
    expect(body.estadoCuenta).toEqual({ totalPendienteColones: 10_804, comprobantes: [] });
    // The spec's fields are still there.
    expect(byId.get(paid.id)!.montoColones).toBe(5_000);

    const viaSql = JSON.parse((await getClientTrackingsJson(t.database, client.clientCode))!);
    expect(viaSql).toEqual(JSON.parse(JSON.stringify(await getClientTrackings(t.ctx.db, client.clientCode))));
  });

  it("lists the client's own receipts, newest first, at most 20, with the package code and the reason of a rejection", async () => {
    const { client, id, tracking } = await debtor();
    const other = await debtor();
    await t.ctx.db.insert(paymentProofs).values({ clientId: other.id, uploadName: randomBytes(16).toString("hex") });
    const base = Date.parse("2026-11-01T12:00:00.000Z");
    for (let i = 0; i < 22; i++) {
      await t.ctx.db.insert(paymentProofs).values({
        clientId: id,
        trackingId: i % 2 === 0 ? tracking.id : null,
        uploadName: randomBytes(16).toString("hex"),
        estado: i === 21 ? "RECHAZADO" : i === 20 ? "CONFIRMADO" : "PENDIENTE",
        rejectReason: i === 21 ? "El monto no coincide" : null,
        createdAt: new Date(base + i * 60_000),
      });
    }
    const { comprobantes } = (await lookup(client.clientCode)).estadoCuenta;
    expect(comprobantes).toHaveLength(20);
    expect(comprobantes[0]).toEqual({
      id: expect.any(Number),
      trackingId: null,
      trackingCode: null,
      estado: "RECHAZADO",
      createdAt: new Date(base + 21 * 60_000).toISOString(),
      rejectReason: "El monto no coincide",
    });
    expect(comprobantes[1]).toMatchObject({ trackingId: tracking.id, trackingCode: tracking.trackingCode, estado: "CONFIRMADO", rejectReason: null });
    expect(comprobantes.map((c) => c.createdAt)).toEqual([...comprobantes.map((c) => c.createdAt)].sort().reverse());
    expect(comprobantes.at(-1)!.createdAt).toBe(new Date(base + 2 * 60_000).toISOString());
    const viaSql = JSON.parse((await getClientTrackingsJson(t.database, client.clientCode))!);
    expect(viaSql).toEqual(JSON.parse(JSON.stringify(await getClientTrackings(t.ctx.db, client.clientCode))));
  });
});

describe("POST /api/clients/payment-proofs", () => {
  it("records a receipt for a package, keeps its upload past the clean-up, audits it, and the lookup lists it", async () => {
    const { client, tracking } = await debtor();
    const image = await upload();
    const res = await send({ clientCode: client.clientCode.toLowerCase(), trackingId: tracking.id, imageUrl: image, reference: " ab 12345-x " });
    expect(res.statusCode, res.body).toBe(201);
    const { comprobante } = res.json() as TPaymentProofResponse;
    expect(comprobante).toEqual({
      id: expect.any(Number),
      trackingId: tracking.id,
      trackingCode: tracking.trackingCode,
      estado: "PENDIENTE",
      createdAt: expect.any(String),
      rejectReason: null,
    });
    const name = image.split("/").pop()!;
    const [row] = await t.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.id, comprobante.id));
    expect(row).toMatchObject({ uploadName: name, reference: "AB12345-X", estado: "PENDIENTE", paymentId: null });
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "comprobante.enviar"), eq(auditLog.entityId, String(comprobante.id))));
    expect(audit).toMatchObject({ actorKind: "client", entity: "comprobante" });
    expect(audit.summary).toContain(tracking.trackingCode);

    await cleanUpUploads(t.ctx.db, t.ctx.providers.storage, new Date(Date.now() + 3 * 24 * 3600_000));
    const [kept] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(kept.keptAt).not.toBeNull();
    expect((await t.app.inject({ method: "GET", url: t.ctx.imageLinks.sign(image) })).statusCode).toBe(200);

    expect((await lookup(client.clientCode)).estadoCuenta.comprobantes).toEqual([comprobante]);
  });

  it("records a receipt for the whole balance without a reference", async () => {
    const { client } = await debtor();
    const res = await send({ clientCode: client.clientCode, trackingId: null, imageUrl: await upload() });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as TPaymentProofResponse).comprobante).toMatchObject({ trackingId: null, trackingCode: null, estado: "PENDIENTE" });
  });

  it("refuses an unknown code with the lookup's 404, another client's or a missing package with 404", async () => {
    const { client } = await debtor();
    const other = await debtor();
    const image = await upload();
    await expectRefused({ clientCode: "EXQQQQQQ", imageUrl: image }, 404, CLIENT_NOT_FOUND_MESSAGE);
    await expectRefused({ clientCode: client.clientCode, trackingId: other.tracking.id, imageUrl: image }, 404, TRACKING_NOT_FOUND);
    await expectRefused({ clientCode: client.clientCode, trackingId: 2_000_000_000, imageUrl: image }, 404, TRACKING_NOT_FOUND);
  });

  it("refuses a package with nothing due and a client with nothing due (409)", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const paid = await priced(id, { monto: 5_000, pagado: 5_000 });
    const unpriced = await priced(id, {});
    const overpaid = await priced(id, { monto: 1_000, pagado: 1_200 });
    const image = await upload();
    await expectRefused({ clientCode: client.clientCode, trackingId: paid.id, imageUrl: image }, 409, PROOF_PACKAGE_NOTHING_DUE);
    await expectRefused({ clientCode: client.clientCode, trackingId: unpriced.id, imageUrl: image }, 409, PROOF_PACKAGE_NOTHING_DUE);
    await expectRefused({ clientCode: client.clientCode, trackingId: overpaid.id, imageUrl: image }, 409, PROOF_PACKAGE_NOTHING_DUE);
    await expectRefused({ clientCode: client.clientCode, imageUrl: image }, 409, PROOF_NOTHING_DUE);
  });

  it(`refuses more than ${PENDING_PROOFS_MAX} receipts waiting for review (409), and takes one again once one is reviewed`, async () => {
    const { client, id } = await debtor();
    for (let i = 0; i < PENDING_PROOFS_MAX; i++) {
      expect((await send({ clientCode: client.clientCode, imageUrl: await upload() })).statusCode).toBe(201);
    }
    await expectRefused({ clientCode: client.clientCode, imageUrl: await upload() }, 409, PROOF_TOO_MANY_PENDING);
    const [first] = await t.ctx.db.select({ id: paymentProofs.id }).from(paymentProofs).where(eq(paymentProofs.clientId, id)).limit(1);
    await t.ctx.db.update(paymentProofs).set({ estado: "RECHAZADO", rejectReason: "Ilegible" }).where(eq(paymentProofs.id, first.id));
    expect((await send({ clientCode: client.clientCode, imageUrl: await upload() })).statusCode).toBe(201);
  });

  it("refuses an image already used (by a receipt, a package photo or a parts search) with 409", async () => {
    const { client, tracking } = await debtor();
    const image = await upload();
    expect((await send({ clientCode: client.clientCode, imageUrl: image })).statusCode).toBe(201);
    await expectRefused({ clientCode: client.clientCode, trackingId: tracking.id, imageUrl: image }, 409, PROOF_IMAGE_USED);
    const elsewhere = await upload();
    await t.ctx.db.update(uploads).set({ keptAt: new Date() }).where(eq(uploads.name, elsewhere.split("/").pop()!));
    await expectRefused({ clientCode: client.clientCode, imageUrl: elsewhere }, 409, PROOF_IMAGE_USED);
  });

  it("refuses an image never uploaded or unknown (400), a malformed image address or reference (400)", async () => {
    const { client } = await debtor();
    await expectRefused({ clientCode: client.clientCode, imageUrl: await upload(false) }, 400, PROOF_IMAGE_NOT_FOUND);
    await expectRefused({ clientCode: client.clientCode, imageUrl: `/objects/uploads/${"ab".repeat(16)}` }, 400, PROOF_IMAGE_NOT_FOUND);
    await expectRefused({ clientCode: client.clientCode, imageUrl: "https://evil.example/objects/uploads/" + "ab".repeat(16) }, 400, PROOF_IMAGE_INVALID);
    await expectRefused({ clientCode: client.clientCode, imageUrl: "/objects/uploads/../../etc/passwd" }, 400, PROOF_IMAGE_INVALID);
    await expectRefused({ clientCode: client.clientCode }, 400, PROOF_IMAGE_REQUIRED);
    const image = await upload();
    await expectRefused({ clientCode: client.clientCode, imageUrl: image, reference: "ref$123" }, 400, PROOF_REFERENCE_INVALID);
    await expectRefused({ clientCode: client.clientCode, imageUrl: image, reference: "1".repeat(65) }, 400, PROOF_REFERENCE_INVALID);
    await expectRefused({ clientCode: client.clientCode, imageUrl: image, trackingId: "uno" }, 400, "Paquete inválido");
  });
});
