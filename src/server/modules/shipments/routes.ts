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
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { ANY_STAFF } from "../../../shared/domain/staff-roles";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import {
  ZAddToShipmentRequestSchema,
  ZCreateShipmentRequestSchema,
  ZShipmentIdParamsSchema,
  ZShipmentListQuerySchema,
  ZShipmentMoveRequestSchema,
  ZShipmentPackageParamsSchema,
  ZUpdateShipmentRequestSchema,
  manifestFileName,
} from "../../../shared/api/admin/shipments";
import { ZLabelsQuerySchema } from "../../../shared/api/admin/labels";
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
import { manifestPdf, manifestXlsx } from "./manifest";
import { labelsPdf } from "./labels";

const staff = { auth: "admin", roles: ANY_STAFF } as const;

export function registerAdminShipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const brand = () => ctx.config.brand.name;
  const idOf = (params: unknown) => parseWith(ZShipmentIdParamsSchema, params).id;

  app.get("/api/admin/shipments", { config: staff }, async (request) => listShipments(ctx.db, parseWith(ZShipmentListQuerySchema, request.query ?? {})));

  app.post("/api/admin/shipments", { config: staff }, async (request, reply) => {
    const body = parseWith(ZCreateShipmentRequestSchema, request.body ?? {});
    return reply.status(201).send(await createShipment(ctx.db, body, staffActor(request)));
  });

  app.get("/api/admin/shipments/:id", { config: staff }, async (request) => getShipmentDetail(ctx.db, idOf(request.params)));

  app.patch("/api/admin/shipments/:id", { config: staff }, async (request) => {
    const id = idOf(request.params);
    const body = parseWith(ZUpdateShipmentRequestSchema, request.body ?? {});
    return updateShipment(ctx.db, id, body, staffActor(request));
  });

  app.get("/api/admin/shipments/:id/ready", { config: staff }, async (request) => readyPackages(ctx.db, idOf(request.params)));

  app.post("/api/admin/shipments/:id/packages", { config: staff }, async (request) => {
    const id = idOf(request.params);
    const body = parseWith(ZAddToShipmentRequestSchema, request.body ?? {});
    return addToShipment(ctx.db, id, body, staffActor(request));
  });

  app.delete("/api/admin/shipments/:id/packages/:trackingId", { config: staff }, async (request) => {
    const { id, trackingId } = parseWith(ZShipmentPackageParamsSchema, request.params);
    return removeFromShipment(ctx.db, id, trackingId, staffActor(request));
  });

  app.post("/api/admin/shipments/:id/close", { config: staff }, async (request) => closeShipment(ctx.db, idOf(request.params), staffActor(request)));

  app.post("/api/admin/shipments/:id/reopen", { config: staff }, async (request) => reopenShipment(ctx.db, idOf(request.params), staffActor(request)));

  app.post("/api/admin/shipments/:id/status", { config: staff }, async (request) => {
    const id = idOf(request.params);
    const { estado } = parseWith(ZShipmentMoveRequestSchema, request.body ?? {});
    return moveShipment(ctx.db, id, estado, { actor: staffActor(request), brandName: brand() });
  });

  app.get("/api/admin/shipments/:id/manifest.xlsx", { config: staff }, async (request, reply) => {
    const detail = await getShipmentDetail(ctx.db, idOf(request.params));
    const fileName = manifestFileName(detail.shipment.numeroGuia, "xlsx", detail.shipment.estado === "ABIERTO");
    const { bytes, rows } = await manifestXlsx(detail, brand());
    await recordExport(ctx.db, staffActor(request), { kind: "manifiesto", fileName, rows });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(bytes);
  });

  app.get("/api/admin/shipments/:id/manifest.pdf", { config: staff }, async (request, reply) => {
    const detail = await getShipmentDetail(ctx.db, idOf(request.params));
    const fileName = manifestFileName(detail.shipment.numeroGuia, "pdf", detail.shipment.estado === "ABIERTO");
    const bytes = await manifestPdf(detail, brand());
    await recordExport(ctx.db, staffActor(request), { kind: "manifiesto", fileName, rows: { Manifiesto: detail.packages.length } });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(bytes));
  });

  app.get("/api/admin/labels", { config: staff }, async (request, reply) => {
    const { ids, format } = parseWith(ZLabelsQuerySchema, request.query ?? {});
    const bytes = await labelsPdf(ctx.db, ids, format, brand());
    return reply
      .header("content-disposition", `inline; filename="etiquetas-${format}.pdf"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(bytes));
  });
}
