// Recepción and Sin dueño (issue 20, docs/decisions/128), every call for any staff role (Bodega
// receives): GET /api/admin/warehouse/scan, POST /api/admin/warehouse/receive, and Sin dueño's
// GET/POST /api/admin/warehouse/unclaimed, PATCH /api/admin/warehouse/unclaimed/:id and
// POST /api/admin/warehouse/unclaimed/:id/assign, and GET /api/admin/warehouse/client (whose code it is).
// Por confirmar (issue 32, decision 155), for whoever may assign: GET /api/admin/warehouse/matches,
// POST /api/admin/warehouse/matches/:id/confirm { confirmarDiferencia? } and …/:id/reject.
// The daily report (issue 32 item 8, decision 154): GET /api/admin/warehouse/report[.xlsx]?date=…
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { getExchangeRate } from "../exchange-rate/service";
import { ANY_STAFF } from "../../../shared/domain/staff-roles";
import {
  WAREHOUSE_ASSIGN_ROUTE,
  WAREHOUSE_CLIENT_ROUTE,
  WAREHOUSE_MATCH_CONFIRM_ROUTE,
  WAREHOUSE_MATCH_REJECT_ROUTE,
  WAREHOUSE_MATCHES_ROUTE,
  WAREHOUSE_RECEIVE_ROUTE,
  WAREHOUSE_SCAN_ROUTE,
  WAREHOUSE_UNCLAIMED_CREATE_ROUTE,
  WAREHOUSE_UNCLAIMED_ROUTE,
  WAREHOUSE_UNCLAIMED_UPDATE_ROUTE,
} from "../../../shared/api/admin/warehouse";
import { recordExport } from "../../core/audit/service";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import { WAREHOUSE_REPORT_ROUTE, WAREHOUSE_REPORT_XLSX_ROUTE, warehouseReportFileName } from "../../../shared/api/admin/warehouse-report";
import { warehouseReport } from "./report";
import { warehouseReportXlsx } from "./report-xlsx";
import {
  assignUnclaimed,
  clientForAssign,
  confirmMatch,
  createUnclaimed,
  listMatches,
  listUnclaimed,
  receivePackage,
  rejectMatch,
  scanForReception,
  updateUnclaimed,
} from "./service";

export function registerAdminWarehouseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: ANY_STAFF } as const;
  const options = (request: FastifyRequest) => ({
    actor: staffActor(request),
    brandName: ctx.config.brand.name,
    tariff: async () => ({ rate: (await getExchangeRate(ctx, request.log)).rate, volumetric: ctx.config.pricing.volumetric }),
  });

  api.get(WAREHOUSE_SCAN_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_SCAN_ROUTE) }, async (request) =>
    scanForReception(ctx.db, request.query.code),
  );

  api.post(WAREHOUSE_RECEIVE_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_RECEIVE_ROUTE) }, async (request) =>
    receivePackage(ctx.db, request.body, options(request)),
  );

  api.get(WAREHOUSE_UNCLAIMED_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_UNCLAIMED_ROUTE) }, async (request) =>
    listUnclaimed(ctx.db, request.query),
  );

  api.post(WAREHOUSE_UNCLAIMED_CREATE_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_UNCLAIMED_CREATE_ROUTE) }, async (request, reply) => {
    reply.code(201);
    return { unclaimed: await createUnclaimed(ctx.db, request.body, staffActor(request)) };
  });

  api.patch(WAREHOUSE_UNCLAIMED_UPDATE_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_UNCLAIMED_UPDATE_ROUTE) }, async (request) => ({
    unclaimed: await updateUnclaimed(ctx.db, request.params.id, request.body, staffActor(request)),
  }));

  api.get(WAREHOUSE_CLIENT_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_CLIENT_ROUTE) }, async (request) =>
    clientForAssign(ctx.db, request.query.code),
  );

  api.post(WAREHOUSE_ASSIGN_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_ASSIGN_ROUTE) }, async (request) =>
    assignUnclaimed(ctx.db, request.params.id, request.body, options(request)),
  );

  api.get(WAREHOUSE_MATCHES_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_MATCHES_ROUTE) }, async () => listMatches(ctx.db));

  api.post(WAREHOUSE_MATCH_CONFIRM_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_MATCH_CONFIRM_ROUTE) }, async (request) =>
    confirmMatch(ctx.db, request.params.id, request.body, options(request)),
  );

  api.post(WAREHOUSE_MATCH_REJECT_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_MATCH_REJECT_ROUTE) }, async (request) =>
    rejectMatch(ctx.db, request.params.id, staffActor(request)),
  );

  api.get(WAREHOUSE_REPORT_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_REPORT_ROUTE) }, async (request) =>
    warehouseReport(ctx.db, request.query.date),
  );

  api.get(WAREHOUSE_REPORT_XLSX_ROUTE.path, { config, schema: contractSchema(WAREHOUSE_REPORT_XLSX_ROUTE) }, async (request, reply) => {
    const report = await warehouseReport(ctx.db, request.query.date);
    const fileName = warehouseReportFileName(report.date);
    const { bytes, rows } = await warehouseReportXlsx(report, ctx.config.brand.name);
    await recordExport(ctx.db, staffActor(request), { kind: "reporte-bodega", fileName, rows });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(bytes);
  });
}
