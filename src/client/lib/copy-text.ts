// Copy to the clipboard with the toasts every copy button shows ('¡Copiado!', or the failure).
// The async Clipboard API needs a secure context; older or locked-down browsers get the
// selection-and-copy fallback.

import { toast } from "../components/ui/use-toast";

export const COPIED_TITLE = "¡Copiado!";
export const COPY_FAILED = "No se pudo copiar el texto";

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("copy refused");
  } finally {
    area.remove();
  }
}

/** Copies `text`; toasts `title` (default '¡Copiado!') with `description`, or a red failure toast. */
export async function copyText(text: string, options: { title?: string; description?: string } = {}): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast({ title: options.title ?? COPIED_TITLE, description: options.description });
    return true;
  } catch {
    toast({ title: "Error", description: COPY_FAILED, variant: "destructive" });
    return false;
  }
}
