// The lookup answer is defined once (issue 33 item 4, docs/decisions/176): the shared zod schema
// is the source, the SQL's JSON keys are built from it (json-sql.ts). Here: the SQL's answer, the
// route's answer and the write answers parse STRICTLY with the schema (no key missing, none extra,
// every value of its type) for a client with every kind of data, every key of the schema reached
// with a non-null value; the charge lines agree with shared chargeLines; and the builder refuses a
// column map that does not match its schema (at type-check and at module load).
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "../../../shared/validation";
import { createTestApp, uniqueTrackingCode, type TestApp } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { insertTestPayment } from "../../test/payments";
import { clients, clientTrackings, packageCharges, packagePhotos, packageInvoices, deliveries, paymentProofs, unclaimedMatches, unclaimedPackages } from "../../db/schema";
import { TRACKING_STATUSES } from "../../../shared/domain/statuses";
import { chargeLines, EXTRA_CHARGE_KINDS, PAYMENT_PROOF_STATUSES, type ExtraChargeKind } from "../../../shared/domain/charges";
import { DISCREPANCY_KINDS } from "../../../shared/api/declared";
import { ZClientTrackingSchema, ZClientTrackingsResponseSchema, ZChargeLineSchema, type TClientTrackingsResponse } from "../../../shared/api/trackings";
import { getClientTrackings, getClientTrackingsJson } from "./client-portal";
import { changeTrackingStatus } from "./service";
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { jsonObjectSql } from "./json-sql";

let t: TestApp;
let clientCode: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  clientCode = (await registerTestClient(t.app, { nombre: "Marta Esquivel Solano" })).clientCode;
  await fillEveryKindOfData(await clientIdOf(t.ctx.db, clientCode));
});

afterAll(async () => {
  await t?.close();
});

let names = 0;
const uploadName = () => `lookup-schema-${Date.now().toString(36)}-${names++}.jpg`;

/** A package in every status, with every optional part of the answer filled on some of them. */
async function fillEveryKindOfData(clientId: number) {
  const db = t.ctx.db;
  const ids: number[] = [];
  for (const estado of TRACKING_STATUSES) ids.push((await addTestPackage(db, clientId, uniqueTrackingCode("ALL"), estado)).id);
  const [first, second] = ids;
  // The client's identification for the electronic invoice (shown masked: decision 189).
  await db.update(clients).set({ taxIdType: "FISICA", taxIdNumber: "109870654" }).where(eq(clients.id, clientId));
  // A package that changed status, so its history has a previous status.
  const moved = (await addTestPackage(db, clientId, uniqueTrackingCode("MOV"))).id;
  await db.transaction((tx) => changeTrackingStatus(tx, { trackingId: moved, newStatus: "EN_BODEGA_MIAMI", actor: TEST_ADMIN_ACTOR }));
  // Declared content, value and store; a discrepancy; the volumetric weight; a coupon; a courier event.
  await db
    .update(clientTrackings)
    .set({
      carrier: "UPS",
      descripcionPaquete: "Audífonos",
      valorDeclarado: 49.99,
      tiendaOrigen: "Amazon",
      diferenciaTipo: DISCREPANCY_KINDS[0],
      diferenciaNota: "Pesa 2 kg más de lo declarado",
      pesoVolumetricoGramos: 3200,
      pesoPieCubicos: "1000",
      montoColones: 12_500,
      discountPercent: 10,
      lastEventAt: new Date("2026-11-20T15:00:00Z"),
    })
    .where(eq(clientTrackings.id, first));
  // Extra charge lines of every kind (cargos_extra_colones holds their sum, as charges.ts keeps it).
  await db.insert(packageCharges).values(EXTRA_CHARGE_KINDS.map((kind, i) => ({ trackingId: first, kind, description: `Cargo ${kind}`, amountColones: 1000 * (i + 1) })));
  await db.update(clientTrackings).set({ cargosExtraColones: 1000 + 2000 + 3000 + 4000 }).where(eq(clientTrackings.id, first));
  await insertTestPayment(db, {
    clientId,
    method: "SINPE_MOVIL",
    reference: "SINPE-1",
    paidAt: new Date("2026-11-21T12:00:00Z"),
    recordedBy: { accountId: null, name: "Caja" },
    allocations: [{ trackingId: first, amountColones: 5000 }],
  });
  // Receipts in every state, for a package and for the whole balance.
  await db.insert(paymentProofs).values(
    PAYMENT_PROOF_STATUSES.map((estado, i) => ({
      clientId,
      trackingId: i === 0 ? null : first,
      uploadName: uploadName(),
      estado,
      rejectReason: estado === "RECHAZADO" ? "La imagen no se lee" : null,
    })),
  );
  // Arrival photos, and a delivery with its photo and signature.
  await db.insert(packagePhotos).values((["LLEGADA", "ETIQUETA", "ENTREGA", "FIRMA"] as const).map((kind) => ({ trackingId: first, uploadName: uploadName(), kind })));
  await db.insert(deliveries).values({ trackingId: first, recibidoPor: "Ana Solano", deliveredAt: new Date("2026-11-22T18:30:00Z") });
  // The purchase invoice (issue 36 item 2).
  await db.insert(packageInvoices).values({ trackingId: first, uploadName: uploadName(), contentType: "application/pdf", sizeBytes: 2048 });
  // A Sin dueño match staff have not confirmed yet.
  const [waiting] = await db.insert(unclaimedPackages).values({ trackingCode: uniqueTrackingCode("SD") }).returning({ id: unclaimedPackages.id });
  await db.insert(unclaimedMatches).values({ unclaimedId: waiting.id, trackingId: second, estado: "PENDIENTE" });
}

