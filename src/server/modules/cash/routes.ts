// Caja (issue 21, docs/decisions/138), office staff only (money is office business):
//   GET /api/admin/cash/closing?date=YYYY-MM-DD&staff=<accountId>   the day's cierre de caja
//   GET /api/admin/cash/closing.xlsx?date=…&staff=…                  the same as Excel (recorded as an export)
//   GET /api/admin/cash/receivables?search=&page=&pageSize=          cuentas por cobrar
//   GET /api/admin/cash/receivables/:clientCode                      that client's due packages
//   POST /api/admin/cash/closings { date }                           closes that day (decision 147) → 201 closing
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { recordExport } from "../../core/audit/service";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import {
  CASH_CLOSE_DAY_ROUTE,
  CASH_CLOSING_ROUTE,
  CASH_CLOSING_XLSX_ROUTE,
  CASH_RECEIVABLE_ROUTE,
  CASH_RECEIVABLES_ROUTE,
  closingFileName,
} from "../../../shared/api/admin/cash";
import { closingXlsx } from "./closing-xlsx";
import { closeCashDay, getCashClosing, getReceivableDetail, listReceivables } from "./service";

export function registerAdminCashRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;

  api.get(CASH_CLOSING_ROUTE.path, { config, schema: contractSchema(CASH_CLOSING_ROUTE) }, async (request) => getCashClosing(ctx.db, request.query, new Date(), ctx.invoicing.state));

  // Closing is the office's end-of-day step: Oficina or Dueño (decision 147).
  api.post(CASH_CLOSE_DAY_ROUTE.path, { config, schema: contractSchema(CASH_CLOSE_DAY_ROUTE) }, async (request, reply) => {
    return reply.status(201).send(await closeCashDay(ctx.db, request.body.date, staffActor(request), new Date(), ctx.invoicing.state));
  });

  api.get(CASH_CLOSING_XLSX_ROUTE.path, { config, schema: contractSchema(CASH_CLOSING_XLSX_ROUTE) }, async (request, reply) => {
    const closing = await getCashClosing(ctx.db, request.query, new Date(), ctx.invoicing.state);
    const fileName = closingFileName(closing.date);
    const { bytes, rows } = await closingXlsx(closing, ctx.config.brand.name);
    await recordExport(ctx.db, staffActor(request), { kind: "cierre-caja", fileName, rows });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(bytes);
  });

  api.get(CASH_RECEIVABLES_ROUTE.path, { config, schema: contractSchema(CASH_RECEIVABLES_ROUTE) }, async (request) => listReceivables(ctx.db, request.query));

  api.get(CASH_RECEIVABLE_ROUTE.path, { config, schema: contractSchema(CASH_RECEIVABLE_ROUTE) }, async (request) => {
    return getReceivableDetail(ctx.db, request.params.clientCode);
  });
}
