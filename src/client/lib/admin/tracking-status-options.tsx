// The <option>s of every package-status select staff use (a package's row and form, the bulk
// change bar, the Clientes filter): the statuses staff can choose, in their order and with their
// labels, plus a package's current status when it is not one of them, so the select still shows it.
import { ADMIN_TRACKING_STATUSES, TRACKING_STATUS_LABELS, type TrackingStatus } from "../../../shared/domain/statuses";

export function TrackingStatusOptions({ current }: { current?: TrackingStatus }) {
  const statuses: readonly TrackingStatus[] =
    current !== undefined && !(ADMIN_TRACKING_STATUSES as readonly TrackingStatus[]).includes(current)
      ? [...ADMIN_TRACKING_STATUSES, current]
      : ADMIN_TRACKING_STATUSES;
  return statuses.map((s) => (
    <option key={s} value={s}>
      {TRACKING_STATUS_LABELS[s]}
    </option>
  ));
}
