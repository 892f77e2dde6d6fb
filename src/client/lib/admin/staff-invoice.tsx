// Staff's "Adjuntar factura" / "Reemplazar factura" (docs/decisions/241): an invoice the client sent
// by WhatsApp or that came in the box, attached to any package from Recepción and a shipment's
// detail. PUT /api/admin/trackings/{id}/factura; an expired session logs out.
import { InvoiceAttachButton } from "../../components/invoice-attach-button";
import { useAdminSession } from "./admin-session";
import { sendAdminJson } from "./admin-api";
import { routePath } from "../../../shared/api/contract";
import { STAFF_INVOICE_ATTACH_ROUTE } from "../../../shared/api/purchase-invoice-routes";
import type { TPackageInvoice } from "../../../shared/api/purchase-invoices";

export interface StaffInvoiceAttachProps {
  trackingId: number;
  trackingCode: string;
  hasInvoice: boolean;
  /** The invoice now attached (the server's answer). */
  onAttached(invoice: TPackageInvoice): void;
}

export function StaffInvoiceAttach({ trackingId, trackingCode, hasInvoice, onAttached }: StaffInvoiceAttachProps) {
  const { handleUnauthorized } = useAdminSession();
  const attach = async (factura: string) =>
    onAttached(await sendAdminJson(STAFF_INVOICE_ATTACH_ROUTE.method, routePath(STAFF_INVOICE_ATTACH_ROUTE, { id: trackingId }), STAFF_INVOICE_ATTACH_ROUTE.responses[200], { factura }));
  return <InvoiceAttachButton trackingCode={trackingCode} hasInvoice={hasInvoice} attach={attach} onError={handleUnauthorized} />;
}
