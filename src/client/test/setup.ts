// Set-up of every test file (vitest.config.ts). In the jsdom files only: each test's render is
// unmounted after it (no tree left mounted into the next test, whatever the file forgets), and
// Testing Library's findBy/waitFor wait up to 10 s for their condition instead of 1 s, so a
// lazily loaded chunk that arrives late on a busy machine is waited for, not failed on. They
// still return as soon as the condition holds.
import { afterEach } from "vitest";

if (typeof document !== "undefined") {
  const { cleanup, configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => cleanup());
}
