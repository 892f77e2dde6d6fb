// Builds the browser app once and starts the real production server (src/server/main.ts) on a
// free port with its own data folder (PGlite) or its own PostgreSQL database (DATABASE_URL).
// Journeys get its address and the admin password through vitest's provide/inject.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";
import { createScratchDatabase, startProductionServer } from "../../scripts/lib/processes";
import { openDatabase } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/seed/seed";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The built browser app, for a journey that starts a server of its own. */
    staticDir: string;
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
  // The journeys run against a business-sized database (the admin ones must stay usable at
  // 10 000 clients and 100 000 packages); E2E_SEED_CLIENTS=0 starts empty.
  const dataDir = path.join(root, "data");
  const clients = Number(process.env.E2E_SEED_CLIENTS ?? 10_000);
  if (clients > 0) {
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: path.join(dataDir, "pglite") });
    try {
      await database.migrate();
      await seedDatabase(database.db, { clients, trackings: clients * 10 });
    } finally {
      await database.close();
    }
  }
  const server = await startProductionServer({
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    ADMIN_PASSWORD,
    // Every journey comes from 127.0.0.1: limits stay on, but high enough for the whole suite.
    RATE_LIMITS: JSON.stringify(
      Object.fromEntries([
        // The whole suite's misses come from one address: no challenge before the old ceiling.
        ["codeMisses", { challengeAfter: 100, limit: 100 }],
        ...["clientLookup", "registration", "contact", "whatsappNotice", "productAnalysis", "partsSearch", "upload", "verification", "clientWrite"].map(
          (name) => [name, { challengeAfter: 1000, limit: 1000 }],
        ),
      ]),
    ),
    // Likewise the photo bytes one address may hold in a day.
    UPLOADS_MAX_MB_PER_ADDRESS: "1000",
    UPLOADS_MAX_OPEN_PER_ADDRESS: "1000",
    // Outside services are unreachable in tests: the offline defaults answer.
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("adminPassword", ADMIN_PASSWORD);
  project.provide("staticDir", staticDir);

  return async () => {
    await server.stop();
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  };
}
