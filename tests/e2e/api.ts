// Calls the journeys make straight to the server's API, beside the browser: a fresh phone number
// for each registration, and staff calls (login, then the call) to give clients packages.
import { expect } from "vitest";
import { adminPassword, baseUrl } from "./browser";

/**
 * A Costa Rican number (5xxx xxxx) no other journey is likely to have registered, and none of the
 * seeded clients has: the seed draws its 10 000 from 8, 6 and 7 (seed/data.ts
 * generateMobileNumber), so an 8… drawn here met one of them about once in 1 800 registrations.
 */
export function randomPhone(): string {
  return `5${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

/** One staff call with a fresh session; fails the journey on anything but a 2xx. */
export async function adminCall(method: string, path: string, body: unknown): Promise<{ tracking: { id: number } }> {
  const login = await fetch(`${baseUrl()}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: adminPassword() }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { tracking: { id: number } };
}

export type StaffApi = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/** A fresh owner session's token. */
export async function ownerToken(): Promise<string> {
  const login = await fetch(`${baseUrl()}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: adminPassword() }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** A file a staff call answers (a PDF, a workbook), as bytes; fails on anything but a 200. */
export async function staffDownload(token: string, url: string): Promise<Buffer> {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Signs in once as the owner and answers a caller for the journey's own staff calls (fails on anything but a 2xx). */
export async function staffApi(token?: string): Promise<StaffApi> {
  token ??= await ownerToken();
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
