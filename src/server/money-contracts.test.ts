// The money group's calls under the shared contract (issue 33 item 3): payments, SINPE receipts,
// charges, cash, shipments, manifests, labels, Excel import and export. Each is registered from
// its contract entry (the very entry the browser builds its address from), the OpenAPI document
// describes its input and its answer (a PDF or a workbook by its media type), and the refusals
// Fastify now makes before the handler are the same Spanish 400s, naming the field, that change
// nothing.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestApp } from "./test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "./test/clients";
import { packageCharges } from "./db/schema";
import type { RouteContract } from "../shared/api/contract";
import { OPENAPI_PATH } from "../shared/api/openapi";
import { PAYMENT_PROOF_ROUTE, PROOF_TRACKING_INVALID } from "../shared/api/payments";
import * as payments from "../shared/api/admin/payments";
import * as cash from "../shared/api/admin/cash";
import * as shipments from "../shared/api/admin/shipments";
import { LABELS_IDS_INVALID, LABELS_ROUTE } from "../shared/api/admin/labels";
import { EXPORT_ROUTES, IMPORT_APPLY_ROUTE, IMPORT_PREVIEW_ROUTE, XLSX_CONTENT_TYPE } from "../shared/api/excel";

const t = useTestApp();

const entriesOf = (module: Record<string, unknown>) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith("_ROUTE"))
    .map(([, entry]) => entry as RouteContract);

const MONEY_ROUTES: RouteContract[] = [
  PAYMENT_PROOF_ROUTE,
  ...entriesOf(payments),
  ...entriesOf(cash),
  ...entriesOf(shipments),
  LABELS_ROUTE,
  IMPORT_PREVIEW_ROUTE,
  IMPORT_APPLY_ROUTE,
  ...Object.values(EXPORT_ROUTES),
];

/** The paths of the money modules as Fastify registers them. */
// The payment's comprobantes (/api/admin/payments/:id/comprobantes) are the invoices module's.
const MONEY_PATH = /^\/api\/(admin\/(payments(?!\/:id\/comprobantes)|payment-proofs|cash|shipments|labels)\b|admin\/trackings\/:id\/charges|clients\/payment-proofs$|import\/|export\/)/;

describe("the money routes' contract", () => {
  it("registers every payments, cash, shipments and Excel route from its shared entry", () => {
    expect(MONEY_ROUTES).toHaveLength(1 + 12 + 5 + 12 + 1 + 2 + 4);
    const registered = t.ctx.routes.filter((route) => MONEY_PATH.test(route.url));
    expect(registered).toHaveLength(MONEY_ROUTES.length);
    for (const route of registered) {
      expect(route.contract, `${route.method} ${route.url}`).toBeDefined();
      expect(MONEY_ROUTES, `${route.method} ${route.url}`).toContain(route.contract);
      expect(`${route.contract?.method} ${route.contract?.path}`).toBe(`${route.method} ${route.url}`);
    }
  });

  it("documents each call's input and answer, files by their media type", async () => {
    const document = (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const op = (route: RouteContract) => document.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")][route.method.toLowerCase()];
    for (const route of MONEY_ROUTES) {
      const statuses = Object.keys(route.responses);
      expect(Object.keys(op(route).responses), `${route.method} ${route.path}`).toEqual(statuses);
    }
    expect(Object.keys(op(payments.PAYMENT_RECEIPT_ROUTE).responses["200"].content ?? {})).toEqual(["application/pdf"]);
    expect(Object.keys(op(LABELS_ROUTE).responses["200"].content ?? {})).toEqual(["application/pdf"]);
    expect(Object.keys(op(shipments.SHIPMENT_MANIFEST_XLSX_ROUTE).responses["200"].content ?? {})).toEqual([XLSX_CONTENT_TYPE]);
    expect(Object.keys(op(cash.CASH_CLOSING_XLSX_ROUTE).responses["200"].content ?? {})).toEqual([XLSX_CONTENT_TYPE]);
    expect(Object.keys(op(EXPORT_ROUTES.clients).responses["200"].content ?? {})).toEqual([XLSX_CONTENT_TYPE]);
    expect(op(PAYMENT_PROOF_ROUTE).responses["201"].content).toHaveProperty("application/json");
    expect(op(LABELS_ROUTE).parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(["query ids", "query format"]);
    // One charge line or several: both forms are described.
    const charge = op(payments.CHARGE_ADD_ROUTE).requestBody?.content["application/json"].schema;
    expect((charge?.anyOf as { required: string[] }[]).map((form) => form.required)).toEqual([["kind", "description", "amountColones"], ["lines"]]);
  });

  it("refuses bad input before the handler with the same Spanish message and field, changing nothing", async () => {
    const client = await registerTestClient(t.app);
    const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), `MC${Date.now()}`, "LISTO_PARA_ENTREGAR", { montoColones: 5000 });
    const addCharge = (payload: unknown) =>
      t.app.inject({ method: "POST", url: `/api/admin/trackings/${tracking.id}/charges`, headers: t.adminHeaders(), payload: payload as object });
    const refusals: [unknown, string, string | undefined][] = [
      [{}, payments.CHARGE_KIND_INVALID, "kind"],
      [{ kind: "OTRO", description: "  ", amountColones: 500 }, payments.CHARGE_DESCRIPTION_REQUIRED, "description"],
      [{ kind: "OTRO", description: "Bodega", amountColones: 0 }, payments.AMOUNT_INVALID, "amountColones"],
      [{ lines: [] }, payments.CHARGE_LINES_TOO_MANY, "lines"],
      [{ lines: [{ kind: "OTRO", description: "Bodega", amountColones: 500 }, { kind: "OTRO", description: "", amountColones: 500 }] }, payments.CHARGE_DESCRIPTION_REQUIRED, "lines"],
    ];
    for (const [payload, message, field] of refusals) {
      const res = await addCharge(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ message, ...(field ? { field } : {}) });
    }
    expect(await t.ctx.db.select().from(packageCharges).where(eq(packageCharges.trackingId, tracking.id))).toEqual([]);

    // The two forms still work: one line, then two together (201, the stored total).
    expect((await addCharge({ kind: "OTRO", description: "Bodega", amountColones: 500 })).statusCode).toBe(201);
    const both = await addCharge({ lines: [{ kind: "ENTREGA", description: "Entrega", amountColones: 1000 }, { kind: "OTRO", description: "Otro", amountColones: 250 }] });
    expect(both.statusCode).toBe(201);
    expect(both.json()).toMatchObject({ trackingId: tracking.id, totalColones: 6750, saldoColones: 6750 });

    const labels = await t.app.inject({ method: "GET", url: "/api/admin/labels?ids=1,x", headers: t.adminHeaders() });
    expect(labels.statusCode).toBe(400);
    expect(labels.json()).toMatchObject({ message: LABELS_IDS_INVALID, field: "ids" });
    const due = await t.app.inject({ method: "GET", url: "/api/admin/payments/due", headers: t.adminHeaders() });
    expect(due.statusCode).toBe(400);
    expect(due.json()).toMatchObject({ field: "clientCode" });
    const proof = await t.app.inject({ method: "POST", url: PAYMENT_PROOF_ROUTE.path, payload: { clientCode: client.clientCode, trackingId: "x", imageUrl: "/objects/uploads/x" } });
    expect(proof.statusCode).toBe(400);
    expect(proof.json()).toMatchObject({ message: PROOF_TRACKING_INVALID, field: "trackingId" });
  });
});
