// What the client portal's component tests share: the client and a package as the lookup answers
// them, /rastreo rendered with the app's query defaults (the default GET of a key's segments that
// the panels rely on), and a search for a code as the client types it. The stubbed fetch is
// admin-kit's stubFetch.
import { fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../components/ui/toast";
import { getQueryFn } from "../lib/api";
import { ClientPortal } from "../features/trackings/client-portal";
import type { TClientTracking } from "../../shared/api/trackings";

export const PORTAL_CLIENT = { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: "EXQR7TUV", identificacion: null };

/** A package in international tracking with nothing on it yet, as the lookup answers it. */
export function clientTrackingFixture(overrides: Partial<TClientTracking> = {}): TClientTracking {
  return {
    id: 1,
    trackingCode: "1Z999AA10123456784",
    estado: "SEGUIMIENTO_INTERNACIONAL",
    origen: "USA",
    formaEnvio: "AVION",
    carrier: "UPS",
    descripcionPaquete: null,
    tiendaOrigen: null,
    valorDeclarado: null,
    diferencia: null,
    pesoVolumetricoGramos: null,
    pesoPieCubicos: null,
    montoColones: null,
    createdAt: "2031-02-01T15:00:00.000Z",
    lastEventAt: "2031-02-01T15:00:00.000Z",
    history: [{ previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", changedAt: "2031-02-01T15:00:00.000Z" }],
    coupon: null,
    photos: [],
    delivery: null,
    cargo: null,
    enVerificacion: false,
    factura: null,
    ...overrides,
  };
}

/** /rastreo with its toasts; `history` lists the addresses it went through. */
export function renderPortal() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: "throw" }) }, mutations: { retry: false } },
  });
  const location = memoryLocation({ path: "/rastreo", record: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <ClientPortal />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, history: location.history };
}

/** Types `code` into "Código de cliente" and presses Buscar. */
export function searchCode(code: string) {
  fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
}
