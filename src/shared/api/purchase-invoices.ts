// A package's purchase invoice (issue 36 item 2, docs/decisions/215): the client attaches it at
// pre-alert or later from /rastreo (a PDF or an image, through the upload of kind FACTURA: checked
// by its content, at most 10 MB); staff open it at Recepción and in the shipment's manifest; its
// client opens only its own. The schemas and Spanish texts both sides use.
import { z } from "../validation";
import { UPLOAD_NAME_PATTERN, UPLOADS_PATH_PREFIX } from "./uploads";

export const INVOICE_UPLOAD_REQUIRED = "Falta la factura. Vuelve a seleccionar el archivo.";
export const INVOICE_UPLOAD_INVALID = "La factura no es válida. Vuelve a seleccionar el archivo.";
/** 400: the upload named is not there (never sent, expired, or not an invoice's). */
export const INVOICE_UPLOAD_NOT_FOUND = "No encontramos la factura subida. Vuelve a seleccionar el archivo.";
/** 409: the file is attached elsewhere already (another package, a receipt, a search). */
export const INVOICE_UPLOAD_USED = "Esa factura ya está adjunta a otro paquete. Vuelve a seleccionar el archivo.";
/** 404: a package without an invoice (and, for its client, another client's package alike). */
export const INVOICE_NOT_FOUND = "Este paquete no tiene factura adjunta.";
/** 409: a delivered package's invoice stays as it was. */
export const INVOICE_PACKAGE_DELIVERED = "Este paquete ya fue entregado; su factura ya no se puede cambiar.";

// The portal's words.
export const INVOICE_FIELD_LABEL = "Factura de compra (opcional)";
export const INVOICE_FIELD_HINT = "PDF o imagen (JPG, PNG, GIF o WebP), hasta 10 MB. Agiliza la aduana.";
export const INVOICE_ATTACHED_TITLE = "¡Factura adjunta!";
export const INVOICE_REPLACED_TITLE = "¡Factura reemplazada!";
export const INVOICE_ATTACH_FAILED = "No se pudo adjuntar la factura. Intenta nuevamente.";
export const INVOICE_OPEN_FAILED = "No se pudo abrir la factura. Intenta nuevamente.";
export const INVOICE_ADD_LABEL = "Adjuntar factura";
export const INVOICE_REPLACE_LABEL = "Reemplazar factura";
export const INVOICE_OPEN_LABEL = "Ver factura";
export const INVOICE_NONE = "Sin factura";

/**
 * The invoice in a call's body: the object path the upload gave ("/objects/uploads/<name>"),
 * read as its name.
 */
export const ZInvoiceUploadSchema = z
  .string({ error: INVOICE_UPLOAD_REQUIRED })
  .trim()
  .min(1, INVOICE_UPLOAD_REQUIRED)
  .refine((value) => value.startsWith(UPLOADS_PATH_PREFIX) && UPLOAD_NAME_PATTERN.test(value.slice(UPLOADS_PATH_PREFIX.length)), INVOICE_UPLOAD_INVALID)
  .transform((value) => value.slice(UPLOADS_PATH_PREFIX.length));

/** What a package's answer says of its invoice (never a link: it is opened through its own route). */
export const ZPackageInvoiceSchema = z.object({
  /** The type its content showed: application/pdf or image/…. */
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TPackageInvoice = z.infer<typeof ZPackageInvoiceSchema>;

/** "PDF · 245 KB". */
export function invoiceSummary(invoice: Pick<TPackageInvoice, "contentType" | "sizeBytes">): string {
  const kind = invoice.contentType === "application/pdf" ? "PDF" : invoice.contentType.replace(/^image\//, "").toUpperCase();
  return `${kind} · ${Math.max(1, Math.round(invoice.sizeBytes / 1024)).toLocaleString("es-CR")} KB`;
}

/** The manifest's cell: "Sí · PDF", "Sí · PNG" or "No". */
export function invoiceCell(invoice: Pick<TPackageInvoice, "contentType"> | null): string {
  if (!invoice) return "No";
  return `Sí · ${invoice.contentType === "application/pdf" ? "PDF" : invoice.contentType.replace(/^image\//, "").toUpperCase()}`;
}

/** The file types an invoice answer may carry. */
export const INVOICE_MEDIA_TYPES = "application/pdf, image/jpeg, image/png, image/gif, image/webp";
