// The import's two calls (docs/decisions/117): the preview (POST /api/import/express/preview, the
// same import rolled back) and the apply (POST /api/import/express) with the backwards choice and
// the preview's fingerprint, so a plan that changed in between is refused (409) instead of applied.
import { apiRequest } from "../../../lib/api";
import { routePath } from "../../../../shared/api/contract";
import {
  IMPORT_APPLY_ROUTE,
  IMPORT_PREVIEW_ROUTE,
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
  const res = await apiRequest(IMPORT_PREVIEW_ROUTE.method, routePath(IMPORT_PREVIEW_ROUTE), importForm(file, { backwards }));
  return IMPORT_PREVIEW_ROUTE.responses[200].parse(await res.json());
}

/** Applies `file`; with a fingerprint, only if the plan is still the one previewed. */
export async function applyImport(
  file: File,
  options: { backwards?: ImportBackwardsChoice; fingerprint?: string } = {},
): Promise<TImportResponse> {
  const form = importForm(file, { backwards: options.backwards, fingerprint: options.fingerprint });
  const res = await apiRequest(IMPORT_APPLY_ROUTE.method, routePath(IMPORT_APPLY_ROUTE), form);
  return IMPORT_APPLY_ROUTE.responses[200].parse(await res.json());
}
