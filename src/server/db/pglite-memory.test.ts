// The embedded database's memory (issue 37 item 6, decision 230): PGlite runs PostgreSQL inside the
// server's process and zero-fills its buffer pool at open, so shared_buffers is resident memory of
// the server from the start. The server opens it with PGLITE_SHARED_BUFFERS_MB (32 by default, not
// PostgreSQL's 128): the pages it no longer keeps are read again from the operating system's cache.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createMigratedPgliteDir } from "../test/database";
import { openDatabase } from "./client";

describe("the embedded database's buffer pool", () => {
  it("is 32 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise, and refuses a size that is not a whole positive number", () => {
    expect(loadConfig({ NODE_ENV: "test" }).pgliteSharedBuffersMb).toBe(32);
    expect(loadConfig({ NODE_ENV: "test", PGLITE_SHARED_BUFFERS_MB: "64" }).pgliteSharedBuffersMb).toBe(64);
    expect(() => loadConfig({ NODE_ENV: "test", PGLITE_SHARED_BUFFERS_MB: "0" })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    expect(() => loadConfig({ NODE_ENV: "test", PGLITE_SHARED_BUFFERS_MB: "mucho" })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it("opens with that many MB of shared_buffers, and its WebAssembly memory stays at PGlite's initial 128 MB", async () => {
    // A data folder as the server's (a copy of the run's migrated template: no initdb here).
    const folder = await mkdtemp(path.join(os.tmpdir(), "ei-pglite-memory-"));
    await createMigratedPgliteDir(path.join(folder, "pglite"));
    const database = await openDatabase({ dataDir: path.join(folder, "pglite"), sharedBuffersMb: loadConfig({ NODE_ENV: "test" }).pgliteSharedBuffersMb });
    try {
      const shown = (await database.db.execute<{ shared_buffers: string }>("show shared_buffers")) as unknown as { rows: { shared_buffers: string }[] };
      expect(shown.rows[0]?.shared_buffers).toBe("32MB");
      // With PostgreSQL's 128 MB the memory grows to about 189 MB at open.
      expect(database.wasmMemoryBytes?.()).toBe(128 * 2 ** 20);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000); // opening PGlite compiles its WebAssembly: 15–80 s of a busy 2-core machine
});
