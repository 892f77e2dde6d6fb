// The portal's calls (public-site §7): the client's packages by code, and pre-alert, edit and
// delete, and a SINPE receipt (issue 21), each refreshing the list when done.

import { useCallback, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import {
  CLIENT_TRACKING_DELETE_ROUTE,
  CLIENT_TRACKING_UPDATE_ROUTE,
  CLIENT_TRACKINGS_ROUTE,
  PRE_ALERT_ROUTE,
  type TClientTracking,
  type TClientTrackingsResponse,
  type TPreAlertCreateRequest,
  type TPreAlertRequest,
} from "../../../shared/api/trackings";
import { PAYMENT_PROOF_ROUTE, type TPaymentProofForm } from "../../../shared/api/payments";
import { routePath } from "../../../shared/api/contract";

export const clientTrackingsKey = (clientCode: string) => [CLIENT_TRACKINGS_ROUTE.path, clientCode] as const;

export function useClientTrackings(clientCode: string | null) {
  return useQuery({
    queryKey: clientTrackingsKey(clientCode ?? ""),
    queryFn: async () => {
      // Read as sent (no zod pass over the whole lookup): the server holds these bytes to the contract.
      const res = await apiRequest("GET", routePath(CLIENT_TRACKINGS_ROUTE, { code: clientCode ?? "" }));
      return (await res.json()) as TClientTrackingsResponse;
    },
    enabled: Boolean(clientCode),
  });
}

/**
 * Photo and signature links last 30–60 minutes (docs/decisions/146): an image that fails to load
 * on a page left open reads the packages again, which brings fresh links. Once per address, so an
 * image that is really gone does not ask again and again.
 */
export function useRefreshOnImageError(clientCode: string): (src: string) => void {
  const queryClient = useQueryClient();
  const tried = useRef(new Set<string>());
  return useCallback(
    (src: string) => {
      if (tried.current.has(src)) return;
      tried.current.add(src);
      void queryClient.invalidateQueries({ queryKey: clientTrackingsKey(clientCode) });
    },
    [queryClient, clientCode],
  );
}

export function useTrackingMutations(clientCode: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientTrackingsKey(clientCode) });

  const create = useMutation({
    mutationFn: async (body: TPreAlertCreateRequest) =>
      (await (await apiRequest("POST", routePath(PRE_ALERT_ROUTE), body)).json()) as TClientTracking,
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TPreAlertRequest }) =>
      (await (await apiRequest("PATCH", routePath(CLIENT_TRACKING_UPDATE_ROUTE, { id }), body)).json()) as TClientTracking,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", routePath(CLIENT_TRACKING_DELETE_ROUTE, { id }), { clientCode });
      return id;
    },
    onSettled: refresh,
  });
  return { create, update, remove };
}

/** POST /api/clients/payment-proofs (issue 21): the receipt, then the lookup again (its list of comprobantes). */
export function useSendPaymentProof(clientCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TPaymentProofForm) =>
      PAYMENT_PROOF_ROUTE.responses[201].parse(await (await apiRequest(PAYMENT_PROOF_ROUTE.method, routePath(PAYMENT_PROOF_ROUTE), body)).json()).comprobante,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientTrackingsKey(clientCode) }),
  });
}
