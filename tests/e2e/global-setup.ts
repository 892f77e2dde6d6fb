// Builds the browser app once and starts the real production server (src/server/main.ts) on a
// free port with its own data folder (PGlite) or its own PostgreSQL database (DATABASE_URL).
// Journeys get its address and the admin password through vitest's provide/inject.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";
import { createScratchDatabase, startProductionServer } from "../../scripts/lib/processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

const ADMIN_PASSWORD = "e2e-clave-admin";

export default async function setup(project: TestProject) {
  const root = path.resolve(".tmp", `e2e-${process.pid}`);
  mkdirSync(root, { recursive: true });
  const staticDir = path.join(root, "client");
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: path.resolve("vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir: staticDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = previousNodeEnv;
  }

  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "ei_e2e") : undefined;
  const server = await startProductionServer({
    DATA_DIR: path.join(root, "data"),
    STATIC_DIR: staticDir,
    ADMIN_PASSWORD,
    // Outside services are unreachable in tests: the offline defaults answer.
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("adminPassword", ADMIN_PASSWORD);

  return async () => {
    await server.stop();
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  };
}
