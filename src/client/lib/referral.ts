// Referral capture (public-site §4): a valid ?ref=EX…… in the address is kept in local storage
// until registration sends it, and taken out of the address without a reload.

import { useSyncExternalStore } from "react";
import { isReferralCode } from "../../shared/domain/client-code";

export const PENDING_REFERRAL_KEY = "pendingReferralCode";

/** Runs once on app load; returns the code it saved, or null. */
export function captureReferralCode(win: Window = window): string | null {
  const url = new URL(win.location.href);
  const ref = url.searchParams.get("ref");
  if (ref === null) return null;
  if (!isReferralCode(ref)) {
    console.warn(`Código de referido inválido en la dirección: "${ref}"`);
    return null;
  }
  try {
    win.localStorage.setItem(PENDING_REFERRAL_KEY, ref);
  } catch (err) {
    // Private modes can refuse storage; the visitor can still register without the referral.
    console.warn("No se pudo guardar el código de referido", err);
    return null;
  }
  url.searchParams.delete("ref");
  win.history.replaceState(win.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return ref;
}

export function getPendingReferralCode(): string | null {
  try {
    const code = localStorage.getItem(PENDING_REFERRAL_KEY);
    return code && isReferralCode(code) ? code : null;
  } catch {
    return null;
  }
}

export function clearPendingReferralCode(): void {
  try {
    localStorage.removeItem(PENDING_REFERRAL_KEY);
  } catch {
    // Nothing stored is nothing to clear.
  }
}

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * The pending referral code for a component to show. The prerendered page cannot know it: the
 * server's snapshot is null, so hydration draws what the HTML holds and React then draws the
 * banner, rather than a mismatch (React error #418) that makes it throw the page's HTML away.
 */
export function usePendingReferralCode(): string | null {
  return useSyncExternalStore(subscribeToStorage, getPendingReferralCode, () => null);
}
