// Recepción and Sin dueño calls (issue 20): the scan lookup, receiving, and Sin dueño's list,
// register, edit, assign and the assign dialog's client lookup; Por confirmar's list, confirm and reject.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson } from "../../../lib/admin/admin-api";
import { routePath } from "../../../../shared/api/contract";
import { queryClient } from "../../../lib/query-client";
import {
  WAREHOUSE_ASSIGN_ROUTE,
  WAREHOUSE_CLIENT_ROUTE,
  WAREHOUSE_MATCH_CONFIRM_ROUTE,
  WAREHOUSE_MATCH_REJECT_ROUTE,
  WAREHOUSE_MATCHES_ROUTE,
  WAREHOUSE_RECEIVE_ROUTE,
  WAREHOUSE_SCAN_ROUTE,
  WAREHOUSE_UNCLAIMED_CREATE_ROUTE,
  WAREHOUSE_UNCLAIMED_ROUTE,
  WAREHOUSE_UNCLAIMED_UPDATE_ROUTE,
  type TCreateUnclaimedForm,
  type TReceiveForm,
} from "../../../../shared/api/admin/warehouse";

const UNCLAIMED_KEY = [ADMIN_QUERY_ROOT, "warehouse", "unclaimed"] as const;

export const scanCode = (code: string) => getAdminJson(routePath(WAREHOUSE_SCAN_ROUTE, { code }), WAREHOUSE_SCAN_ROUTE.responses[200]);

export const receivePackage = (body: TReceiveForm) => sendAdminJson("POST", routePath(WAREHOUSE_RECEIVE_ROUTE), WAREHOUSE_RECEIVE_ROUTE.responses[200], body);

export async function createUnclaimed(body: TCreateUnclaimedForm) {
  const answer = await sendAdminJson("POST", routePath(WAREHOUSE_UNCLAIMED_CREATE_ROUTE), WAREHOUSE_UNCLAIMED_CREATE_ROUTE.responses[201], body);
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function updateUnclaimed(id: number, body: Record<string, unknown>) {
  const answer = await sendAdminJson("PATCH", routePath(WAREHOUSE_UNCLAIMED_UPDATE_ROUTE, { id }), WAREHOUSE_UNCLAIMED_UPDATE_ROUTE.responses[200], body);
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function assignUnclaimed(id: number, clientCode: string) {
  const answer = await sendAdminJson("POST", routePath(WAREHOUSE_ASSIGN_ROUTE, { id }), WAREHOUSE_ASSIGN_ROUTE.responses[200], { clientCode });
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export function useMatches() {
  return useQuery({ queryKey: [...UNCLAIMED_KEY, "matches"], queryFn: () => getAdminJson(routePath(WAREHOUSE_MATCHES_ROUTE), WAREHOUSE_MATCHES_ROUTE.responses[200]) }, queryClient);
}

/** Confirms a proposed match (docs/decisions/155); `confirmarDiferencia` when the label's code differs. */
export async function confirmMatch(id: number, confirmarDiferencia: boolean) {
  const answer = await sendAdminJson("POST", routePath(WAREHOUSE_MATCH_CONFIRM_ROUTE, { id }), WAREHOUSE_MATCH_CONFIRM_ROUTE.responses[200], { confirmarDiferencia });
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export async function rejectMatch(id: number) {
  const answer = await sendAdminJson("POST", routePath(WAREHOUSE_MATCH_REJECT_ROUTE, { id }), WAREHOUSE_MATCH_REJECT_ROUTE.responses[200], {});
  void queryClient.invalidateQueries({ queryKey: UNCLAIMED_KEY });
  return answer;
}

export const clientByCode = (code: string) => getAdminJson(routePath(WAREHOUSE_CLIENT_ROUTE, { code }), WAREHOUSE_CLIENT_ROUTE.responses[200]);

export function useUnclaimedList(q: string, page: number) {
  return useQuery(
    {
      queryKey: [...UNCLAIMED_KEY, q, page],
      queryFn: () => getAdminJson(routePath(WAREHOUSE_UNCLAIMED_ROUTE, { q, page }), WAREHOUSE_UNCLAIMED_ROUTE.responses[200]),
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
