// A package as the admin API answers it, for the row and dialog tests: an air package in Miami
// with nothing measured yet; each test states what it changes.
import type { TAdminTracking } from "../../../../shared/api/admin/clients";

export const trackingFixture = (over: Partial<TAdminTracking> = {}): TAdminTracking => ({
  id: 1,
  clientId: 9,
  trackingCode: "1Z999AA10123456784",
  estado: "EN_BODEGA_MIAMI",
  origen: "USA",
  formaEnvio: "AVION",
  carrier: "UPS",
  tiendaOrigen: null,
  descripcionPaquete: null,
  pesoEstimado: null,
  valorDeclarado: null,
  costo: null,
  pesoPieCubicos: null,
  montoColones: null,
  montoRate: null,
  descuentoColones: null,
  cargosExtraColones: 0,
  totalColones: null,
  pagadoColones: 0,
  saldoColones: 0,
  notas: null,
  discountPercent: null,
  lastStatusChangeDate: "2025-03-01T15:00:00.000Z",
  updatedAt: "2025-03-01T15:00:00.000Z",
  createdAt: "2025-03-01T15:00:00.000Z",
  notification: null,
  matchesFilters: false,
  ...over,
});
