// What the staff-side component tests share: a JSON answer for a stubbed fetch, the providers a
// staff screen renders inside (session + toasts), the clean-up after each test, and a client as
// the admin list answers it.
import type { ReactNode } from "react";
import { act, cleanup, render } from "@testing-library/react";
import { vi } from "vitest";
import { Toaster } from "../components/ui/toast";
import { dismissToast } from "../components/ui/use-toast";
import { queryClient } from "../lib/query-client";
import { AdminSessionContext } from "../lib/admin/admin-session";
import type { TAdminClient, TAdminClientsResponse } from "../../shared/api/admin/clients";

/** A JSON answer, as the server sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A signed-in staff session (nothing happens on logout or 401) with the toasts shown. */
export function AdminTestShell({ children }: { children: ReactNode }) {
  return (
    <AdminSessionContext.Provider value={{ logout: () => {}, handleUnauthorized: () => false }}>
      {children}
      <Toaster />
    </AdminSessionContext.Provider>
  );
}

export const renderAdmin = (children: ReactNode) => render(<AdminTestShell>{children}</AdminTestShell>);

/** For afterEach: toasts dismissed, tree unmounted, fetch stub undone, query cache emptied. */
export function cleanUpAdminTest() {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
}

/** Ana Mora (EX123456, welcome sent) with the given packages; each test states what it changes. */
export const adminClientFixture = (over: Partial<TAdminClient> = {}): TAdminClient => ({
  id: 9,
  clientCode: "EX123456",
  nombre: "Ana Mora",
  telefono: "+50688887777",
  direccion: "Grecia",
  email: null,
  notas: null,
  createdAt: "2025-03-01T15:00:00.000Z",
  whatsappEnviado: "ENVIADO",
  whatsappEnviadoAt: null,
  welcomeNotification: null,
  searchCount: 0,
  searchLimit: 10,
  unlimitedAccess: 0,
  trackingCount: over.trackings?.length ?? 0,
  trackings: [],
  ...over,
});

/** One page of the client list holding just these clients. */
export const adminClientsPage = (clients: TAdminClient[]): TAdminClientsResponse => ({
  clients,
  total: clients.length,
  filteredTotal: clients.length,
  stats: { totalClients: clients.length, pendingWhatsapp: 0, activeTrackings: 1 },
  page: 1,
  pageSize: 20,
  messaging: { configured: false },
});
