// A traditional notice's status as a coloured badge.

import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { NOTICE_STATUS_LABELS, type NoticeStatus } from "../../../../shared/domain/statuses";

const NOTICE_TONES: Record<NoticeStatus, BadgeTone> = {
  PENDIENTE: "warning",
  EN_PROCESO: "info",
  COMPLETADO: "success",
  CANCELADO: "danger",
};

export function NoticeStatusBadge({ estado }: { estado: NoticeStatus }) {
  return <Badge tone={NOTICE_TONES[estado]}>{NOTICE_STATUS_LABELS[estado]}</Badge>;
}
