// Handing a file the server sends (an .xlsx export, the audit log) to the browser as a download
// with the name the server gives: shared by the Excel exports and the Registro de cambios.

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
