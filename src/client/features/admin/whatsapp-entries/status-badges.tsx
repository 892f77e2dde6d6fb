// Badges for a WhatsApp entry's status and for what happened to each WhatsApp message (sent,
// queued, failed with the reason).

import { CheckCircle2, Clock, MessageSquareOff, XCircle } from "lucide-react";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import {
  WHATSAPP_ENTRY_STATUS_LABELS,
  type WhatsappEntryStatus,
} from "../../../../shared/domain/statuses";
import {
  describeNotification,
  type NotificationTone,
  type TMessagingStatus,
  type TNotificationState,
} from "../../../../shared/api/notifications";
import { cn } from "../../../lib/cn";
import { RetryNotificationButton } from "../../../components/retry-notification-button";

const ENTRY_TONES: Record<WhatsappEntryStatus, BadgeTone> = {
  PENDIENTE: "warning",
  EN_BODEGA_MIAMI: "info",
  EN_TRANSITO: "info",
  EN_ADUANAS: "info",
  EN_BODEGA_CR: "info",
  LISTO_PARA_ENTREGAR: "success",
  ENTREGADO: "success",
  CANCELADO: "danger",
};

export function EntryStatusBadge({ estado }: { estado: WhatsappEntryStatus }) {
  return <Badge tone={ENTRY_TONES[estado]}>{WHATSAPP_ENTRY_STATUS_LABELS[estado]}</Badge>;
}

const NOTIFICATION_STYLE: Record<NotificationTone, { className: string; Icon: typeof Clock }> = {
  success: { className: "text-green-800", Icon: CheckCircle2 },
  pending: { className: "text-amber-800", Icon: Clock },
  danger: { className: "text-red-800", Icon: XCircle },
  muted: { className: "text-slate-600", Icon: MessageSquareOff },
};

/** One message's state in a sentence, with an icon; the full reason of a failure included, and 'Reintentar' beside it. */
export function NotificationStateLine({ notification, messaging }: { notification: TNotificationState; messaging: TMessagingStatus }) {
  const { label, tone } = describeNotification(notification, messaging);
  const { className, Icon } = NOTIFICATION_STYLE[tone];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={cn("inline-flex items-start gap-1.5 text-xs font-medium", className)}>
        <Icon className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <span>{label}</span>
      </span>
      <RetryNotificationButton notification={notification} />
    </span>
  );
}

/** The latest message of an entry, or a quiet dash when none was ever queued. */
export function LatestNotification({ notifications, messaging }: { notifications: TNotificationState[]; messaging: TMessagingStatus }) {
  const latest = notifications[0];
  if (!latest) return <span className="text-xs text-muted">Sin mensajes</span>;
  return <NotificationStateLine notification={latest} messaging={messaging} />;
}
