// The one place the browser calls fetch: every call carries credentials, JSON goes out only
// when there is a body, and a non-2xx answer becomes Error("<status>: <body or statusText>")
// (public-site §7 and §8).

import type { QueryFunction } from "@tanstack/react-query";
import { CHALLENGE_HEADER, CHALLENGE_REQUIRED_CODE, CHALLENGE_URL, CODE_PASS_HEADER } from "../../shared/api/challenge";
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
/**
 * One widget for every call that is asked at the same time, per client code the challenge is
 * for (the portal reads packages, coupons and referrals of one code at once: one solve).
 */
const pendingSolutions = new Map<string, Promise<string>>();

/** What a 428 asks for: its Spanish message and where the challenge to solve comes from. */
interface ChallengeAsk {
  message: string;
  challengeUrl?: string;
}

/** A solved challenge from the visitor, or a rejection when nobody can show the widget or they close it. */
function askForSolution({ message, challengeUrl }: ChallengeAsk): Promise<string> {
  const key = challengeUrl ? (new URL(challengeUrl, "http://x").searchParams.get("code") ?? "") : "";
  let pending = pendingSolutions.get(key);
  if (!pending) {
    pending = new Promise<string>((resolve, reject) => {
      const request: ChallengeRequest = { message, challengeUrl, resolve, reject };
      const event = new CustomEvent<ChallengeRequest>(CHALLENGE_EVENT, { detail: request, cancelable: true });
      // The host cancels the event when it takes the request; nobody listening: the call fails as before.
      if (typeof window === "undefined" || window.dispatchEvent(event)) reject(new Error("no challenge host"));
    }).finally(() => {
      pendingSolutions.delete(key);
    });
    pendingSolutions.set(key, pending);
  }
  return pending;
}

/** The message and challenge address of a 428 that asks for a challenge, else null. */
async function challengeAsk(res: Response): Promise<ChallengeAsk | null> {
  if (res.status !== 428) return null;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown; message?: unknown; challengeUrl?: unknown } | null;
  if (body?.code !== CHALLENGE_REQUIRED_CODE || typeof body.message !== "string") return null;
  // Only our own challenge endpoint: an answer cannot send the widget elsewhere.
  const challengeUrl = typeof body.challengeUrl === "string" && body.challengeUrl.startsWith(`${CHALLENGE_URL}?`) ? body.challengeUrl : undefined;
  return { message: body.message, challengeUrl };
}

/**
 * Passes for client codes this browser was shown (docs/decisions/144): opaque signed tokens the
 * server hands out with a lookup or a registration, sent back with every call so the visitor's
 * own code is not challenged for its neighbours' mistakes. Kept in localStorage, newest first.
 */
const CODE_PASSES_KEY = "express-import:code-passes";
const MAX_CODE_PASSES = 8;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : (window.localStorage ?? null);
  } catch {
    return null;
  }
}

function heldCodePasses(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(CODE_PASSES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string" && /^[\w.-]{1,80}$/.test(p)) : [];
  } catch {
    return [];
  }
}

function keepCodePass(res: Response): void {
  const pass = res.headers.get(CODE_PASS_HEADER);
  if (!pass || !/^[\w.-]{1,80}$/.test(pass)) return;
  const passes = [pass, ...heldCodePasses().filter((p) => p !== pass)].slice(0, MAX_CODE_PASSES);
  try {
    storage()?.setItem(CODE_PASSES_KEY, JSON.stringify(passes));
  } catch {
    // Storage full or refused: the visitor may be asked again, nothing worse.
  }
}

/**
 * Sends a call; when the server answers that this connection must first prove it is no robot
 * (docs/decisions/109), shows the challenge widget for the challenge the answer names and sends
 * the same call again with the solution. If the visitor closes the widget, the 428 answer stands
 * (its Spanish message shows).
 */
async function send(method: string, url: string, body?: unknown, token = adminToken): Promise<Response> {
  let attached = heldSolution;
  let res = await sendOnce(method, url, body, token, attached);
  // Twice at most: a solution a parallel call got meanwhile may be for another code.
  for (let round = 0; round < 2; round++) {
    const ask = await challengeAsk(res);
    if (ask === null) break;
    if (heldSolution !== null && heldSolution !== attached) {
      attached = heldSolution;
    } else {
      try {
        attached = heldSolution = await askForSolution(ask);
      } catch {
        return res;
      }
    }
    res = await sendOnce(method, url, body, token, attached);
  }
  keepCodePass(res);
  return res;
}

async function sendOnce(method: string, url: string, body: unknown, token: string | null, solution: string | null): Promise<Response> {
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
  if (solution) headers[CHALLENGE_HEADER] = solution;
  const passes = heldCodePasses();
  if (passes.length > 0) headers[CODE_PASS_HEADER] = passes.join(",");
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
