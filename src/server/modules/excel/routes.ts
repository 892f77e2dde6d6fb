// Excel import and export of /admin (staff-side §7): POST /api/import/express (multipart field
// `file`, read with the limits of decision 070; optional fields `backwards` keep|apply and
// `fingerprint`), POST /api/import/express/preview (the same import, rolled back: decision 117)
// and GET /api/export/{all,clients,by-client,contacts} (a streamed .xlsx download). Multipart is
// registered only inside this plugin. One import or preview runs at a time (import-gate.ts).
import { importActor, staffActor } from "../../lib/actor";
import { recordExport } from "../../core/audit/service";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import multipart from "@fastify/multipart";
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  EXCEL_MAX_FILE_BYTES,
  EXPORT_KINDS,
  EXPORT_ROUTES,
  IMPORT_APPLY_ROUTE,
  IMPORT_FILE_REQUIRED,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_FINGERPRINT_MAX,
  IMPORT_NOT_MULTIPART,
  IMPORT_NOT_SPREADSHEET,
  IMPORT_PREVIEW_ROUTE,
  IMPORT_UPLOAD_BROKEN,
  IMPORT_WRONG_EXTENSION,
  XLSX_CONTENT_TYPE,
  ZImportFieldsSchema,
  exportFileName,
  type TImportFields,
} from "../../../shared/api/excel";
import { isExcelFileName } from "../../../shared/domain/limits";
import type { AppContext } from "../../context";
import { AppError, badRequest, parseWith } from "../../errors";
import { contractSchema } from "../../lib/route-contract";
import { ExportAborted, writeExport } from "./export-service";
import { ImportGate } from "./import-gate";
import { importWorkbook, isImportSheet } from "./import-service";
import { readSpreadsheet } from "../../lib/xlsx/spreadsheet";
import { collectGarbageSoon } from "../../lib/collect-garbage";

const fileTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", 413, IMPORT_FILE_TOO_LARGE);

export function registerExcelRoutes(app: FastifyInstance, ctx: AppContext): void {
  // After each import a full collection frees the heap it grew (docs/decisions/234); not in tests,
  // where one worker runs hundreds of imports and the memory after one is the bench's figure.
  const imports = new ImportGate(ctx.config.env === "test" ? () => {} : collectGarbageSoon);
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: EXCEL_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: IMPORT_FINGERPRINT_MAX, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    // The preview runs the same import and rolls it back (docs/decisions/117); both take the
    // one-import-at-a-time slot.
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(IMPORT_PREVIEW_ROUTE.path, { config, schema: contractSchema(IMPORT_PREVIEW_ROUTE) }, async (request) => {
      const { buffer, fields } = await receiveImport(request);
      return imports.run(async () => {
        const workbook = await readSpreadsheet(buffer, { wantSheet: isImportSheet });
        return importWorkbook(ctx.db, workbook, { brandName: ctx.config.brand.name, mode: "preview", backwards: fields.backwards, actor: importActor(request) });
      });
    });

    api.post(IMPORT_APPLY_ROUTE.path, { config, schema: contractSchema(IMPORT_APPLY_ROUTE) }, async (request) => {
      const { buffer, fields } = await receiveImport(request);
      return imports.run(async () => {
        const workbook = await readSpreadsheet(buffer, { wantSheet: isImportSheet });
        return importWorkbook(ctx.db, workbook, {
          brandName: ctx.config.brand.name,
          mode: "apply",
          actor: importActor(request),
          backwards: fields.backwards,
          expectedFingerprint: fields.fingerprint,
          onError: (err) => request.log.error({ err }, "excel import interrupted"),
        });
      });
    });
  });

  for (const kind of EXPORT_KINDS) {
    const route = EXPORT_ROUTES[kind];
    app.get(route.path, { config, schema: contractSchema(route) }, async (request, reply) => {
      // A database that is down answers 503 here, before the download starts.
      await ctx.db.execute(sql`select 1`);
      const body = new PassThrough();
      const actor = staffActor(request);
      writeExport(ctx.db, kind, body, {
        creator: ctx.config.brand.name,
        onComplete: (rows) => recordExport(ctx.db, actor, { kind, fileName: exportFileName(kind), rows }),
      }).catch((err: unknown) => {
        if (!(err instanceof ExportAborted)) request.log.error({ err }, "excel export failed");
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header("content-disposition", `attachment; filename="${exportFileName(kind)}"`)
        .header("cache-control", "no-store")
        .type(XLSX_CONTENT_TYPE)
        .send(body);
    });
  }
}

/**
 * The uploaded file's bytes and the optional fields (backwards, fingerprint; in any order around
 * the file), or a Spanish 400/413 for everything that is not one Excel file.
 */
async function receiveImport(request: FastifyRequest): Promise<{ buffer: Buffer; fields: TImportFields }> {
  if (!request.isMultipart()) throw badRequest(IMPORT_NOT_MULTIPART);
  // An announced body far over the limit is refused before a byte of it is read.
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > EXCEL_MAX_FILE_BYTES + 64 * 1024) throw fileTooLarge();

  let buffer: Buffer | undefined;
  const values: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (!(part.fieldname in values)) values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || buffer !== undefined) {
        part.file.resume();
        continue;
      }
      if (!isExcelFileName(part.filename)) {
        part.file.resume();
        throw badRequest(IMPORT_WRONG_EXTENSION);
      }
      buffer = await part.toBuffer();
    }
  } catch (err) {
    throw err instanceof AppError ? err : multipartError(err);
  }
  if (buffer === undefined) throw badRequest(IMPORT_FILE_REQUIRED);
  const fields = parseWith(ZImportFieldsSchema, values);
  if (buffer.length === 0) throw badRequest(IMPORT_NOT_SPREADSHEET);
  return { buffer, fields };
}

function multipartError(err: unknown): AppError {
  const code = (err as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest(IMPORT_NOT_MULTIPART);
  // Truncated or malformed multipart bodies, too many parts or fields.
  return badRequest(IMPORT_UPLOAD_BROKEN);
}
