// A journey's own production server wired to its own stand-in Graph API (the WhatsApp journeys
// and the protected account): a fresh PGlite folder, the stand-in's token and address, its
// webhook signed with the app secret when one is given, and an admin session for the calls the
// journey makes to set the scene. Closed in afterAll: server, stand-in, folder.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { startFakeGraphApi, type FakeGraphApi } from "../../src/server/test/fakes/graph-api";

export interface OwnServer {
  server: ServerProcess;
  graph: FakeGraphApi;
  /** A call with the admin session. */
  call(method: string, url: string, body?: unknown): Promise<Response>;
  /** The same, its JSON answer; throws on a non-2xx answer. */
  api<T>(method: string, url: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startOwnServer(options: {
  /** The built-in admin's password for this journey. */
  password: string;
  /** The name of the temporary data folder's prefix. */
  folder: string;
  /** The reports the stand-in sends by itself after each accepted message (its default when absent). */
  autoStatuses?: Parameters<FakeGraphApi["setAutoStatuses"]>[0];
  /** With it the webhook is on (the stand-in signs with it) and Meta's verify token is set. */
  appSecret?: string;
}): Promise<OwnServer> {
  const graph = await startFakeGraphApi();
  if (options.autoStatuses) graph.setAutoStatuses(options.autoStatuses);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${options.folder}-`));
  const server = await startProductionServer({
    DATA_DIR: dataDir,
    STATIC_DIR: inject("staticDir"),
    ADMIN_PASSWORD: options.password,
    WHATSAPP_TOKEN: graph.token,
    WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
    WHATSAPP_API_URL: graph.url,
    ...(options.appSecret ? { WHATSAPP_APP_SECRET: options.appSecret, WHATSAPP_VERIFY_TOKEN: "verificacion-e2e" } : {}),
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    DATABASE_URL: "",
  });
  if (options.appSecret) graph.setWebhook(`${server.baseUrl}/api/whatsapp/webhook`, options.appSecret);
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: options.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
  return {
    server,
    graph,
    call,
    async api<T>(method: string, url: string, body?: unknown): Promise<T> {
      const res = await call(method, url, body);
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async close() {
      await server.stop();
      await graph.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
