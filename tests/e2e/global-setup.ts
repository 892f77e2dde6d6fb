// Builds the browser app once and starts the real production server (src/server/main.ts) on a
// free port with its own data folder (PGlite) or its own PostgreSQL database (DATABASE_URL).
// Journeys get its address and the admin password through vitest's provide/inject.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { compiledEntry, createScratchDatabase, startProductionServer } from "../../scripts/lib/processes";
import { openDatabase } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/seed/seed";
import { chromiumOptions } from "./chromium";
import { copySeededPglite } from "./seeded-data";
import { startTurnServer } from "./turns";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The built browser app, for a journey that starts a server of its own. */
    staticDir: string;
    /** The run's one Chromium: each file connects to it (browser.ts, launchBrowser). */
    browserEndpoint: string;
    /** Where a file takes its turn on the shared server (turns.ts). */
    turnPort: number;
  }
}

const ADMIN_PASSWORD = "e2e-clave-admin";

export default async function setup(project: TestProject) {
  const root = path.resolve(".tmp", `e2e-${process.pid}`);
  mkdirSync(root, { recursive: true });
  const staticDir = path.join(root, "client");
  // The browser build runs in a process of its own while this one seeds the database: the two
  // use a core each. Vitest sets NODE_ENV=test, which would make Vite bundle React's development
  // build, hence NODE_ENV=production for it.
  const browserBuild = buildBrowserApp(staticDir);
  // Nothing waits on it before the seeding ends; a failure is reported once, below.
  browserBuild.catch(() => {});
  // The server's bundle and the run's Chromium start meanwhile too (a missing Chromium fails the
  // run here, before any journey).
  const serverBundle = compiledEntry("main");
  serverBundle.catch(() => {});
  const browserServer = chromium.launchServer(chromiumOptions());
  browserServer.catch(() => {});

  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "ei_e2e") : undefined;
  // The journeys run against a business-sized database (the admin ones must stay usable at
  // 10 000 clients and 100 000 packages); E2E_SEED_CLIENTS=0 starts empty. On PGlite a copy of
  // the seeded folder kept from an earlier run of the same code in the same hour (seeded-data.ts).
  const dataDir = path.join(root, "data");
  const clients = Number(process.env.E2E_SEED_CLIENTS ?? 10_000);
  if (clients > 0 && !scratch) {
    await copySeededPglite(path.join(dataDir, "pglite"), { clients, compiledDir: path.dirname(await serverBundle) });
  } else if (clients > 0 && scratch) {
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await database.migrate();
      await seedDatabase(database.db, { clients, trackings: clients * 10 });
    } finally {
      await database.close();
    }
  }
  await browserBuild;
  await serverBundle;
  const browser = await browserServer;
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
  project.provide("browserEndpoint", browser.wsEndpoint());
  const turns = await startTurnServer();
  project.provide("turnPort", turns.port);

  return async () => {
    await turns.close();
    await browser.close();
    await server.stop();
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  };
}

/** `vite build` of the browser app (vite.config.ts, production mode) into `outDir`, as a child process. */
function buildBrowserApp(outDir: string): Promise<void> {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js");
  const child = spawn(
    process.execPath,
    [vite, "build", "--config", path.resolve("vite.config.ts"), "--mode", "production", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "inherit", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `code ${code}`})`))));
  });
}
