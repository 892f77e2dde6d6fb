// 'Reintentar' beside a failed WhatsApp message's state (issue 18 item 15): the server queues it
// again and wakes the sender; the toast says whether it will really go out, and every list that
// shows message states is refetched. Shared by the package rows and the WhatsApp entries.

import { useMutation } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Button } from "./ui/button";
import { toast } from "./ui/use-toast";
import { queryClient } from "../lib/query-client";
import { ADMIN_QUERY_ROOT, sendAdminJson, useChangeErrorToast } from "../lib/admin/admin-api";
import { ENTRIES_KEY } from "../lib/admin/tracking-panel-queries";
import {
  RETRY_BUTTON_TEXT,
  RETRY_FAILED_TITLE,
  RETRY_NOT_CONFIGURED_TEXT,
  RETRY_QUEUED_TEXT,
  RETRY_QUEUED_TITLE,
  NOTIFICATION_RETRY_ROUTE,
  type TNotificationState,
} from "../../shared/api/notifications";
import { routePath } from "../../shared/api/contract";
import { staffMayRetry } from "../../shared/domain/whatsapp-outbox";

export function useRetryNotification() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (id: number) => sendAdminJson("POST", routePath(NOTIFICATION_RETRY_ROUTE, { id }), NOTIFICATION_RETRY_ROUTE.responses[200]),
      onSuccess: ({ messaging }) => {
        toast({ title: RETRY_QUEUED_TITLE, description: messaging.configured ? RETRY_QUEUED_TEXT : RETRY_NOT_CONFIGURED_TEXT });
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
        void queryClient.invalidateQueries({ queryKey: ENTRIES_KEY });
      },
      onError: (error) => fail(error, RETRY_FAILED_TITLE, RETRY_FAILED_TITLE),
    },
    queryClient,
  );
}

/** Shown only for a FAILED message whose failure another try can fix (decision 213); nothing otherwise. */
export function RetryNotificationButton({ notification }: { notification: Pick<TNotificationState, "id" | "status" | "errorCode"> }) {
  const retry = useRetryNotification();
  if (!staffMayRetry(notification.status, notification.errorCode)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8"
      disabled={retry.isPending}
      aria-label={`${RETRY_BUTTON_TEXT} el envío del mensaje`}
      onClick={() => retry.mutate(notification.id)}
    >
      <RotateCw className="h-3.5 w-3.5" aria-hidden="true" />
      {RETRY_BUTTON_TEXT}
    </Button>
  );
}
