import { type ReactNode, useSyncExternalStore } from "react";

/**
 * Toasts, as shadcn's `use-toast` and sonner's `toast()` both raise them. One list
 * for the whole app; the runtime's shell shows it (ToastList in toast.tsx), the way
 * base44's App.jsx mounts the Toaster once for every page.
 */
export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: "default" | "destructive" | "success";
  duration?: number;
}

const LIMIT = 3;
const DEFAULT_DURATION = 5_000;
let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismiss(id?: string) {
  const gone = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  for (const t of gone) clearTimeout(timers.get(t.id));
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(input: Omit<ToastItem, "id">) {
  const id = String(++counter);
  toasts = [{ ...input, id }, ...toasts].slice(0, LIMIT);
  timers.set(id, setTimeout(() => dismiss(id), input.duration ?? DEFAULT_DURATION));
  emit();
  const update = (next: Partial<ToastItem>) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...next, id } : t));
    emit();
  };
  return { id, dismiss: () => dismiss(id), update };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return { toasts: list, toast, dismiss };
}
