// The toast queue behind <Toaster/> (public-site §9): at most one toast at a time, a new one
// replaces the old; a dismissed toast stays in memory (closed) for 1,000,000 ms, then goes.

import { useSyncExternalStore, type ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../../shared/domain/ui-constants";

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to 5000. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  const kept = new Set(next.map((item) => item.id));
  for (const [id, timer] of removalTimers) {
    if (!kept.has(id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (next: ToastOptions) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setToasts(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
