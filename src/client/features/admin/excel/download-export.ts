// The four Excel exports of /admin (staff-side §7, §8): GET /api/export/{kind} through apiRequest,
// handed to the browser as a file download with the name the server gives (the spec's name and the
// Costa Rica date), and the spec's toasts either way.
import { useState } from "react";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import {
  EXPORT_FAILED_FALLBACK,
  EXPORT_FAILED_TITLE,
  EXPORT_ROUTES,
  EXPORT_SUCCESS_TITLE,
  exportFileName,
  type ExportKind,
} from "../../../../shared/api/excel";
import { routePath } from "../../../../shared/api/contract";

export type { ExportKind };

/** Downloads one export; toasts '¡Archivo descargado!' or 'Error al exportar datos'. True on success. */
export async function downloadExport(kind: ExportKind): Promise<boolean> {
  try {
    const route = EXPORT_ROUTES[kind];
    const res = await apiRequest(route.method, routePath(route));
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? exportFileName(kind);
    const blob = await res.blob();
    if (blob.size === 0) throw new Error("empty export");
    saveBlob(blob, fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
    return true;
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
    return false;
  }
}

/** Runs one export at a time: `exporting` names the one under way (its buttons are disabled). */
export function useExports() {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const run = async (kind: ExportKind) => {
    setExporting(kind);
    await downloadExport(kind);
    setExporting(null);
  };
  return { exporting, run };
}
