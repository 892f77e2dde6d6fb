// What every staff panel (/admin and /admin/tracking) shares: reading an admin call as JSON
// through the one api client, the error toast of a failed load (a 401 ends the session and shows
// the gate again), and the toast of a failed change with the server's message or the fallback.

import { useEffect, useRef } from "react";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../api";
import { useAdminSession } from "./admin-session";
import type { ZodType } from "zod";

/** Every /admin query key starts with this, so a logout can drop all of them. */
export const ADMIN_QUERY_ROOT = "admin-panel";

export async function getAdminJson<T>(url: string, schema: ZodType<T>): Promise<T> {
  const res = await apiRequest("GET", url);
  return schema.parse(await res.json());
}

export async function sendAdminJson<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, schema: ZodType<T>, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return schema.parse(await res.json());
}

/** Shows a failed load once as a red toast; a 401 logs out instead. */
export function useLoadErrorToast(error: unknown, title: string, fallback: string): void {
  const { handleUnauthorized } = useAdminSession();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    if (handleUnauthorized(error)) return;
    toast({ title, description: errorMessageFrom(error, fallback), variant: "destructive" });
  }, [error, title, fallback, handleUnauthorized]);
}

/** The failure toast of a change (staff-side §8): 'Error' with the server's text, else the fallback. */
export function useChangeErrorToast(): (error: unknown, fallback: string, title?: string) => void {
  const { handleUnauthorized } = useAdminSession();
  return (error, fallback, title = "Error") => {
    if (handleUnauthorized(error)) return;
    toast({ title, description: errorMessageFrom(error, fallback), variant: "destructive" });
  };
}
