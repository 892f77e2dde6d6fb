// Staff photos (issue 20): a phone's camera photo is several megabytes; the warehouse sends it
// scaled to at most PHOTO_MAX_SIDE pixels as a JPEG (a few hundred kilobytes), then names it in
// the call that receives, registers or delivers the package.
import { apiRequest } from "../api";
import { STAFF_PHOTO_ROUTE, type TStaffPhotoResponse } from "../../../shared/api/uploads";
import { routePath } from "../../../shared/api/contract";

const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.82;

/** The image scaled down to PHOTO_MAX_SIDE as a JPEG; the file itself when the browser cannot draw it. */
async function scaledDown(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file; // The server says what is wrong with it.
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.type === "image/jpeg") return file;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  return blob ?? file;
}

/** Uploads one staff photo (scaled down first unless `exact`, e.g. a drawn signature PNG). */
export async function uploadStaffPhoto(file: Blob, { exact = false } = {}): Promise<TStaffPhotoResponse> {
  const body = exact ? file : await scaledDown(file);
  const res = await apiRequest("POST", routePath(STAFF_PHOTO_ROUTE), body);
  return STAFF_PHOTO_ROUTE.responses[201].parse(await res.json());
}
