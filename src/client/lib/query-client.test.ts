import { describe, expect, it } from "vitest";
import { queryClient } from "./query-client";

describe("queryClient", () => {
  it("never retries, never goes stale, never refetches by itself and drops unused data after 5 minutes", () => {
    const queries = queryClient.getDefaultOptions().queries;
    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      gcTime: 300_000,
    });
    expect(typeof queries?.queryFn).toBe("function");
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
