// @vitest-environment jsdom
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUERY_DEFAULTS } from "../../shared/domain/ui-constants";
import { EXCHANGE_RATE_QUERY_KEY, useExchangeRate } from "./use-exchange-rate";

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useExchangeRate", () => {
  it("uses the served rate", async () => {
    const fetchMock = vi.fn(async () => Response.json({ rate: 517, lastUpdated: "2024-05-01T15:00:00.000Z", source: "open.er-api.com" }));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useExchangeRate(), { wrapper: wrapper(newClient()) });
    expect(result.current.rate).toBe(514);
    await waitFor(() => expect(result.current.rate).toBe(517));
    expect(result.current).toMatchObject({ isLoading: false, isDefault: false, lastUpdated: "2024-05-01T15:00:00.000Z" });
    expect(fetchMock).toHaveBeenCalledWith("/api/exchange-rate", expect.objectContaining({ method: "GET", credentials: "include" }));
  });

  it("falls back to 514 when the call fails or answers nonsense", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("caído", { status: 503 })));
    const failed = renderHook(() => useExchangeRate(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(failed.result.current.isLoading).toBe(false));
    expect(failed.result.current).toMatchObject({ rate: 514, isDefault: true });

    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ rate: "mucho" })));
    const garbage = renderHook(() => useExchangeRate(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(garbage.result.current.isLoading).toBe(false));
    expect(garbage.result.current.rate).toBe(514);
  });

  it("keeps the last rate received when a later refresh fails", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ rate: 512, lastUpdated: "2024-05-01T15:00:00.000Z", source: "x" })));
    const client = newClient();
    const { result } = renderHook(() => useExchangeRate(), { wrapper: wrapper(client) });
    await waitFor(() => expect(result.current.rate).toBe(512));
    vi.stubGlobal("fetch", vi.fn(async () => new Response("", { status: 500 })));
    await act(async () => {
      await client.refetchQueries({ queryKey: EXCHANGE_RATE_QUERY_KEY });
    });
    expect(result.current.rate).toBe(512);
  });

  it("asks again every 30 minutes", () => {
    const client = newClient();
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ rate: 512, lastUpdated: null, source: "default" })));
    renderHook(() => useExchangeRate(), { wrapper: wrapper(client) });
    const query = client.getQueryCache().find({ queryKey: EXCHANGE_RATE_QUERY_KEY });
    const options = query?.observers[0]?.options;
    expect(options?.refetchInterval).toBe(30 * 60 * 1000);
  });
});
