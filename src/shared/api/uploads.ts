// Part-photo uploads (public-site §3, §4, §5, §7, §8, §9): POST /api/upload/image-url answers a
// signed, single-use address; the browser PUTs the file there; the object is then served at
// /objects/uploads/{name}. The names, accepted kinds and Spanish texts both sides use.
import { z } from "../validation";
import { IMAGE_MAX_BYTES, IMAGE_MAX_LABEL } from "../domain/limits";
import { defineRoute } from "./contract";

/** What an upload is for: a photo (the spec's) or a purchase invoice (issue 36 item 2). */
export const UPLOAD_KINDS = ["IMAGEN", "FACTURA"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_KIND_INVALID = "El tipo de archivo a subir debe ser IMAGEN o FACTURA.";

/**
 * The page says how big the file is: the server reserves that much of the upload caps, and an
 * object store's signed address then accepts a body of exactly that size (docs/decisions/100).
 */
export const ZUploadUrlRequestSchema = z
  .object({
    /**
     * What the file is for: IMAGEN (the default, the spec's part photo: JPG, PNG, GIF or WebP) or
     * FACTURA (a package's purchase invoice, docs/decisions/215: a PDF or one of those images).
     */
    tipo: z.enum(UPLOAD_KINDS, { error: UPLOAD_KIND_INVALID }).optional(),
    size: z
      .number({ error: "El tamaño de la imagen no es válido." })
      .int("El tamaño de la imagen no es válido.")
      .min(1, "El archivo está vacío. Por favor selecciona una imagen válida (JPG, PNG, etc.)")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.size !== undefined && v.size > IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: "custom", path: ["size"], message: v.tipo === "FACTURA" ? INVOICE_TOO_LARGE_MESSAGE : `La imagen debe ser menor a ${IMAGE_MAX_LABEL}` });
    }
  })
  .optional();
export const ZUploadUrlResponseSchema = z.object({ uploadURL: z.string() });

/** Object names are 32 random hex digits chosen by the server, never by the user. */
export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}$/;
export const UPLOADS_PATH_PREFIX = "/objects/uploads/";

/** The image kinds the server accepts (checked by content, not by name or declared type). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export { IMAGE_MAX_BYTES, IMAGE_MAX_LABEL };

export const INVALID_FILE_TITLE = "Archivo inválido";
export const INVALID_FILE_MESSAGE = "Por favor selecciona una imagen válida (JPG, PNG, etc.)";
export const FILE_TOO_LARGE_TITLE = "Archivo muy grande";
export const FILE_TOO_LARGE_MESSAGE = `La imagen debe ser menor a ${IMAGE_MAX_LABEL}`;
export const UPLOAD_FAILED_TITLE = "Error al subir imagen";
export const UPLOAD_FAILED_FALLBACK = "No pudimos subir la imagen. Intenta nuevamente.";
/** What the server answers for a file that is not a JPG, PNG, GIF or WebP image. */
export const NOT_AN_IMAGE_MESSAGE = "El archivo no es una imagen válida. Solo se aceptan imágenes JPG, PNG, GIF o WebP.";
export const UPLOAD_URL_INVALID = "El enlace de subida no es válido.";
export const UPLOAD_URL_EXPIRED = "El enlace de subida venció. Vuelve a seleccionar la imagen.";
export const UPLOAD_URL_USED = "Este enlace de subida ya fue usado. Vuelve a seleccionar la imagen.";
export const UPLOAD_SIZE_REQUIRED = "Falta el tamaño de la imagen. Vuelve a seleccionar la imagen.";
export const UPLOAD_SIZE_MISMATCH = "La imagen no tiene el tamaño indicado al pedir el enlace de subida. Vuelve a seleccionar la imagen.";
export const UPLOAD_QUOTA_ADDRESS = "Ya se subieron demasiadas imágenes desde esta conexión hoy. Intenta mañana o continúa sin imagen.";
export const UPLOAD_QUOTA_TOTAL = "El espacio para imágenes está lleno por ahora. Intenta más tarde o continúa sin imagen.";
export const UPLOAD_TOO_MANY_OPEN = "Hay demasiadas imágenes subiéndose a la vez desde esta conexión. Espera unos minutos e intenta de nuevo.";
export const STAFF_PHOTO_QUOTA_ACCOUNT = "Llegaste al límite de fotos de tu cuenta por hoy. Intenta más tarde o pide a quien administra el sitio que lo amplíe.";
export const STAFF_PHOTO_QUOTA_TOTAL = "El espacio para fotos del personal está lleno. Avisa a quien administra el sitio para ampliarlo.";
/** A stored image asked for without a valid signed link (decision 146): expired, altered or none. */
export const IMAGE_LINK_INVALID = "El enlace de la imagen venció o no es válido. Vuelve a abrir la página para verla.";
export const UPLOAD_RATE_LIMITED = "Demasiadas subidas de imágenes desde esta conexión. Espera unos minutos e intenta de nuevo.";

