// The admin session in the browser: the token from POST /api/admin/login, handed to the
// api client (setAdminToken) and kept either in memory only (/admin/tracking, staff-side §4)
// or in sessionStorage so a reload keeps it (/admin). The password itself is never kept.
// Once signed in, the gate reads who the person is (GET /api/admin/session: name, role, the
// sections they may open) and gives it to every screen through the context (issue 19).

import { createContext, useContext } from "react";
import { apiRequest, getAdminToken, setAdminToken } from "../api";
import { routePath } from "../../../shared/api/contract";
import { ZAdminLoginResponseSchema, type TAdminLoginResponse } from "../../../shared/api/admin/auth";
import {
  ADMIN_LOGIN_ROUTE,
  ADMIN_LOGOUT_ROUTE,
  ADMIN_SESSION_ROUTE,
  type TStaffLoginRequest,
  type TStaffSession,
} from "../../../shared/api/admin/staff";

export type SessionPersistence = "memory" | "session-storage";

const STORAGE_KEY = "express-import-admin-session";

let current: TAdminLoginResponse | null = null;

const isLive = (s: TAdminLoginResponse | null, now = Date.now()): s is TAdminLoginResponse =>
  s !== null && new Date(s.expiresAt).getTime() > now;

function readStored(): TAdminLoginResponse | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = ZAdminLoginResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The live session this page may use, if any (memory first, then the tab's storage when allowed). */
export function restoreAdminSession(persist: SessionPersistence): TAdminLoginResponse | null {
  const found = isLive(current) ? current : persist === "session-storage" ? readStored() : null;
  if (!isLive(found)) {
    if (current) clearAdminSession();
    return null;
  }
  current = found;
  setAdminToken(found.token);
  return found;
}

export function saveAdminSession(session: TAdminLoginResponse, persist: SessionPersistence): void {
  current = session;
  setAdminToken(session.token);
  if (persist !== "session-storage") return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch (error) {
    console.warn("No se pudo guardar la sesión de administrador en este navegador", error);
  }
}

export function clearAdminSession(): void {
  current = null;
  setAdminToken(null);
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}

/**
 * 'Cerrar sesión': forgets the session in this tab at once and ends it on the server, so the
 * token is worthless even if it was copied. If that call fails (no network), the server ends the
 * session at its expiry anyway.
 */
export function endAdminSession(): void {
  const token = getAdminToken();
  clearAdminSession();
  if (token) void apiRequest(ADMIN_LOGOUT_ROUTE.method, routePath(ADMIN_LOGOUT_ROUTE), undefined, { token }).catch(() => {});
}

/** Signs in: no login is the built-in owner with the system admin password (staff-side §6). */
export async function requestAdminSession(request: TStaffLoginRequest): Promise<TAdminLoginResponse> {
  const res = await apiRequest(ADMIN_LOGIN_ROUTE.method, routePath(ADMIN_LOGIN_ROUTE), request);
  return ADMIN_LOGIN_ROUTE.responses[200].parse(await res.json());
}

/** Who holds the session in use: the person, the role and the sections they may open. */
export async function fetchStaffSession(): Promise<TStaffSession> {
  const res = await apiRequest(ADMIN_SESSION_ROUTE.method, routePath(ADMIN_SESSION_ROUTE));
  return ADMIN_SESSION_ROUTE.responses[200].parse(await res.json());
}

export interface AdminSession {
  logout(): void;
  /** Call with a failed request's error: a 401 ends the session and shows the gate again. True if handled. */
  handleUnauthorized(error: unknown): boolean;
  /** The signed-in person (GET /api/admin/session). */
  staff: TStaffSession;
  /** Reads the person again (after a change of their own account: two-step sign-in, password). */
  reloadStaff(): Promise<void>;
}

/** True when the session may open this back-office address (the server's list, never the client's). */
export function mayOpen(staff: TStaffSession, path: string): boolean {
  return staff.sections.includes(path);
}

/** Provided by <AdminLoginGate> (features/admin/auth); read by every admin feature. */
export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error("useAdminSession must be used inside <AdminLoginGate>");
  return session;
}
