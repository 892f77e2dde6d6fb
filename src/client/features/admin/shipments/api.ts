// The Embarques calls (issue 20): the list, one shipment, the packages ready to consolidate, and
// every change (create, edit, add, remove, close, reopen, move), each refreshing what it touched.
// The manifest downloads go through apiRequest with the session, saved under the server's name.
import { useQuery } from "@tanstack/react-query";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson } from "../../../lib/admin/admin-api";
import { PACKAGES_KEY } from "../../../lib/admin/admin-queries";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import { toast } from "../../../components/ui/use-toast";
import { EXPORT_FAILED_FALLBACK, EXPORT_FAILED_TITLE, EXPORT_SUCCESS_TITLE } from "../../../../shared/api/excel";
import {
  ZAddToShipmentResponseSchema,
  ZReadyPackagesResponseSchema,
  ZShipmentDetailSchema,
  ZShipmentListResponseSchema,
  ZShipmentMoveResponseSchema,
  ZShipmentScanChoicesSchema,
  type ShipmentMoveStatus,
  type TCreateShipmentRequest,
  type TShipmentDetail,
  type TShipmentPackage,
  type TUpdateShipmentRequest,
} from "../../../../shared/api/admin/shipments";

const SHIPMENTS_KEY = [ADMIN_QUERY_ROOT, "shipments"] as const;

export function useShipmentList(page: number) {
  return useQuery(
    {
      queryKey: [...SHIPMENTS_KEY, "list", page],
      queryFn: () => getAdminJson(`/api/admin/shipments?page=${page}`, ZShipmentListResponseSchema),
    },
    queryClient,
  );
}

export function useShipment(id: number) {
  return useQuery({ queryKey: [...SHIPMENTS_KEY, "one", id], queryFn: () => getAdminJson(`/api/admin/shipments/${id}`, ZShipmentDetailSchema) }, queryClient);
}

export function useReadyPackages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SHIPMENTS_KEY, "ready", id],
    queryFn: () => getAdminJson(`/api/admin/shipments/${id}/ready`, ZReadyPackagesResponseSchema),
    enabled,
  }, queryClient);
}

/** Puts a fresh answer in place and refetches the list (totals, states) and the ready packages. */
function settle(id: number, detail: TShipmentDetail): void {
  queryClient.setQueryData([...SHIPMENTS_KEY, "one", id], { shipment: detail.shipment, packages: detail.packages });
  void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, "list"] });
  void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, "ready", id] });
}

export async function createShipment(body: TCreateShipmentRequest): Promise<TShipmentDetail> {
  const detail = await sendAdminJson("POST", "/api/admin/shipments", ZShipmentDetailSchema, body);
  settle(detail.shipment.id, detail);
  return detail;
}

export async function updateShipment(id: number, body: TUpdateShipmentRequest): Promise<void> {
  settle(id, await sendAdminJson("PATCH", `/api/admin/shipments/${id}`, ZShipmentDetailSchema, body));
}

/** The add's outcome: added, or the packages to choose from when several clients share the number. */
export type AddOutcome = { kind: "added"; added: number } | { kind: "choose"; matches: TShipmentPackage[] };

export async function addToShipment(id: number, body: { code: string } | { trackingIds: number[] }): Promise<AddOutcome> {
  try {
    const answer = await sendAdminJson("POST", `/api/admin/shipments/${id}/packages`, ZAddToShipmentResponseSchema, body);
    settle(id, answer);
    return { kind: "added", added: answer.added };
  } catch (error) {
    const choices = scanChoicesFrom(error);
    if (choices) return { kind: "choose", matches: choices };
    throw error;
  }
}

/** The 409's list of packages to choose from, when the error carries one. */
function scanChoicesFrom(error: unknown): TShipmentPackage[] | null {
  if (!(error instanceof Error)) return null;
  const match = /^409: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const parsed = ZShipmentScanChoicesSchema.safeParse(JSON.parse(match[1]));
    return parsed.success ? parsed.data.matches : null;
  } catch {
    return null;
  }
}

export async function removeFromShipment(id: number, trackingId: number): Promise<void> {
  settle(id, await sendAdminJson("DELETE", `/api/admin/shipments/${id}/packages/${trackingId}`, ZShipmentDetailSchema));
}

export async function closeOrReopen(id: number, action: "close" | "reopen"): Promise<void> {
  settle(id, await sendAdminJson("POST", `/api/admin/shipments/${id}/${action}`, ZShipmentDetailSchema));
}

export async function moveShipment(id: number, estado: ShipmentMoveStatus): Promise<string> {
  const answer = await sendAdminJson("POST", `/api/admin/shipments/${id}/status`, ZShipmentMoveResponseSchema, { estado });
  settle(id, answer);
  void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
  return answer.message;
}

export async function downloadManifest(id: number, ext: "xlsx" | "pdf"): Promise<void> {
  try {
    const res = await apiRequest("GET", `/api/admin/shipments/${id}/manifest.${ext}`);
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? `manifiesto.${ext}`;
    saveBlob(await res.blob(), fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
  }
}
