// Builds the real app on a fresh test database, for HTTP-level tests with app.inject().
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import type { AppContext } from "../context";
import { createTestDatabase, type TestDatabase } from "./database";

export const TEST_ADMIN_PASSWORD = "clave-de-prueba-segura";
export const TEST_WHATSAPP_APP_SECRET = "secreto-de-app-de-prueba";
export const TEST_WHATSAPP_VERIFY_TOKEN = "token-de-verificacion-de-prueba";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  config: Config;
  /** The deliberate slowdowns the app asked for, in ms (recorded, not waited: see createTestApp). */
  slowDowns: number[];
  /** A valid admin bearer header. */
  adminHeaders(): { authorization: string };
  close(): Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Tests never reach outside services: everything external is unset unless a test points it at 127.0.0.1.
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: ".tmp/test-data",
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/unreachable",
    // The WhatsApp webhook's secrets (decision 199): on in tests, signed with these.
    WHATSAPP_APP_SECRET: TEST_WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: TEST_WHATSAPP_VERIFY_TOKEN,
    ...options.env,
  });
  // Deliberate slowdowns (failed admin logins: up to 2 s each) are recorded rather than waited
  // out, so the tests that fail logins on purpose do not spend their time asleep.
  const slowDowns: number[] = [];
  const slowDown = async (ms: number) => {
    slowDowns.push(ms);
  };
  const { app, ctx } = await buildApp({ config, database, adminPassword: TEST_ADMIN_PASSWORD, slowDown, ...options.deps });
  await app.ready();
  let { token } = await ctx.sessions.issue();
  // Emptying the tables ends the helper's session too: open a new one for adminHeaders().
  const truncateAll = database.truncateAll.bind(database);
  database.truncateAll = async () => {
    await truncateAll();
    ({ token } = await ctx.sessions.issue());
  };
  return {
    app,
    ctx,
    database,
    config,
    slowDowns,
    adminHeaders: () => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app of one test file: built before its tests (rate limits off unless `options` say
 * otherwise) and closed after them. The returned object is filled in by beforeAll.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = { env: { RATE_LIMIT: "off" } }): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

let trackingSequence = 0;
/** A tracking code no other test in this process uses: the prefix, the time in base 36, a counter. */
export function uniqueTrackingCode(prefix = "TRK"): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${++trackingSequence}`;
}
