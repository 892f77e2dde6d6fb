import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvFile } from "./env-file";

const names = ["EI_ENV_FILE_ONLY", "EI_ENV_FILE_BOTH"];
afterEach(() => {
  for (const name of names) delete process.env[name];
});

describe("loadEnvFile", () => {
  it("fills in variables from .env without overriding the environment", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ei-env-")), ".env");
    writeFileSync(file, "EI_ENV_FILE_ONLY=del-archivo\nEI_ENV_FILE_BOTH=del-archivo\n");
    process.env.EI_ENV_FILE_BOTH = "del-entorno";
    expect(loadEnvFile(file)).toBe(true);
    expect(process.env.EI_ENV_FILE_ONLY).toBe("del-archivo");
    expect(process.env.EI_ENV_FILE_BOTH).toBe("del-entorno");
  });

  it("reads no file when told ENV_FILE=none", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ei-env-")), ".env");
    writeFileSync(file, "EI_ENV_FILE_ONLY=del-archivo\n");
    process.env.ENV_FILE = "none";
    try {
      expect(loadEnvFile()).toBe(false);
    } finally {
      delete process.env.ENV_FILE;
    }
    expect(process.env.EI_ENV_FILE_ONLY).toBeUndefined();
  });

  it("does nothing when there is no file", () => {
    expect(loadEnvFile(path.join(tmpdir(), "no-existe", ".env"))).toBe(false);
    expect(process.env.EI_ENV_FILE_ONLY).toBeUndefined();
  });
});
