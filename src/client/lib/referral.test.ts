// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureReferralCode, clearPendingReferralCode, getPendingReferralCode, PENDING_REFERRAL_KEY } from "./referral";

function visit(address: string) {
  window.history.replaceState(null, "", address);
}

describe("referral capture", () => {
  beforeEach(() => {
    localStorage.clear();
    visit("/");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("saves a valid ?ref and removes only it from the address, keeping the rest", () => {
    visit("/avisos-tracking?utm=fb&ref=EXAB12CD&x=1#form");
    const pushes = vi.spyOn(window.history, "pushState");

    expect(captureReferralCode()).toBe("EXAB12CD");

    expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBe("EXAB12CD");
    expect(window.location.pathname).toBe("/avisos-tracking");
    expect(window.location.search).toBe("?utm=fb&x=1");
    expect(window.location.hash).toBe("#form");
    expect(pushes).not.toHaveBeenCalled();
    expect(getPendingReferralCode()).toBe("EXAB12CD");
  });

  it("leaves no dangling ? when ref was the only parameter", () => {
    visit("/?ref=EX000000");
    captureReferralCode();
    expect(window.location.href).toBe(`${window.location.origin}/`);
  });

  it.each(["exab12cd", "EXAB12C", "EXAB12CDE", "XXAB12CD", "EXAB-2CD", ""])(
    "warns about %j, saves nothing and leaves the address alone",
    (ref) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      visit(`/rastreo?ref=${encodeURIComponent(ref)}`);
      const before = window.location.href;

      expect(captureReferralCode()).toBeNull();

      expect(warn).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBeNull();
      expect(window.location.href).toBe(before);
    },
  );

  it("does nothing without a ref parameter", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    visit("/faq?q=1");
    expect(captureReferralCode()).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(window.location.search).toBe("?q=1");
  });

  it("keeps an earlier pending code when the address has an invalid one", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(PENDING_REFERRAL_KEY, "EXAAAAAA");
    visit("/?ref=bad");
    captureReferralCode();
    expect(getPendingReferralCode()).toBe("EXAAAAAA");
  });

  it("clears the pending code after registration", () => {
    localStorage.setItem(PENDING_REFERRAL_KEY, "EXAB12CD");
    clearPendingReferralCode();
    expect(getPendingReferralCode()).toBeNull();
  });

  it("ignores a stored value that is not a referral code", () => {
    localStorage.setItem(PENDING_REFERRAL_KEY, "<script>");
    expect(getPendingReferralCode()).toBeNull();
  });
});
