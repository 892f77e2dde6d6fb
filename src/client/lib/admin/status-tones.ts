// The badge colour of each package status, the same in every staff list.
import type { TrackingStatus } from "../../../shared/domain/statuses";

export const STATUS_TONES: Record<TrackingStatus, "info" | "warning" | "success" | "neutral" | "primary"> = {
  SEGUIMIENTO_INTERNACIONAL: "neutral",
  EN_BODEGA_MIAMI: "info",
  EN_ADUANAS: "warning",
  EN_BODEGA_CR: "info",
  LISTO_PARA_ENTREGAR: "primary",
  ENTREGADO: "success",
};