/** Every key of the schema, at any depth: "trackings[].cargo.lineas[].kind". */
function schemaPaths(schema: z.ZodType, at = ""): string[] {
  if (schema instanceof z.ZodNullable) return schemaPaths(schema.unwrap() as z.ZodType, at);
  if (schema instanceof z.ZodArray) return schemaPaths(schema.element as z.ZodType, `${at}[]`);
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape).flatMap(([key, inner]) => {
      const path = at === "" ? key : `${at}.${key}`;
      return [path, ...schemaPaths(inner as z.ZodType, path)];
    });
  }
  return [];
}

/** Every key of the answer that holds something (not null, not an empty list), at any depth. */
function filledPaths(value: unknown, at = "", out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) filledPaths(item, `${at}[]`, out);
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const path = at === "" ? key : `${at}.${key}`;
      if (inner === null || (Array.isArray(inner) && inner.length === 0)) continue;
      out.add(path);
      filledPaths(inner, path, out);
    }
  }
  return out;
}

/** Parses with the schema and asserts nothing was dropped or changed: no extra key anywhere. */
function expectStrict<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.parse(answer);
  expect(parsed).toStrictEqual(answer);
  return parsed;
}

describe("the lookup answer and its schema", () => {
  it("the SQL's answer parses strictly with the schema for a client with every kind of data, every key filled somewhere", async () => {
    const answer: unknown = JSON.parse((await getClientTrackingsJson(t.database, clientCode))!);
    const parsed = expectStrict(ZClientTrackingsResponseSchema, answer);
    expect(new Set(parsed.trackings.map((p) => p.estado))).toEqual(new Set(TRACKING_STATUSES));
    expect(parsed.trackings.some((p) => p.enVerificacion)).toBe(true);
    expect(new Set(parsed.estadoCuenta.comprobantes.map((c) => c.estado))).toEqual(new Set(PAYMENT_PROOF_STATUSES));
    const filled = filledPaths(answer);
    expect(schemaPaths(ZClientTrackingsResponseSchema).filter((path) => !filled.has(path))).toEqual([]);
    // Through drizzle (any transaction), the same SQL: the same answer.
    expect(JSON.parse(JSON.stringify(await getClientTrackings(t.ctx.db, clientCode)))).toStrictEqual(answer);
  });

  it("the route's answer (image links signed) parses strictly too", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<TClientTrackingsResponse>();
    expectStrict(ZClientTrackingsResponseSchema, body);
    expect(body.trackings.flatMap((p) => p.photos)).toHaveLength(2);
  });

  it("the answers of pre-alert and edit are the lookup's package, strictly of the schema", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/clients/trackings",
      payload: { clientCode, trackingCode: uniqueTrackingCode("W"), descripcionPaquete: "Libros", valorDeclarado: 20, tiendaOrigen: "eBay" },
    });
    expect(created.statusCode).toBe(201);
    const dto = expectStrict(ZClientTrackingSchema, created.json());
    const lookup = JSON.parse((await getClientTrackingsJson(t.database, clientCode))!) as TClientTrackingsResponse;
    expect(lookup.trackings.find((p) => p.id === dto.id)).toStrictEqual(dto);
    const edited = await t.app.inject({ method: "PATCH", url: `/api/clients/trackings/${dto.id}`, payload: { clientCode, trackingCode: dto.trackingCode, valorDeclarado: 25 } });
    expect(edited.statusCode).toBe(200);
    expect(expectStrict(ZClientTrackingSchema, edited.json()).valorDeclarado).toBe(25);
  });

  it("the SQL's charge lines are shared chargeLines over the stored columns", async () => {
    const answer = JSON.parse((await getClientTrackingsJson(t.database, clientCode))!) as TClientTrackingsResponse;
    const ids = answer.trackings.map((p) => p.id);
    const stored = await t.ctx.db.select().from(clientTrackings).where(inArray(clientTrackings.id, ids));
    const extras = await t.ctx.db.select().from(packageCharges).where(inArray(packageCharges.trackingId, ids)).orderBy(asc(packageCharges.id));
    let withDiscount = 0;
    for (const row of stored) {
      const cargo = answer.trackings.find((p) => p.id === row.id)!.cargo;
      if (cargo === null) {
        expect(row.totalColones).toBeNull();
        continue;
      }
      const lines = chargeLines({
        montoColones: row.montoColones,
        discountPercent: row.discountPercent,
        descuentoColones: row.descuentoColones ?? 0,
        extras: extras.filter((e) => e.trackingId === row.id).map((e) => ({ kind: e.kind as ExtraChargeKind, description: e.description, amountColones: e.amountColones })),
      });
      expect(cargo.lineas).toStrictEqual(lines);
      if (lines.some((l) => l.kind === "DESCUENTO")) withDiscount++;
    }
    expect(withDiscount).toBe(1);
  });

  it("builds JSON only from a column map with exactly the schema's keys", () => {
    const line = jsonObjectSql(ZChargeLineSchema, { kind: "k", description: "d", amountColones: "a" });
    expect(line).toBe("json_build_object('kind', k, 'description', d, 'amountColones', a)");
    // A key of the schema without its column, or a column the schema lacks, does not type-check…
    // @ts-expect-error amountColones missing
    expect(() => jsonObjectSql(ZChargeLineSchema, { kind: "k", description: "d" })).toThrow("missing [amountColones]");
    // @ts-expect-error extra is not a key of the schema
    expect(() => jsonObjectSql(ZChargeLineSchema, { kind: "k", description: "d", amountColones: "a", extra: "x" })).toThrow("extra [extra]");
    // …and the SQL built at module load follows a key added to the schema, or refuses to start.
    const grown = ZChargeLineSchema.extend({ nota: z.string() });
    expect(() => jsonObjectSql(grown, { kind: "k", description: "d", amountColones: "a" } as never)).toThrow("missing [nota]");
  });
});
