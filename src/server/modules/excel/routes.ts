// Excel import and export of /admin (staff-side §7): POST /api/import/express (multipart field
// `file`, read with the limits of decision 070) and GET /api/export/{all,clients,by-client,contacts}
// (a streamed .xlsx download). Multipart is registered only inside this plugin. One import runs at
// a time (import-gate.ts).
import multipart from "@fastify/multipart";
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  EXCEL_MAX_FILE_BYTES,
  EXPORT_KINDS,
  IMPORT_FILE_REQUIRED,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NOT_MULTIPART,
  IMPORT_NOT_SPREADSHEET,
  IMPORT_UPLOAD_BROKEN,
  IMPORT_WRONG_EXTENSION,
  XLSX_CONTENT_TYPE,
  exportFileName,
  type ExportKind,
} from "../../../shared/api/excel";
import { isExcelFileName } from "../../../shared/domain/limits";
import type { AppContext } from "../../context";
import { AppError, badRequest } from "../../errors";
import { ExportAborted, writeExport } from "./export-service";
import { ImportGate } from "./import-gate";
import { importWorkbook, isImportSheet } from "./import-service";
import { readSpreadsheet } from "../../lib/xlsx/spreadsheet";

const fileTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", 413, IMPORT_FILE_TOO_LARGE);

export function registerExcelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const imports = new ImportGate();
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: EXCEL_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    scope.post("/api/import/express", { config: { auth: "admin" } }, async (request) => {
      const buffer = await receiveExcelFile(request);
      return imports.run(async () => {
        const workbook = await readSpreadsheet(buffer, { wantSheet: isImportSheet });
        return importWorkbook(ctx.db, workbook, { brandName: ctx.config.brand.name });
      });
    });
  });

  for (const kind of EXPORT_KINDS) {
    app.get(`/api/export/${kind}`, { config: { auth: "admin" } }, async (request, reply) => {
      // A database that is down answers 503 here, before the download starts.
      await ctx.db.execute(sql`select 1`);
      const body = new PassThrough();
      writeExport(ctx.db, kind as ExportKind, body, { creator: ctx.config.brand.name }).catch((err: unknown) => {
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

/** The uploaded file's bytes, or a Spanish 400/413 for everything that is not one Excel file. */
async function receiveExcelFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(IMPORT_NOT_MULTIPART);
  // An announced body far over the limit is refused before a byte of it is read.
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > EXCEL_MAX_FILE_BYTES + 64 * 1024) throw fileTooLarge();

  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw multipartError(err);
  }
  if (!part || part.fieldname !== "file") {
    part?.file.resume();
    throw badRequest(IMPORT_FILE_REQUIRED);
  }
  if (!isExcelFileName(part.filename)) {
    part.file.resume();
    throw badRequest(IMPORT_WRONG_EXTENSION);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw multipartError(err);
  }
  if (buffer.length === 0) throw badRequest(IMPORT_NOT_SPREADSHEET);
  return buffer;
}

function multipartError(err: unknown): AppError {
  const code = (err as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest(IMPORT_NOT_MULTIPART);
  // Truncated or malformed multipart bodies, too many parts or fields.
  return badRequest(IMPORT_UPLOAD_BROKEN);
}
