// The upload of one part photo (public-site §7): ask for a signed address, PUT the file there,
// and derive the object's path /objects/uploads/{name} from the address.

import { apiRequest, uploadFile } from "./api";
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_MAX_BYTES,
  UPLOAD_URL_ROUTE,
  objectPathFromUploadUrl,
  type UploadKind,
} from "../../shared/api/uploads";
import { routePath } from "../../shared/api/contract";

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** What the browser can tell before sending: an accepted image kind (the server checks the content). */
export function isAcceptedImageFile(file: Pick<File, "type" | "name">): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  // Some systems give no type; the name is the only hint left here.
  return IMAGE_EXTENSIONS.test(file.name);
}

/** An invoice: a PDF or an accepted image, by type or, without one, by name (the server checks the content). */
export function isAcceptedInvoiceFile(file: Pick<File, "type" | "name">): boolean {
  if (file.type) return file.type === "application/pdf" || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  return /\.pdf$/i.test(file.name) || IMAGE_EXTENSIONS.test(file.name);
}

export function isWithinImageLimit(file: Pick<File, "size">): boolean {
  return file.size <= IMAGE_MAX_BYTES;
}

/**
 * Uploads the file and answers its path on this site (/objects/uploads/{name}); `tipo` FACTURA for
 * a purchase invoice (a PDF or an image, docs/decisions/215).
 */
export async function uploadImage(file: File, tipo?: UploadKind): Promise<string> {
  // The size reserves room under the server's caps, and an object store refuses any other size.
  const res = await apiRequest("POST", routePath(UPLOAD_URL_ROUTE), tipo ? { size: file.size, tipo } : { size: file.size });
  const { uploadURL } = UPLOAD_URL_ROUTE.responses[200].parse(await res.json());
  const objectPath = objectPathFromUploadUrl(uploadURL, window.location.href);
  if (!objectPath) throw new Error("Dirección de subida inesperada");
  await uploadFile(uploadURL, file);
  return objectPath;
}
