// @vitest-environment jsdom
// Registro de cambios against a stubbed server: filters read from and written to the address
// (person from the accounts list, entity, action, dates; page back to 1), the records with their
// action label, person, IP and 'Ver cambios' before → after, 'Exportar' with the same filters,
// and 'Verificar la cadena' (decision 148).
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminTestShell, catchDownloads, cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../../test/admin-kit";
import type { TAuditChain, TAuditRecord, TStaffAccount } from "../../../../shared/api/admin/staff";
import { AuditSection } from "./audit-section";

const record = (over: Partial<TAuditRecord> = {}): TAuditRecord => ({
  id: 1,
  at: "2026-11-25T15:30:00.000Z",
  actorKind: "staff",
  actorAccountId: 2,
  actorLabel: "Marta Vargas",
  ip: "190.10.0.7",
  action: "paquete.estado",
  entity: "paquete",
  entityId: "44",
  summary: "TBA123",
  before: { estado: "EN_TRANSITO" },
  after: { estado: "ENTREGADO" },
  ...over,
});
const marta: TStaffAccount = {
  id: 2,
  login: "marta",
  name: "Marta Vargas",
  role: "oficina",
  builtIn: false,
  disabled: false,
  mustChangePassword: false,
  totpEnabled: false,
  openSessions: 1,
  lastSignInAt: null,
  createdAt: "2026-11-01T15:00:00.000Z",
};

const calls: FetchCall[] = [];
const urls = () => calls.map((c) => c.url);
let records: TAuditRecord[];
let total: number;
let chain: TAuditChain;
const saved: string[] = [];
const HEAD = "ab".repeat(32);

beforeEach(() => {
  records = [record()];
  total = 1;
  chain = { ok: true, checked: 120, head: { seq: 120, hash: HEAD }, broken: null };
  catchDownloads(saved);
  stubFetch((_method, url) => {
    if (url === "/api/admin/accounts") return json(200, [marta]);
    if (url === "/api/admin/audit/chain") return json(200, chain);
    if (url.startsWith("/api/admin/audit/export"))
      return new Response("xlsx", { status: 200, headers: { "content-disposition": 'attachment; filename="registro-2026-11-25.xlsx"' } });
    if (url.startsWith("/api/admin/audit")) {
      const page = Number(new URL(url, "http://x").searchParams.get("page") ?? 1);
      return json(200, { records, total, page, pageSize: 50 });
    }
    return json(404, { message: "no" });
  }, calls);
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanUpAdminTest();
});

let location: ReturnType<typeof memoryLocation>;
function renderAt(path = "/admin/registro") {
  location = memoryLocation({ path, record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdminTestShell>
        <AuditSection />
      </AdminTestShell>
    </Router>,
  );
}
const auditCalls = () => urls().filter((c) => c.startsWith("/api/admin/audit?") || c === "/api/admin/audit");

describe("Registro de cambios", () => {
  it("shows each record and its changes field by field, with no serious axe violations", async () => {
    renderAt();
    expect(await screen.findByText("Cambió el estado de un paquete", { selector: "li p" })).toBeTruthy();
    const texts = [...document.querySelectorAll("li p")].map((p) => p.textContent);
    expect(texts).toContain("Marta Vargas · IP 190.10.0.7");
    expect(screen.getByText("Paquete 44 · TBA123")).toBeTruthy();
    fireEvent.click(screen.getByText("Ver cambios"));
    const change = screen.getByText("estado").closest("div")!;
    expect(change.textContent).toBe("estadoEN_TRANSITO → ENTREGADO");
    expect(auditCalls()).toEqual(["/api/admin/audit?page=1&pageSize=50"]);
    await act(async () => {});
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("reads the filters from a shared link and asks the server with them", async () => {
    records = [];
    total = 0;
    renderAt("/admin/registro?accountId=2&entity=paquete&action=paquete.estado&from=2026-11-01&to=2026-11-25&page=2");
    expect(await screen.findByText("Ningún cambio coincide con los filtros")).toBeTruthy();
    expect(auditCalls()[0]).toBe("/api/admin/audit?accountId=2&entity=paquete&action=paquete.estado&from=2026-11-01&to=2026-11-25&page=2&pageSize=50");
    await waitFor(() => expect((screen.getByLabelText("Persona") as HTMLSelectElement).value).toBe("2"));
    expect((screen.getByLabelText("Entidad") as HTMLSelectElement).value).toBe("paquete");
    expect((screen.getByLabelText("Acción") as HTMLSelectElement).value).toBe("paquete.estado");
    expect((screen.getByLabelText("Desde") as HTMLInputElement).value).toBe("2026-11-01");
  });

  it("writes each filter to the address, back to page 1, and offers only the chosen entity's actions", async () => {
    records = Array.from({ length: 50 }, (_, i) => record({ id: i + 1 }));
    total = 120;
    renderAt("/admin/registro?page=2");
    await screen.findAllByText("Cambió el estado de un paquete", { selector: "li p" });
    fireEvent.change(screen.getByLabelText("Entidad"), { target: { value: "cuenta" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/registro?entity=cuenta"));
    const actions = within(screen.getByLabelText("Acción")).getAllByRole("option").map((o) => o.getAttribute("value"));
    expect(actions[0]).toBe("");
    expect(actions.slice(1).every((a) => a!.startsWith("cuenta."))).toBe(true);
    await waitFor(() => expect(within(screen.getByLabelText("Persona")).getAllByRole("option")).toHaveLength(2));
    fireEvent.change(screen.getByLabelText("Persona"), { target: { value: "2" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/registro?accountId=2&entity=cuenta"));
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-11-20" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/registro?accountId=2&entity=cuenta&to=2026-11-20"));
    await waitFor(() => expect(auditCalls()).toContain("/api/admin/audit?accountId=2&entity=cuenta&to=2026-11-20&page=1&pageSize=50"));
  });

  it("'Verificar la cadena' shows the chain intact with its head to write down, or the record that breaks it", async () => {
    renderAt();
    await screen.findByText("Cambió el estado de un paquete", { selector: "li p" });
    expect(urls()).not.toContain("/api/admin/audit/chain");
    fireEvent.click(screen.getByRole("button", { name: "Verificar la cadena" }));
    const status = screen.getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(`Cadena íntegra: 120 registros. Cabeza para anotar fuera del sistema: 120:${HEAD}`));

    chain = { ok: false, checked: 6, head: { seq: 120, hash: HEAD }, broken: { seq: 7, id: 9, reason: "El contenido del registro 7 no coincide con su huella: se cambió." } };
    fireEvent.click(screen.getByRole("button", { name: "Verificar la cadena" }));
    await waitFor(() => expect(status.textContent).toBe("Cadena rota: El contenido del registro 7 no coincide con su huella: se cambió."));
  });

  it("'Exportar' downloads the log with the same filters", async () => {
    renderAt("/admin/registro?entity=paquete&from=2026-11-01&page=3");
    await screen.findByText("Cambió el estado de un paquete", { selector: "li p" });
    fireEvent.click(screen.getByRole("button", { name: "Exportar" }));
    expect(await screen.findByText("¡Archivo descargado!")).toBeTruthy();
    expect(urls()).toContain("/api/admin/audit/export?entity=paquete&from=2026-11-01");
    expect(saved).toEqual(["registro-2026-11-25.xlsx"]);
  });
});
