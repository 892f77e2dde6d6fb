// 'Imprimir etiqueta(s)' (issue 20, docs/decisions/131): any staff screen (Recepción, Embarques,
// Paquetes) hands it the package ids; it asks the server for the label PDF with the staff
// session (the token is not a cookie: a plain link would not be signed in), and opens it in a
// new tab from a blob address. The tab is opened at the click (browsers allow pop-ups only
// then) and filled when the PDF arrives; a blocked tab gets the PDF as a download instead.
import { useState } from "react";
import { Loader2, Printer } from "lucide-react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../api";
import { saveBlob } from "./download-file";
import { LABELS_FAILED, LABELS_MAX, LABELS_POPUP_BLOCKED, LABELS_PRINT, LABELS_PRINT_ONE, LABELS_ROUTE, type LabelFormat } from "../../../shared/api/admin/labels";
import { routePath } from "../../../shared/api/contract";

/** Fetches the labels of `ids` and shows them in a new tab (or downloads them). True on success. */
export async function openLabels(ids: number[], format: LabelFormat): Promise<boolean> {
  const tab = window.open("", "_blank");
  try {
    const res = await apiRequest(LABELS_ROUTE.method, routePath(LABELS_ROUTE, { ids: ids.slice(0, LABELS_MAX).join(","), format }));
    const blob = new Blob([await res.blob()], { type: "application/pdf" });
    if (tab && !tab.closed) {
      const url = URL.createObjectURL(blob);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      saveBlob(blob, `etiquetas-${format}.pdf`);
      toast({ title: LABELS_POPUP_BLOCKED });
    }
    return true;
  } catch (error) {
    tab?.close();
    toast({ title: "Error", description: errorMessageFrom(error, LABELS_FAILED), variant: "destructive" });
    return false;
  }
}

export interface PrintLabelsButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  ids: number[];
  format?: LabelFormat;
  /** The button's words (default 'Imprimir etiqueta' or 'Imprimir etiquetas'). */
  label?: string;
}

export function PrintLabelsButton({ ids, format = "termica", label, disabled, variant = "outline", ...rest }: PrintLabelsButtonProps) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    await openLabels(ids, format);
    setBusy(false);
  };
  return (
    <Button type="button" variant={variant} disabled={disabled || busy || ids.length === 0} onClick={click} {...rest}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Printer className="h-4 w-4" aria-hidden="true" />}
      {label ?? (ids.length === 1 ? LABELS_PRINT_ONE : LABELS_PRINT)}
    </Button>
  );
}
