import { useSyncExternalStore } from "react";
import type { FrameMessage } from "../../../../../schemas/preview";

/** Spec 02 §3 Activity entry: a request of the app's SDK, or a console line of the app. */
export type ActivityEntry =
  | {
      kind: "request";
      id: string;
      url: string;
      method: string;
      body: unknown;
      status: "pending" | "completed";
      statusCode: number | null;
      response: unknown;
      start: number;
      end: number | null;
      duration: number | null;
    }
  | { kind: "log"; id: string; message: string; severity: string; component: string | null; timestamp: number };

export const FILTERS = ["all", "requests", "logs", "success", "error"] as const;
export type ActivityFilter = (typeof FILTERS)[number];

/** The filter button cycles all → requests → logs → success → error → all. */
export const nextFilter = (filter: ActivityFilter): ActivityFilter => FILTERS[(FILTERS.indexOf(filter) + 1) % FILTERS.length]!;

/** List entries show at most 60 characters (spec 02 "Network activity panel"). */
export const truncate = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max)}…` : text);

const isError = (entry: ActivityEntry) => (entry.kind === "log" ? entry.severity === "error" : entry.statusCode !== null && entry.statusCode >= 400);
const isSuccess = (entry: ActivityEntry) => (entry.kind === "log" ? entry.severity !== "error" && entry.severity !== "warn" : entry.statusCode !== null && entry.statusCode < 400);

export function matches(entry: ActivityEntry, filter: ActivityFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "requests":
      return entry.kind === "request";
    case "logs":
      return entry.kind === "log";
    case "success":
      return isSuccess(entry);
    case "error":
      return isError(entry);
  }
}

/** The line an entry shows in the list: the request's method and address, or the log's message. */
export const entryLine = (entry: ActivityEntry) => (entry.kind === "request" ? `${entry.method.toUpperCase()} ${entry.url.replace(/^https?:\/\/[^/]+/, "")}` : entry.message);

const MAX_ENTRIES = 500;

/** The preview's activity, newest last, kept across page changes and refreshes until cleared. */
export interface ActivityStore {
  subscribe: (listener: () => void) => () => void;
  entries: () => ActivityEntry[];
  onFrameMessage: (message: FrameMessage) => void;
  clear: () => void;
}

/** Held outside React state, so a frame request re-renders only the components that read the activity, not the editor layout. */
export function createActivityStore(): ActivityStore {
  let entries: ActivityEntry[] = [];
  const listeners = new Set<() => void>();
  const set = (next: ActivityEntry[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => entries,
    onFrameMessage: (message) => {
      if (message.type === "api-request-start") {
        const { url, method, body } = message.data;
        const entry: ActivityEntry = {
          kind: "request",
          id: message.requestId,
          url,
          method: method ?? "get",
          body,
          status: "pending",
          statusCode: null,
          response: null,
          start: Date.now(),
          end: null,
          duration: null,
        };
        set([...entries, entry].slice(-MAX_ENTRIES));
      } else if (message.type === "api-request-end") {
        const end = Date.now();
        set(
          entries.map((entry) =>
            entry.kind === "request" && entry.id === message.requestId
              ? { ...entry, status: "completed", statusCode: message.data.statusCode, response: message.data.response, end, duration: end - entry.start }
              : entry,
          ),
        );
      } else if (message.type === "app_log") {
        const { log } = message;
        set([...entries, { kind: "log" as const, id: `log-${log.timestamp}-${entries.length}`, ...log }].slice(-MAX_ENTRIES));
      }
    },
    clear: () => set([]),
  };
}

/** What a component reads of the activity; it re-renders only when that value changes. */
export function useActivity<T>(store: ActivityStore, select: (entries: ActivityEntry[]) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.entries()));
}
