// @vitest-environment jsdom
// Package internal notes (issue 18 item 14) and the paged 'Ver todos' (item 13), against a stubbed
// server: notes show on the row, save on leaving the field with only `notas` in the body, survive
// another field's save while being typed, and are not sent when unchanged; a client with 45
// packages shows them 20 at a time with Anterior / Siguiente.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../../lib/query-client";
import { CLIENTS_KEY } from "../../../lib/admin/admin-queries";
import { adminClientFixture, adminClientsPage, cleanUpAdminTest, json, renderAdmin } from "../../../test/admin-kit";
import type { TAdminClient, TAdminTracking } from "../../../../shared/api/admin/clients";
import { BulkSelectionProvider } from "./bulk-selection";
import { CachedTrackingRow } from "../../../test/tracking-row-harness";
import { ClientTrackings } from "./client-trackings";
import { trackingFixture } from "../../../test/fixtures/tracking";
import { TRACKING_NOTES_SAVED } from "./api";

const KEY = [...CLIENTS_KEY, "notes-test"];
let stored: TAdminTracking;
let pending: { url: string; body: Record<string, unknown>; release: () => void }[];
let gets: string[];
let version = 0;

const client = (trackings: TAdminTracking[], over: Partial<TAdminClient> = {}) => adminClientFixture({ trackings, ...over });
const page = (tracking: TAdminTracking) => adminClientsPage([client([tracking])]);

/** 45 packages, newest first, as the server pages them. */
const many = Array.from({ length: 45 }, (_, i) => trackingFixture({ id: 100 + i, trackingCode: `PKG${String(i).padStart(3, "0")}` }));

beforeEach(() => {
  stored = trackingFixture({ notas: "Caja frágil" });
  pending = [];
  gets = [];
  queryClient.clear();
  queryClient.setQueryData(KEY, page(stored));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        await new Promise<void>((release) => pending.push({ url, body, release }));
        stored = { ...stored, ...body, updatedAt: new Date(Date.UTC(2025, 2, 2, 0, 0, ++version)).toISOString() } as TAdminTracking;
        return json(200, { tracking: stored, notificationQueued: false, messaging: { configured: false } });
      }
      if (!init.method || init.method === "GET") {
        gets.push(url);
        const m = /^\/api\/admin\/clients\/9\/trackings(?:\?(.*))?$/.exec(url);
        if (m) {
          const params = new URLSearchParams(m[1] ?? "");
          const p = Number(params.get("page") ?? 1);
          const size = Number(params.get("pageSize") ?? 20);
          return json(200, { trackings: many.slice((p - 1) * size, p * size), total: many.length, page: p, pageSize: size });
        }
      }
      return json(404, { message: "no" });
    }),
  );
});
afterEach(cleanUpAdminTest);

const Row = () => <CachedTrackingRow queryKey={KEY} page={() => page(stored)} />;
const wrap = (children: React.ReactNode) => renderAdmin(<BulkSelectionProvider>{children}</BulkSelectionProvider>);

describe("Package notes on the row", () => {
  it("shows the stored notes, saves only `notas` on leaving the field, and skips an unchanged value", async () => {
    wrap(<Row />);
    const notas = screen.getByLabelText(/Notas internas/) as HTMLTextAreaElement;
    expect(notas.value).toBe("Caja frágil");
    notas.focus();
    notas.blur();
    expect(pending).toEqual([]);

    fireEvent.change(notas, { target: { value: "Caja frágil\nEntregar en la tarde " } });
    fireEvent.blur(notas);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0].url).toBe("/api/admin/trackings/1");
    expect(pending[0].body).toEqual({ notas: "Caja frágil\nEntregar en la tarde" });
    await act(async () => pending[0].release());
    expect(await screen.findByText(TRACKING_NOTES_SAVED)).toBeTruthy();
    expect(stored.notas).toBe("Caja frágil\nEntregar en la tarde");

    // Emptied: cleared (null), not an empty string.
    fireEvent.change(notas, { target: { value: "   " } });
    fireEvent.blur(notas);
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1].body).toEqual({ notas: null });
  });

  it("keeps notes being typed when a cost save resolves, and the cost save never carries them", async () => {
    wrap(<Row />);
    const costo = screen.getByLabelText("Costo (₡)") as HTMLInputElement;
    const notas = screen.getByLabelText(/Notas internas/) as HTMLTextAreaElement;
    costo.focus();
    fireEvent.change(costo, { target: { value: "5000" } });
    // Moving to the notes saves the cost (blur).
    notas.focus();
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0].body).toEqual({ costo: 5000 });
    fireEvent.change(notas, { target: { value: "Revisar" } });
    await act(async () => pending[0].release());
    await waitFor(() => expect(stored.costo).toBe(5000));
    expect(notas.value).toBe("Revisar");
    expect(stored.notas).toBe("Caja frágil");
  });
});

describe("'Ver todos' for a client with many packages", () => {
  it("pages 20 at a time with Anterior and Siguiente instead of one long card", async () => {
    const c = client(many.slice(0, 10), { trackingCount: many.length });
    wrap(<ClientTrackings client={c} rate={513} messaging={{ configured: false }} filtering={false} />);
    fireEvent.click(screen.getByRole("button", { name: /Ver trackings/ }));
    expect(screen.getAllByRole("listitem", { name: /^Tracking / })).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Ver todos (45)" }));

    const nav = await screen.findByRole("navigation", { name: "Páginas de trackings de Ana Mora" });
    expect(nav.textContent).toMatch(/Página 1 de 3/);
    expect(screen.getAllByRole("listitem", { name: /^Tracking / })).toHaveLength(20);
    expect(gets).toContain("/api/admin/clients/9/trackings?page=1&pageSize=20");

    fireEvent.click(within(nav).getByRole("button", { name: /Siguiente/ }));
    await waitFor(() => expect(screen.getByRole("listitem", { name: "Tracking PKG020" })).toBeTruthy());
    expect(screen.getAllByRole("listitem", { name: /^Tracking / })).toHaveLength(20);
    fireEvent.click(within(screen.getByRole("navigation", { name: /Páginas de trackings/ })).getByRole("button", { name: /Siguiente/ }));
    await waitFor(() => expect(screen.getAllByRole("listitem", { name: /^Tracking / })).toHaveLength(5));
    const last = screen.getByRole("navigation", { name: /Páginas de trackings/ });
    expect(last.textContent).toMatch(/Página 3 de 3/);
    expect((within(last).getByRole("button", { name: /Siguiente/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
