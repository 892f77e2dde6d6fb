// Builds the browser app once and starts the real production server (src/server/main.ts) on a
// free port with its own data folder (PGlite) or its own PostgreSQL database (DATABASE_URL).
// Journeys get its address and the admin password through vitest's provide/inject.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { build } from "vite";

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

  let dropDatabase: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    DATA_DIR: path.join(root, "data"),
    STATIC_DIR: staticDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: "warn",
    // Outside services are unreachable in tests: the offline defaults answer.
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
  };
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const name = `ei_e2e_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await waitForHealth(baseUrl, server);
  project.provide("baseUrl", baseUrl);
  project.provide("adminPassword", ADMIN_PASSWORD);

  return async () => {
    await stop(server);
    await dropDatabase?.();
    rmSync(root, { recursive: true, force: true });
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The server did not become healthy within 60 s");
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
}
