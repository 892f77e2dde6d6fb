// The import's two calls (docs/decisions/117): the preview (POST /api/import/express/preview, the
// same import rolled back) and the apply (POST /api/import/express) with the backwards choice and
// the preview's fingerprint, so a plan that changed in between is refused (409) instead of applied.
import { apiRequest } from "../../../lib/api";
import {
  IMPORT_APPLY_PATH,
  IMPORT_PREVIEW_PATH,
  ZImportResponseSchema,
  type ImportBackwardsChoice,
  type TImportResponse,
} from "../../../../shared/api/excel";

function importForm(file: File, fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append("file", file);
  return form;
}

/** What importing `file` would do; nothing is written. */
export async function previewImport(file: File, backwards: ImportBackwardsChoice = "keep"): Promise<TImportResponse> {
  const res = await apiRequest("POST", IMPORT_PREVIEW_PATH, importForm(file, { backwards }));
  return ZImportResponseSchema.parse(await res.json());
}

/** Applies `file`; with a fingerprint, only if the plan is still the one previewed. */
export async function applyImport(
  file: File,
  options: { backwards?: ImportBackwardsChoice; fingerprint?: string } = {},
): Promise<TImportResponse> {
  const res = await apiRequest("POST", IMPORT_APPLY_PATH, importForm(file, { backwards: options.backwards, fingerprint: options.fingerprint }));
  return ZImportResponseSchema.parse(await res.json());
}
