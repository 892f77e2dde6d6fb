// The four Excel exports of /admin (staff-side §7, §8): GET /api/export/{kind} through apiRequest,
// handed to the browser as a file download with the name the server gives (the spec's name and the
// Costa Rica date), and the spec's toasts either way.
import { useState } from "react";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import {
  EXPORT_FAILED_FALLBACK,
  EXPORT_FAILED_TITLE,
  EXPORT_SUCCESS_TITLE,
  exportFileName,
  type ExportKind,
} from "../../../../shared/api/excel";

export type { ExportKind };

/** The file name in `attachment; filename="…"`, or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

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
  // The download has already started from the URL; release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads one export; toasts '¡Archivo descargado!' or 'Error al exportar datos'. True on success. */
export async function downloadExport(kind: ExportKind): Promise<boolean> {
  try {
    const res = await apiRequest("GET", `/api/export/${kind}`);
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
