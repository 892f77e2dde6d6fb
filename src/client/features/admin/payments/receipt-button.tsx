// "Recibo": the payment's receipt PDF, fetched with the staff session (the token is not a cookie,
// so a plain link would not be signed in) and shown in a new tab, or downloaded when the browser
// blocks the tab.
import { useState } from "react";
import { FileText } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useChangeErrorToast } from "../../../lib/admin/admin-api";
import { apiRequest } from "../../../lib/api";
import { saveBlob } from "../../../lib/admin/download-file";
import { PAYMENT_RECEIPT_ROUTE, RECEIPT_LINK, receiptFileName, receiptNumber } from "../../../../shared/api/admin/payments";
import { routePath } from "../../../../shared/api/contract";

export function ReceiptButton({ paymentId }: { paymentId: number }) {
  const [busy, setBusy] = useState(false);
  const fail = useChangeErrorToast();
  const open = async () => {
    setBusy(true);
    const tab = window.open("", "_blank");
    try {
      const res = await apiRequest(PAYMENT_RECEIPT_ROUTE.method, routePath(PAYMENT_RECEIPT_ROUTE, { id: paymentId }));
      const blob = new Blob([await res.blob()], { type: "application/pdf" });
      if (tab && !tab.closed) {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else saveBlob(blob, receiptFileName(paymentId));
    } catch (err) {
      tab?.close();
      fail(err, RECEIPT_LINK);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void open()} aria-label={`${RECEIPT_LINK} N.º ${receiptNumber(paymentId)}`}>
      <FileText className="h-4 w-4" aria-hidden="true" />
      {RECEIPT_LINK}
    </Button>
  );
}
