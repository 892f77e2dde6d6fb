// Recepción and Sin dueño (issue 20, docs/decisions/128), every call for any staff role (Bodega
// receives): GET /api/admin/warehouse/scan, POST /api/admin/warehouse/receive, and Sin dueño's
// GET/POST /api/admin/warehouse/unclaimed, PATCH /api/admin/warehouse/unclaimed/:id and
// POST /api/admin/warehouse/unclaimed/:id/assign, and GET /api/admin/warehouse/client (whose code it is).
// Por confirmar (issue 32, decision 155), for whoever may assign: GET /api/admin/warehouse/matches,
// POST /api/admin/warehouse/matches/:id/confirm { confirmarDiferencia? } and …/:id/reject.
// The daily report (issue 32 item 8, decision 154): GET /api/admin/warehouse/report[.xlsx]?date=…
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { getExchangeRate } from "../exchange-rate/service";
import { ANY_STAFF } from "../../../shared/domain/staff-roles";
import {
  WAREHOUSE_CLIENT_PATH,
  WAREHOUSE_MATCHES_PATH,
  ZConfirmMatchRequestSchema,
  ZMatchIdParamsSchema,
  WAREHOUSE_RECEIVE_PATH,
  WAREHOUSE_SCAN_PATH,
  WAREHOUSE_UNCLAIMED_PATH,
  ZAssignUnclaimedRequestSchema,
  ZCreateUnclaimedRequestSchema,
  ZReceiveRequestSchema,
  ZUnclaimedIdParamsSchema,
  ZWarehouseClientQuerySchema,
  ZUnclaimedListQuerySchema,
  ZUpdateUnclaimedRequestSchema,
  ZWarehouseScanQuerySchema,
} from "../../../shared/api/admin/warehouse";
import { recordExport } from "../../core/audit/service";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import { WAREHOUSE_REPORT_PATH, WAREHOUSE_REPORT_XLSX_PATH, warehouseReportFileName, ZWarehouseReportQuerySchema } from "../../../shared/api/admin/warehouse-report";
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
  const staff = { config: { auth: "admin", roles: ANY_STAFF } } as const;
  const options = (request: FastifyRequest) => ({
    actor: staffActor(request),
    brandName: ctx.config.brand.name,
    tariff: async () => ({ rate: (await getExchangeRate(ctx, request.log)).rate, volumetric: ctx.config.pricing.volumetric }),
  });

  app.get(WAREHOUSE_SCAN_PATH, staff, async (request) => {
    const { code } = parseWith(ZWarehouseScanQuerySchema, request.query ?? {});
    return scanForReception(ctx.db, code);
  });

  app.post(WAREHOUSE_RECEIVE_PATH, staff, async (request) => {
    const body = parseWith(ZReceiveRequestSchema, request.body ?? {});
    return receivePackage(ctx.db, body, options(request));
  });

  app.get(WAREHOUSE_UNCLAIMED_PATH, staff, async (request) => {
    const query = parseWith(ZUnclaimedListQuerySchema, request.query ?? {});
    return listUnclaimed(ctx.db, query);
  });

  app.post(WAREHOUSE_UNCLAIMED_PATH, staff, async (request, reply) => {
    const body = parseWith(ZCreateUnclaimedRequestSchema, request.body ?? {});
    reply.code(201);
    return { unclaimed: await createUnclaimed(ctx.db, body, staffActor(request)) };
  });

  app.patch(`${WAREHOUSE_UNCLAIMED_PATH}/:id`, staff, async (request) => {
    const { id } = parseWith(ZUnclaimedIdParamsSchema, request.params);
    const body = parseWith(ZUpdateUnclaimedRequestSchema, request.body ?? {});
    return { unclaimed: await updateUnclaimed(ctx.db, id, body, staffActor(request)) };
  });

  app.get(WAREHOUSE_CLIENT_PATH, staff, async (request) => {
    const { code } = parseWith(ZWarehouseClientQuerySchema, request.query ?? {});
    return clientForAssign(ctx.db, code);
  });

  app.post(`${WAREHOUSE_UNCLAIMED_PATH}/:id/assign`, staff, async (request) => {
    const { id } = parseWith(ZUnclaimedIdParamsSchema, request.params);
    const body = parseWith(ZAssignUnclaimedRequestSchema, request.body ?? {});
    return assignUnclaimed(ctx.db, id, body, options(request));
  });

  app.get(WAREHOUSE_MATCHES_PATH, staff, async () => listMatches(ctx.db));

  app.post(`${WAREHOUSE_MATCHES_PATH}/:id/confirm`, staff, async (request) => {
    const { id } = parseWith(ZMatchIdParamsSchema, request.params);
    const body = parseWith(ZConfirmMatchRequestSchema, request.body ?? {});
    return confirmMatch(ctx.db, id, body, options(request));
  });

  app.post(`${WAREHOUSE_MATCHES_PATH}/:id/reject`, staff, async (request) => {
    const { id } = parseWith(ZMatchIdParamsSchema, request.params);
    return rejectMatch(ctx.db, id, staffActor(request));
  });

  app.get(WAREHOUSE_REPORT_PATH, staff, async (request) => {
    const { date } = parseWith(ZWarehouseReportQuerySchema, request.query ?? {});
    return warehouseReport(ctx.db, date);
  });

  app.get(WAREHOUSE_REPORT_XLSX_PATH, staff, async (request, reply) => {
    const { date } = parseWith(ZWarehouseReportQuerySchema, request.query ?? {});
    const report = await warehouseReport(ctx.db, date);
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
