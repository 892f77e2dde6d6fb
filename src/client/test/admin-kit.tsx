// What the staff-side component tests share: a stubbed fetch that records each call and its JSON
// answers (the client portal's tests use it too), caught file downloads, the providers a staff
// screen renders inside (session + toasts), the clean-up after each test, and a client as the
// admin list answers it.
import type { ReactNode } from "react";
import { act, cleanup, render } from "@testing-library/react";
import { vi } from "vitest";
import { Toaster } from "../components/ui/toast";
import { dismissToast } from "../components/ui/use-toast";
import { queryClient } from "../lib/query-client";
import { AdminSessionContext, type AdminSession } from "../lib/admin/admin-session";
import type { TAdminClient, TAdminClientsResponse } from "../../shared/api/admin/clients";
import type { TStaffSession } from "../../shared/api/admin/staff";
import { ROLE_SECTIONS, STAFF_ROLE_LABELS, type StaffRole } from "../../shared/domain/staff-roles";

/** A JSON answer, as the server sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A call the stubbed fetch saw: method, address, body (parsed when JSON) (and the Authorization header when asked for). */
export type FetchCall = { method: string; url: string; body: unknown; auth?: string };
type FakeServer = (method: string, url: string, body: unknown) => Response | Promise<Response>;

/** For beforeEach: fetch answered by `server`, each call added to `calls` (emptied first). vi.unstubAllGlobals undoes it. */
export function stubFetch(server: FakeServer, calls: FetchCall[], { recordAuth = false } = {}) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      // A JSON body parsed; anything else (an uploaded file) as sent.
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      calls.push({ method, url, body, ...(recordAuth ? { auth } : {}) });
      return server(method, url, body);
    }),
  );
}

/** For beforeEach: files the screen saves are not written; their names go to `saved` (emptied first). vi.restoreAllMocks undoes the click spy. */
export function catchDownloads(saved: string[]) {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
}

/** GET /api/admin/session as the server answers it for a person of this role. */
export const staffSessionFixture = (role: StaffRole = "dueno", account: Partial<TStaffSession["account"]> = {}): TStaffSession => ({
  ok: true,
  account: {
    id: role === "dueno" ? 1 : role === "oficina" ? 2 : 3,
    login: role === "dueno" ? "admin" : role,
    name: role === "dueno" ? "Dueño" : `Persona de ${STAFF_ROLE_LABELS[role]}`,
    role,
    mustChangePassword: false,
    totpEnabled: false,
    ...account,
  },
  sections: account.mustChangePassword ? [] : [...ROLE_SECTIONS[role]],
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
});

/** The context a signed-in screen reads (nothing happens on logout or 401). */
export const testAdminSession = (over: Partial<AdminSession> = {}): AdminSession => ({
  logout: () => {},
  handleUnauthorized: () => false,
  staff: staffSessionFixture(),
  reloadStaff: async () => {},
  ...over,
});

/** A signed-in staff session (the built-in owner unless given) with the toasts shown. */
export function AdminTestShell({ children, session = testAdminSession() }: { children: ReactNode; session?: AdminSession }) {
  return (
    <AdminSessionContext.Provider value={session}>
      {children}
      <Toaster />
    </AdminSessionContext.Provider>
  );
}

export const renderAdmin = (children: ReactNode, session?: AdminSession) => render(<AdminTestShell session={session}>{children}</AdminTestShell>);

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
  tipoIdentificacion: null,
  identificacion: null,
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
  filteredTotal: clients.length,
  page: 1,
  pageSize: 20,
  messaging: { configured: false },
});
