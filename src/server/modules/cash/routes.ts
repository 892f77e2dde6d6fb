// Caja (issue 21, docs/decisions/138), office staff only (money is office business):
//   GET /api/admin/cash/closing?date=YYYY-MM-DD&staff=<accountId>   the day's cierre de caja
//   GET /api/admin/cash/closing.xlsx?date=…&staff=…                  the same as Excel (recorded as an export)
//   GET /api/admin/cash/receivables?search=&page=&pageSize=          cuentas por cobrar
//   GET /api/admin/cash/receivables/:clientCode                      that client's due packages
//   POST /api/admin/cash/closings { date }                           closes that day (decision 147) → 201 closing
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { recordExport } from "../../core/audit/service";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import {
  CASH_CLOSE_DAY_PATH,
  CASH_CLOSING_PATH,
  CASH_CLOSING_XLSX_PATH,
  CASH_RECEIVABLES_PATH,
  ZCashClosingQuerySchema,
  ZCloseDaySchema,
  ZReceivableParamsSchema,
  ZReceivablesQuerySchema,
  closingFileName,
} from "../../../shared/api/admin/cash";
import { closingXlsx } from "./closing-xlsx";
import { closeCashDay, getCashClosing, getReceivableDetail, listReceivables } from "./service";

export function registerAdminCashRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;

  app.get(CASH_CLOSING_PATH, { config }, async (request) => {
    const query = parseWith(ZCashClosingQuerySchema, request.query ?? {});
    return getCashClosing(ctx.db, query);
  });

  // Closing is the office's end-of-day step: Oficina or Dueño (decision 147).
  app.post(CASH_CLOSE_DAY_PATH, { config }, async (request, reply) => {
    const { date } = parseWith(ZCloseDaySchema, request.body ?? {});
    return reply.status(201).send(await closeCashDay(ctx.db, date, staffActor(request)));
  });

  app.get(CASH_CLOSING_XLSX_PATH, { config }, async (request, reply) => {
    const query = parseWith(ZCashClosingQuerySchema, request.query ?? {});
    const closing = await getCashClosing(ctx.db, query);
    const fileName = closingFileName(closing.date);
    const { bytes, rows } = await closingXlsx(closing, ctx.config.brand.name);
    await recordExport(ctx.db, staffActor(request), { kind: "cierre-caja", fileName, rows });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(bytes);
  });

  app.get(CASH_RECEIVABLES_PATH, { config }, async (request) => {
    const query = parseWith(ZReceivablesQuerySchema, request.query ?? {});
    return listReceivables(ctx.db, query);
  });

  app.get(`${CASH_RECEIVABLES_PATH}/:clientCode`, { config }, async (request) => {
    const { clientCode } = parseWith(ZReceivableParamsSchema, request.params);
    return getReceivableDetail(ctx.db, clientCode);
  });
}
