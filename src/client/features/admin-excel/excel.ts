// The panel's Excel interface: download one of the four exports and send a workbook to the
// import. The server side lives in server/modules/excel; until a kind is served its call
// answers 404 and staff see the spec's failure toast, never an empty or made-up file.

import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import {
  EXPORT_FAILED_FALLBACK,
  EXPORT_FAILED_TITLE,
  EXPORT_SUCCESS_TITLE,
  ZImportResponseSchema,
  exportFileName,
  type ExportKind,
  type TImportResponse,
} from "../../../shared/api/excel";

export type { ExportKind, TImportResponse };

/** Hands a Blob to the browser as a download with this file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/export/{kind}: downloads the workbook with the spec's file name; toasts either way. */
export async function downloadExport(kind: ExportKind): Promise<boolean> {
  try {
    const res = await apiRequest("GET", `/api/export/${kind}`);
    const blob = await res.blob();
    if (blob.size === 0) throw new Error("empty export");
    saveBlob(blob, exportFileName(kind));
    toast({ title: EXPORT_SUCCESS_TITLE, description: exportFileName(kind) });
    return true;
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
    return false;
  }
}

/** POST /api/import/express with the file in the field "file"; the answer's counts and row errors. */
export async function importWorkbook(file: File): Promise<TImportResponse> {
  const form = new FormData();
  form.append("file", file);
  const res = await apiRequest("POST", "/api/import/express", form);
  return ZImportResponseSchema.parse(await res.json());
}
