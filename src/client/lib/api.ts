// The one place the browser calls fetch: every call carries credentials, JSON goes out only
// when there is a body, and a non-2xx answer becomes Error("<status>: <body or statusText>")
// (public-site §7 and §8).

import type { QueryFunction } from "@tanstack/react-query";
import { CHALLENGE_HEADER, CHALLENGE_REQUIRED_CODE, CHALLENGE_URL } from "../../shared/api/challenge";
import { CHALLENGE_EVENT, type ChallengeRequest } from "./challenge-event";

let adminToken: string | null = null;

/** The admin panels set their bearer token after login and clear it on logout. */
export function setAdminToken(token: string | null): void {
  adminToken = token;
}

export function getAdminToken(): string | null {
  return adminToken;
}

/** The last solved challenge: sent with every call until the server wants another. */
let heldSolution: string | null = null;
/** One widget for every call that is asked at the same time (the portal reads three at once). */
let pendingSolution: Promise<string> | null = null;

/** A solved challenge from the visitor, or a rejection when nobody can show the widget or they close it. */
function askForSolution({ message, url }: AskedChallenge): Promise<string> {
  pendingSolution ??= new Promise<string>((resolve, reject) => {
    const request: ChallengeRequest = { message, url, resolve, reject };
    const event = new CustomEvent<ChallengeRequest>(CHALLENGE_EVENT, { detail: request, cancelable: true });
    // The host cancels the event when it takes the request; nobody listening: the call fails as before.
    if (typeof window === "undefined" || window.dispatchEvent(event)) reject(new Error("no challenge host"));
  }).finally(() => {
    pendingSolution = null;
  });
  return pendingSolution;
}

interface AskedChallenge {
  message: string;
  /** Where to fetch it: a sign-in under attack asks for a harder one (decision 143). */
  url?: string;
}

/** The Spanish message (and challenge address) of a 428 that asks for a challenge, else null. */
async function challengeAsked(res: Response): Promise<AskedChallenge | null> {
  if (res.status !== 428) return null;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown; message?: unknown; challengeUrl?: unknown } | null;
  if (body?.code !== CHALLENGE_REQUIRED_CODE || typeof body.message !== "string") return null;
  // Only our own challenge endpoint.
  const url = typeof body.challengeUrl === "string" && body.challengeUrl.startsWith(`${CHALLENGE_URL}?`) ? body.challengeUrl : undefined;
  return { message: body.message, url };
}

/**
 * Sends a call; when the server answers that this connection must first prove it is no robot
 * (docs/decisions/109), shows the challenge widget and sends the same call again with the
 * solution. If the visitor closes the widget, the 428 answer stands (its Spanish message shows).
 */
async function send(method: string, url: string, body?: unknown, token = adminToken): Promise<Response> {
  const sentWith = heldSolution;
  const res = await sendOnce(method, url, body, token);
  const asked = await challengeAsked(res);
  if (asked === null) return res;
  // A call that went out before a parallel one got a new solution tries that one first.
  if (heldSolution === sentWith) {
    try {
      heldSolution = await askForSolution(asked);
    } catch {
      return res;
    }
  }
  return sendOnce(method, url, body, token);
}

async function sendOnce(method: string, url: string, body?: unknown, token = adminToken): Promise<Response> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The Excel import sends a file; the browser writes the multipart boundary itself.
    payload = body;
  } else if (body instanceof Blob) {
    // A staff photo goes as the raw body (POST /api/admin/photos).
    headers["Content-Type"] = body.type || "application/octet-stream";
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (heldSolution) headers[CHALLENGE_HEADER] = heldSolution;
  return fetch(url, { method, headers, body: payload, credentials: "include" });
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * Sends one call and returns the Response; throws on a non-2xx answer. `token` replaces the admin
 * token of the moment (a logout sends the session it ends, already forgotten here).
 */
export async function apiRequest(method: string, url: string, body?: unknown, options: { token?: string } = {}): Promise<Response> {
  const res = await send(method, url, body, options.token ?? adminToken);
  await throwIfNotOk(res);
  return res;
}

/**
 * PUTs a file to a signed upload address. Credentials go only to our own origin: an
 * object store's signed URL carries its own authorization and would refuse cookies.
 */
export async function uploadFile(url: string, file: Blob): Promise<Response> {
  const res = await fetch(url, {
    method: "PUT",
    headers: file.type ? { "Content-Type": file.type } : {},
    body: file,
    credentials: "same-origin",
  });
  await throwIfNotOk(res);
  return res;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status inside an apiRequest error (404 for "404: ..."), else null. */
export function errorStatusFrom(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(err.message);
  return match ? Number(match[1]) : null;
}

/**
 * The Spanish text a user should see for a failed call: the server's `message` (or its
 * `error` when no message came), else the caller's fallback. Raw bodies such as proxy HTML
 * pages and network failures fall back too.
 */
export function errorMessageFrom(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return fallback;
  try {
    const parsed: unknown = JSON.parse(match[2]);
    if (typeof parsed === "object" && parsed !== null) {
      const { message, error } = parsed as { message?: unknown; error?: unknown };
      if (typeof message === "string" && message.trim()) return message;
      if (typeof error === "string" && error.trim()) return error;
    }
  } catch {
    // Not JSON: not meant for people.
  }
  return fallback;
}

/** The `code` of a failed call's JSON answer (SECOND_FACTOR_REQUIRED, FORBIDDEN…), else null. */
export function errorCodeFrom(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[2]);
    const code = typeof parsed === "object" && parsed !== null ? (parsed as { code?: unknown }).code : undefined;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Default reads: GET of the query key's segments joined by "/", parsed as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await send("GET", queryKey.map(String).join("/"));
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
