// Recepción and Sin dueño calls (issue 20): the scan lookup, receiving, and Sin dueño's list,
// register, edit, assign and the assign dialog's client lookup; Por confirmar's list, confirm and reject.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ADMIN_QUERY_ROOT, getAdminJson, queryString, sendAdminJson } from "../../../lib/admin/admin-api";
import { queryClient } from "../../../lib/query-client";
import {
  WAREHOUSE_CLIENT_PATH,
  WAREHOUSE_MATCHES_PATH,
  ZMatchListResponseSchema,
  ZRejectMatchResponseSchema,
  WAREHOUSE_RECEIVE_PATH,
  WAREHOUSE_SCAN_PATH,
  WAREHOUSE_UNCLAIMED_PATH,
  ZAssignUnclaimedResponseSchema,
  ZReceiveResponseSchema,
  ZUnclaimedListResponseSchema,
  ZUnclaimedResponseSchema,
  ZWarehouseClientResponseSchema,
  ZWarehouseScanResponseSchema,
  type TCreateUnclaimedForm,
  type TReceiveForm,
} from "../../../../shared/api/admin/warehouse";

const UNCLAIMED_KEY = [ADMIN_QUERY_ROOT, "warehouse", "unclaimed"] as const;

export const scanCode = (code: string) => getAdminJson(`${WAREHOUSE_SCAN_PATH}${queryString({ code })}`, ZWarehouseScanResponseSchema);

export const receivePackage = (body: TReceiveForm) => sendAdminJson("POST", WAREHOUSE_RECEIVE_PATH, ZReceiveResponseSchema, body);

export async function createUnclaimed(body: TCreateUnclaimedForm) {
  const answer = await sendAdminJson("POST", WAREHOUSE_UNCLAIMED_PATH, ZUnclaimedResponseSchema, body);
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function updateUnclaimed(id: number, body: Record<string, unknown>) {
  const answer = await sendAdminJson("PATCH", `${WAREHOUSE_UNCLAIMED_PATH}/${id}`, ZUnclaimedResponseSchema, body);
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function assignUnclaimed(id: number, clientCode: string) {
  const answer = await sendAdminJson("POST", `${WAREHOUSE_UNCLAIMED_PATH}/${id}/assign`, ZAssignUnclaimedResponseSchema, { clientCode });
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export function useMatches() {
  return useQuery({ queryKey: [...UNCLAIMED_KEY, "matches"], queryFn: () => getAdminJson(WAREHOUSE_MATCHES_PATH, ZMatchListResponseSchema) }, queryClient);
}

/** Confirms a proposed match (docs/decisions/155); `confirmarDiferencia` when the label's code differs. */
export async function confirmMatch(id: number, confirmarDiferencia: boolean) {
  const answer = await sendAdminJson("POST", `${WAREHOUSE_MATCHES_PATH}/${id}/confirm`, ZAssignUnclaimedResponseSchema, { confirmarDiferencia });
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function rejectMatch(id: number) {
  const answer = await sendAdminJson("POST", `${WAREHOUSE_MATCHES_PATH}/${id}/reject`, ZRejectMatchResponseSchema, {});
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export const clientByCode = (code: string) => getAdminJson(`${WAREHOUSE_CLIENT_PATH}${queryString({ code })}`, ZWarehouseClientResponseSchema);

export function useUnclaimedList(q: string, page: number) {
  return useQuery(
    {
      queryKey: [...UNCLAIMED_KEY, q, page],
      queryFn: () => getAdminJson(`${WAREHOUSE_UNCLAIMED_PATH}${queryString({ q, page })}`, ZUnclaimedListResponseSchema),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

/** "1.250" or "1250" → 1250; anything else → undefined (the server answers why). */
export function wholeGrams(text: string): number | undefined {
  const digits = text.replace(/[.\s]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** "45,5" or "45.5" → 45.5; blank → undefined. */
export function centimetres(text: string): number | undefined {
  const raw = text.trim().replace(",", ".");
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}
