// The verified client code in local storage (public-site §2, §3): the assistant writes it after
// a successful check and removes it on 'Cambiar'; the page clears it on load and re-reads it
// every 500 ms to decide whether the coupons panel shows.

import { useEffect, useState } from "react";
import { VERIFY_CODE_PATTERN } from "../../../shared/domain/client-code";
import { VERIFIED_CODE_POLL_MS } from "../../../shared/domain/ui-constants";

/** The spec leaves the key's name open (any key works). */
export const VERIFIED_CODE_STORAGE_KEY = "partsAssistantClientCode";

// Storage can be missing or refuse access (private modes, blocked cookies): the page then
// simply works without remembering the code.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored code, if it still looks like one. */
export function readVerifiedCode(): string | null {
  try {
    const code = storage()?.getItem(VERIFIED_CODE_STORAGE_KEY) ?? null;
    return code && VERIFY_CODE_PATTERN.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function storeVerifiedCode(code: string): void {
  try {
    storage()?.setItem(VERIFIED_CODE_STORAGE_KEY, code);
  } catch {
    // Quota or privacy settings: nothing to remember, nothing breaks.
  }
}

export function clearVerifiedCode(): void {
  try {
    storage()?.removeItem(VERIFIED_CODE_STORAGE_KEY);
  } catch {
    // As above.
  }
}

/**
 * The stored code, re-read every 500 ms. With `clearOnMount` the code a previous visit left is
 * removed first, so nothing shows until this visit verifies again.
 */
export function useStoredVerifiedCode({ clearOnMount = false }: { clearOnMount?: boolean } = {}): string | null {
  const [code, setCode] = useState<string | null>(() => (clearOnMount ? null : readVerifiedCode()));
  useEffect(() => {
    if (clearOnMount) clearVerifiedCode();
    const timer = setInterval(() => setCode(readVerifiedCode()), VERIFIED_CODE_POLL_MS);
    return () => clearInterval(timer);
  }, [clearOnMount]);
  return code;
}
