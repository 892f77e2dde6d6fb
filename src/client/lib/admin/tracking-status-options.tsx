// The <option>s of every package-status select staff use (a package's row and form, the bulk
// change bar, the Clientes filter): the statuses staff can choose, in their order and with their
// labels, plus a package's current status when it is not one of them, so the select still shows it.
// A package's select reads in its origin's words ("En bodega China"); the others in the neutral form.
import { ADMIN_TRACKING_STATUSES, trackingStatusLabel, type Origin, type TrackingStatus } from "../../../shared/domain/statuses";

export function TrackingStatusOptions({ current, origin = null }: { current?: TrackingStatus; origin?: Origin | null }) {
  const statuses: readonly TrackingStatus[] =
    current !== undefined && !(ADMIN_TRACKING_STATUSES as readonly TrackingStatus[]).includes(current)
      ? [...ADMIN_TRACKING_STATUSES, current]
      : ADMIN_TRACKING_STATUSES;
  return statuses.map((s) => (
    <option key={s} value={s}>
      {trackingStatusLabel(s, origin)}
    </option>
  ));
}
