// The audit log (issue 19), Dueño only: GET /api/admin/audit (filters, paging, newest first),
// GET /api/admin/audit/chain (the hash chain verified, decision 148) and
// GET /api/admin/audit/export (the filtered log as .xlsx, streamed; the download itself is
// recorded as exportacion.descargar). No route edits or deletes a record (the database refuses it).
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { OWNER_ONLY } from "../../../shared/domain/staff-roles";
import { costaRicaDayKey } from "../../../shared/domain/dates";
import { XLSX_CONTENT_TYPE } from "../../../shared/api/excel";
import { AUDIT_CHAIN_ROUTE, AUDIT_EXPORT_ROUTE, AUDIT_EXPORT_SHEET, AUDIT_ROUTE, auditExportFileName } from "../../../shared/api/admin/staff";
import { ExportAborted, writeOneSheetExport } from "../excel/export-service";
import { auditExportColumns } from "./export";
import { auditPages, listAudit, recordExport } from "../../core/audit/service";
import { verifyAuditChain } from "../../core/audit/chain";

export function registerAdminAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OWNER_ONLY } as const;

  api.get(AUDIT_ROUTE.path, { config, schema: contractSchema(AUDIT_ROUTE) }, async (request) => listAudit(ctx.db, request.query));

  // The chain checked record by record (decision 148): reads the whole log, on the owner's click.
  api.get(AUDIT_CHAIN_ROUTE.path, { config, schema: contractSchema(AUDIT_CHAIN_ROUTE) }, async () => verifyAuditChain(ctx.db));

  api.get(AUDIT_EXPORT_ROUTE.path, { config, schema: contractSchema(AUDIT_EXPORT_ROUTE) }, async (request, reply) => {
    const { query } = request;
    // A database that is down answers 503 here, before the download starts.
    await ctx.db.execute(sql`select 1`);
    const actor = staffActor(request);
    const fileName = auditExportFileName(costaRicaDayKey(new Date()));
    const body = new PassThrough();
    writeOneSheetExport(ctx.db, body, AUDIT_EXPORT_SHEET, auditExportColumns, auditPages(ctx.db, query), {
      creator: ctx.config.brand.name,
      onComplete: (rows) => recordExport(ctx.db, actor, { kind: "registro", fileName, rows }),
    }).catch((err: unknown) => {
      if (!(err instanceof ExportAborted)) request.log.error({ err }, "audit export failed");
      body.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .type(XLSX_CONTENT_TYPE)
      .send(body);
  });
}
