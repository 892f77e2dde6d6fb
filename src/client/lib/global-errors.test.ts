// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { installGlobalErrorHandlers } from "./global-errors";

describe("global error handlers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs and suppresses uncaught errors and unhandled rejections", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    installGlobalErrorHandlers();
    installGlobalErrorHandlers(); // a second call must not double-log

    const boom = new Error("boom");
    const errorEvent = new ErrorEvent("error", { error: boom, message: "boom", cancelable: true });
    expect(window.dispatchEvent(errorEvent)).toBe(false);
    expect(errorEvent.defaultPrevented).toBe(true);

    const rejection = Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason: "nope" });
    expect(window.dispatchEvent(rejection)).toBe(false);

    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]).toContain(boom);
    expect(logged.mock.calls[1]).toContain("nope");
  });
});
