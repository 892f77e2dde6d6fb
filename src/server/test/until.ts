// Waiting on a condition in a test (never a fixed sleep as the thing asserted): vitest's own
// vi.waitFor polls the check until it holds, failing with what was awaited when it never does.
import { vi } from "vitest";

export async function until(check: () => boolean | Promise<boolean>, what = "the condition", timeoutMs = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
