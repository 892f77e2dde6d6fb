// Embarques, manifests and labels (issue 20, docs/decisions/130 and 131), every call ANY_STAFF
// (bodega consolidates at Miami):
//   GET    /api/admin/shipments                      list (open first, paged)
//   POST   /api/admin/shipments                      create
//   GET    /api/admin/shipments/:id                  shipment, packages, totals
//   PATCH  /api/admin/shipments/:id                  edit while open
//   GET    /api/admin/shipments/:id/ready            received packages ready to consolidate
//   POST   /api/admin/shipments/:id/packages         add { code } (scan) or { trackingIds }
//   DELETE /api/admin/shipments/:id/packages/:trackingId
//   POST   /api/admin/shipments/:id/close | /reopen
//   POST   /api/admin/shipments/:id/status           { estado }: all its packages one step on
//   GET    /api/admin/shipments/:id/manifest.xlsx | manifest.pdf
//   GET    /api/admin/labels?ids=1,2&format=termica|a4
// Manifest downloads are recorded (exportacion.descargar).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { ANY_STAFF } from "../../../shared/domain/staff-roles";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import {
  SHIPMENT_ADD_ROUTE,
  SHIPMENT_CLOSE_ROUTE,
  SHIPMENT_CREATE_ROUTE,
  SHIPMENT_MANIFEST_PDF_ROUTE,
  SHIPMENT_MANIFEST_XLSX_ROUTE,
  SHIPMENT_MOVE_ROUTE,
  SHIPMENT_READY_ROUTE,
  SHIPMENT_REMOVE_ROUTE,
  SHIPMENT_REOPEN_ROUTE,
  SHIPMENT_ROUTE,
  SHIPMENT_UPDATE_ROUTE,
  SHIPMENTS_ROUTE,
  manifestFileName,
} from "../../../shared/api/admin/shipments";
import { LABELS_ROUTE } from "../../../shared/api/admin/labels";
import { recordExport } from "../../core/audit/service";
import {
  addToShipment,
  closeShipment,
  createShipment,
  getShipmentDetail,
  listShipments,
  moveShipment,
  readyPackages,
  removeFromShipment,
  reopenShipment,
  updateShipment,
} from "./service";

/** The manifests and labels, with the PDF libraries: loaded with the first document, not at start (decision 194). */
const documents = () => Promise.all([import("./manifest"), import("./labels")]).then(([manifest, labels]) => ({ ...manifest, ...labels }));
/** The .xlsx manifest alone: its first download does not load the PDF libraries. */
const manifestWorkbook = () => import("./manifest-xlsx");

const config = { auth: "admin", roles: ANY_STAFF } as const;

export function registerAdminShipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const brand = () => ctx.config.brand.name;

  api.get(SHIPMENTS_ROUTE.path, { config, schema: contractSchema(SHIPMENTS_ROUTE) }, async (request) => listShipments(ctx.db, request.query));

  api.post(SHIPMENT_CREATE_ROUTE.path, { config, schema: contractSchema(SHIPMENT_CREATE_ROUTE) }, async (request, reply) => {
    return reply.status(201).send(await createShipment(ctx.db, request.body, staffActor(request)));
  });

  api.get(SHIPMENT_ROUTE.path, { config, schema: contractSchema(SHIPMENT_ROUTE) }, async (request) => getShipmentDetail(ctx.db, request.params.id));

  api.patch(SHIPMENT_UPDATE_ROUTE.path, { config, schema: contractSchema(SHIPMENT_UPDATE_ROUTE) }, async (request) => {
    return updateShipment(ctx.db, request.params.id, request.body, staffActor(request));
  });

  api.get(SHIPMENT_READY_ROUTE.path, { config, schema: contractSchema(SHIPMENT_READY_ROUTE) }, async (request) => readyPackages(ctx.db, request.params.id));

  api.post(SHIPMENT_ADD_ROUTE.path, { config, schema: contractSchema(SHIPMENT_ADD_ROUTE) }, async (request) => {
    return addToShipment(ctx.db, request.params.id, request.body, staffActor(request));
  });

  api.delete(SHIPMENT_REMOVE_ROUTE.path, { config, schema: contractSchema(SHIPMENT_REMOVE_ROUTE) }, async (request) => {
    const { id, trackingId } = request.params;
    return removeFromShipment(ctx.db, id, trackingId, staffActor(request));
  });

  api.post(SHIPMENT_CLOSE_ROUTE.path, { config, schema: contractSchema(SHIPMENT_CLOSE_ROUTE) }, async (request) => closeShipment(ctx.db, request.params.id, staffActor(request)));

  api.post(SHIPMENT_REOPEN_ROUTE.path, { config, schema: contractSchema(SHIPMENT_REOPEN_ROUTE) }, async (request) => reopenShipment(ctx.db, request.params.id, staffActor(request)));

  api.post(SHIPMENT_MOVE_ROUTE.path, { config, schema: contractSchema(SHIPMENT_MOVE_ROUTE) }, async (request) => {
    return moveShipment(ctx.db, request.params.id, request.body.estado, { actor: staffActor(request), brandName: brand() });
  });

  api.get(SHIPMENT_MANIFEST_XLSX_ROUTE.path, { config, schema: contractSchema(SHIPMENT_MANIFEST_XLSX_ROUTE) }, async (request, reply) => {
    const detail = await getShipmentDetail(ctx.db, request.params.id);
    const fileName = manifestFileName(detail.shipment.numeroGuia, "xlsx", detail.shipment.estado === "ABIERTO");
    const { manifestXlsx } = await manifestWorkbook();
    const { bytes, rows } = await manifestXlsx(detail, brand());
    await recordExport(ctx.db, staffActor(request), { kind: "manifiesto", fileName, rows });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(bytes);
  });

  api.get(SHIPMENT_MANIFEST_PDF_ROUTE.path, { config, schema: contractSchema(SHIPMENT_MANIFEST_PDF_ROUTE) }, async (request, reply) => {
    const detail = await getShipmentDetail(ctx.db, request.params.id);
    const fileName = manifestFileName(detail.shipment.numeroGuia, "pdf", detail.shipment.estado === "ABIERTO");
    const { manifestPdf } = await documents();
    const bytes = await manifestPdf(detail, brand());
    await recordExport(ctx.db, staffActor(request), { kind: "manifiesto", fileName, rows: { Manifiesto: detail.packages.length } });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(bytes));
  });

  api.get(LABELS_ROUTE.path, { config, schema: contractSchema(LABELS_ROUTE) }, async (request, reply) => {
    const { ids, format } = request.query;
    const { labelsPdf } = await documents();
    const bytes = await labelsPdf(ctx.db, ids, format, brand());
    return reply
      .header("content-disposition", `inline; filename="etiquetas-${format}.pdf"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(bytes));
  });
}