/** The object's path as the page derives it from the upload address: its last path segment is the name. */
export function objectPathFromUploadUrl(uploadURL: string, base = "http://localhost"): string | null {
  let name: string | undefined;
  try {
    name = new URL(uploadURL, base).pathname.split("/").pop();
  } catch {
    return null;
  }
  return name && UPLOAD_NAME_PATTERN.test(name) ? `${UPLOADS_PATH_PREFIX}${name}` : null;
}

/** What an invoice upload may be: a PDF or an accepted image (checked by content). */
export type AcceptedInvoiceType = AcceptedImageType | "application/pdf";
export const INVOICE_ACCEPT = "application/pdf,image/jpeg,image/png,image/gif,image/webp";
export const INVOICE_INVALID_TITLE = "Archivo inválido";
/** What the server (and the page, before sending) answers for an invoice that is not a PDF or an image. */
export const NOT_AN_INVOICE_MESSAGE = "La factura debe ser un PDF o una imagen JPG, PNG, GIF o WebP.";
export const INVOICE_TOO_LARGE_MESSAGE = `La factura debe ser menor a ${IMAGE_MAX_LABEL}`;

/** The kind of file these bytes start with, for an upload of this kind (a PDF only as an invoice), else null. */
export function detectUploadType(head: Uint8Array, kind: UploadKind): AcceptedInvoiceType | null {
  const image = detectImageType(head);
  if (image || kind !== "FACTURA") return image;
  // "%PDF-": every PDF starts so (ISO 32000-1 §7.5.2).
  return head.length >= 5 && [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => head[i] === b) ? "application/pdf" : null;
}

/** The kind of image these bytes start with (JPEG, PNG, GIF or WebP magic numbers), else null. */
export function detectImageType(head: Uint8Array): AcceptedImageType | null {
  const at = (i: number) => head[i];
  const ascii = (from: number, text: string) => [...text].every((ch, i) => at(from + i) === ch.charCodeAt(0));
  if (head.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (head.length >= 6 && (ascii(0, "GIF87a") || ascii(0, "GIF89a"))) return "image/gif";
  if (head.length >= 12 && ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  return null;
}

/**
 * Staff photos (issue 20: arrival, label, delivery, signature): POST /api/admin/photos with the
 * image as the raw body answers its name; the page then names it in the call that attaches it.
 */
export const STAFF_PHOTOS_PATH = "/api/admin/photos";
export const ZStaffPhotoResponseSchema = z.object({ name: z.string().regex(UPLOAD_NAME_PATTERN), url: z.string() });
export type TStaffPhotoResponse = z.infer<typeof ZStaffPhotoResponseSchema>;
/** A list of photo names in a call's body (at most 6 per package). */
export const ZPhotoNamesSchema = z.array(z.string().regex(UPLOAD_NAME_PATTERN, "Foto inválida")).max(6, "Máximo 6 fotos por paquete");
// --- The contract (issue 33 item 3) ---

/** POST /api/upload/image-url (public, limited per address): a signed, single-use address to PUT one image to. */
export const UPLOAD_URL_ROUTE = defineRoute({
  method: "POST",
  path: "/api/upload/image-url",
  tag: "uploads",
  summary: "Una dirección firmada, de un solo uso, para subir una imagen del tamaño indicado",
  body: ZUploadUrlRequestSchema,
  responses: { 200: ZUploadUrlResponseSchema },
});

/**
 * PUT /api/upload/objects/{name}?expires&signature (public; the local store's signed address):
 * the image as the raw body, any content type (its bytes decide). A query value that is not text
 * reads as missing, so the signature check refuses it as before.
 */
export const UPLOAD_OBJECT_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/upload/objects/:name",
  tag: "uploads",
  summary: "Recibe la imagen (cuerpo crudo) en la dirección firmada que dio /api/upload/image-url",
  params: z.object({ name: z.string() }),
  query: z.object({
    expires: z.string().optional().catch(undefined),
    signature: z.string().optional().catch(undefined),
  }),
  responses: { 200: z.object({ objectPath: z.string() }) },
});

/** POST /api/admin/photos (dueño, oficina, mensajero): a staff photo as the raw body; answers its name. */
export const STAFF_PHOTO_ROUTE = defineRoute({
  method: "POST",
  path: STAFF_PHOTOS_PATH,
  tag: "uploads",
  summary: "Sube una foto del personal (llegada, etiqueta, entrega, firma) como cuerpo crudo",
  responses: { 201: ZStaffPhotoResponseSchema },
});

export const PHOTO_NOT_FOUND = "Una de las fotos no se encontró. Vuelve a tomarla.";
export const PHOTO_ALREADY_USED = "Una de las fotos ya está en otro paquete. Vuelve a tomarla.";
