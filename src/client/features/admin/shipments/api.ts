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
import { routePath } from "../../../../shared/api/contract";
import {
  SHIPMENT_ADD_ROUTE,
  SHIPMENT_CLOSE_ROUTE,
  SHIPMENT_CREATE_ROUTE,
  SHIPMENT_MANIFEST_PDF_ROUTE,
  SHIPMENT_MANIFEST_XLSX_ROUTE,
  SHIPMENT_MOVE_ROUTE,
  SHIPMENT_READY_ROUTE,
  SHIPMENT_REMOVE_ROUTE,
  SHIPMENT_REOPEN_ROUTE,
  SHIPMENT_ROUTE,
  SHIPMENT_UPDATE_ROUTE,
  SHIPMENTS_ROUTE,
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
      queryFn: () => getAdminJson(routePath(SHIPMENTS_ROUTE, { page }), SHIPMENTS_ROUTE.responses[200]),
    },
    queryClient,
  );
}

export function useShipment(id: number) {
  return useQuery(
    { queryKey: [...SHIPMENTS_KEY, "one", id], queryFn: () => getAdminJson(routePath(SHIPMENT_ROUTE, { id }), SHIPMENT_ROUTE.responses[200]) },
    queryClient,
  );
}

export function useReadyPackages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SHIPMENTS_KEY, "ready", id],
    queryFn: () => getAdminJson(routePath(SHIPMENT_READY_ROUTE, { id }), SHIPMENT_READY_ROUTE.responses[200]),
    enabled,
  }, queryClient);
}

/** Puts a fresh answer in place and refetches the list (totals, states) and the ready packages. */
function settle(id: number, detail: TShipmentDetail): void {
  queryClient.setQueryData([...SHIPMENTS_KEY, "one", id], { shipment: detail.shipment, packages: detail.packages });
  void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, "list"] });
  void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, "ready", id] });
}

/** Loads the shipment again (a package's invoice changed: docs/decisions/241). */
export function refreshShipment(id: number): void {
  void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, "one", id] });
}

export async function createShipment(body: TCreateShipmentRequest): Promise<TShipmentDetail> {
  const detail = await sendAdminJson(SHIPMENT_CREATE_ROUTE.method, routePath(SHIPMENT_CREATE_ROUTE), SHIPMENT_CREATE_ROUTE.responses[201], body);
  settle(detail.shipment.id, detail);
  return detail;
}

export async function updateShipment(id: number, body: TUpdateShipmentRequest): Promise<void> {
  settle(id, await sendAdminJson(SHIPMENT_UPDATE_ROUTE.method, routePath(SHIPMENT_UPDATE_ROUTE, { id }), SHIPMENT_UPDATE_ROUTE.responses[200], body));
}

/** The add's outcome: added, or the packages to choose from when several clients share the number. */
export type AddOutcome = { kind: "added"; added: number } | { kind: "choose"; matches: TShipmentPackage[] };

export async function addToShipment(id: number, body: { code: string } | { trackingIds: number[] }): Promise<AddOutcome> {
  try {
    const answer = await sendAdminJson(SHIPMENT_ADD_ROUTE.method, routePath(SHIPMENT_ADD_ROUTE, { id }), SHIPMENT_ADD_ROUTE.responses[200], body);
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
  settle(id, await sendAdminJson(SHIPMENT_REMOVE_ROUTE.method, routePath(SHIPMENT_REMOVE_ROUTE, { id, trackingId }), SHIPMENT_REMOVE_ROUTE.responses[200]));
}

export async function closeOrReopen(id: number, action: "close" | "reopen"): Promise<void> {
  const route = action === "close" ? SHIPMENT_CLOSE_ROUTE : SHIPMENT_REOPEN_ROUTE;
  settle(id, await sendAdminJson(route.method, routePath(route, { id }), route.responses[200]));
}

export async function moveShipment(id: number, estado: ShipmentMoveStatus): Promise<string> {
  const answer = await sendAdminJson(SHIPMENT_MOVE_ROUTE.method, routePath(SHIPMENT_MOVE_ROUTE, { id }), SHIPMENT_MOVE_ROUTE.responses[200], { estado });
  settle(id, answer);
  void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
  return answer.message;
}

export async function downloadManifest(id: number, ext: "xlsx" | "pdf"): Promise<void> {
  try {
    const route = ext === "xlsx" ? SHIPMENT_MANIFEST_XLSX_ROUTE : SHIPMENT_MANIFEST_PDF_ROUTE;
    const res = await apiRequest(route.method, routePath(route, { id }));
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? `manifiesto.${ext}`;
    saveBlob(await res.blob(), fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
  }
}
