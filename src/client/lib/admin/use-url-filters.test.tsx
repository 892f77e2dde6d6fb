// @vitest-environment jsdom
// Filters kept in the address: defaults stay out of it, a filter change sends the list to page
// 1, typing replaces the history entry while choosing pushes one, and the address read back
// (reload, a shared link) gives the same filters.
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { describe, expect, it } from "vitest";
import { readUrlFilters, useUrlFilters, writeUrlFilters } from "./use-url-filters";

const DEFAULTS = { q: "", estado: "todos", page: "1" };

function setup(path: string, beforeChange?: (next: typeof DEFAULTS) => void) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  const hook = renderHook(() => useUrlFilters(DEFAULTS, beforeChange), { wrapper });
  return { location, hook };
}

describe("useUrlFilters", () => {
  it("reads a shared link's filters over the defaults and ignores unknown keys", () => {
    const { hook } = setup("/admin?q=jim%C3%A9nez&estado=EN_TRANSITO&otro=1");
    expect(hook.result.current.values).toEqual({ q: "jiménez", estado: "EN_TRANSITO", page: "1" });
  });

  it("writes only what differs from the defaults and sends a filter change back to page 1", () => {
    const { hook, location } = setup("/admin?page=3");
    act(() => hook.result.current.set({ estado: "LISTO" }));
    expect(location.history?.at(-1)).toBe("/admin?estado=LISTO");
    act(() => hook.result.current.set({ page: "2" }));
    expect(location.history?.at(-1)).toBe("/admin?estado=LISTO&page=2");
    act(() => hook.result.current.reset());
    expect(location.history?.at(-1)).toBe("/admin");
  });

  it("replaces the entry for typed text and pushes one for a choice", () => {
    const { hook, location } = setup("/admin");
    act(() => hook.result.current.set({ q: "ana" }, { replace: true }));
    expect(location.history).toEqual(["/admin?q=ana"]);
    act(() => hook.result.current.set({ estado: "LISTO" }));
    expect(location.history).toEqual(["/admin?q=ana", "/admin?q=ana&estado=LISTO"]);
  });

  it("hands the new values to the section before the address changes (it asks for the page then)", () => {
    const seen: { next: typeof DEFAULTS; addressThen: string | undefined }[] = [];
    const { hook, location } = setup("/admin?page=3", (next) => seen.push({ next, addressThen: location.history?.at(-1) }));
    act(() => hook.result.current.set({ estado: "LISTO" }));
    act(() => hook.result.current.set({ page: "2" }));
    expect(seen).toEqual([
      { next: { q: "", estado: "LISTO", page: "1" }, addressThen: "/admin?page=3" },
      { next: { q: "", estado: "LISTO", page: "2" }, addressThen: "/admin?estado=LISTO" },
    ]);
  });

  it("round-trips through the address", () => {
    const values = { q: "a&b=c ñ", estado: "todos", page: "4" };
    expect(readUrlFilters(new URLSearchParams(writeUrlFilters(values, DEFAULTS)), DEFAULTS)).toEqual(values);
  });
});
