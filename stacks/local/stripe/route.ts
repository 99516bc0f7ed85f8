import type { Params } from "./params.ts";
import type { Store } from "./store.ts";

/** What a handler sees: the parsed parameters, the path's ids, the caller's connected account (or null). */
export interface Context {
  store: Store;
  params: Params;
  path: Record<string, string>;
  account: string | null;
  /** The stand-in's own address, for the hosted pages' URLs. */
  base: string;
  /** The request's `Origin` header (browsers send it on form posts), for pages that refuse cross-site posts. */
  origin: string | null;
}

/** A hosted page's answer: HTML, or a redirect after a form post. */
export type PageReply = { status?: number; html: string } | { redirect: string };

export type Route =
  | { kind: "api"; method: string; path: string; handle: (ctx: Context) => Record<string, any> }
  | { kind: "page"; method: string; path: string; handle: (ctx: Context) => PageReply };

export const api = (method: string, path: string, handle: (ctx: Context) => Record<string, any>): Route => ({ kind: "api", method, path, handle });
export const page = (method: string, path: string, handle: (ctx: Context) => PageReply): Route => ({ kind: "page", method, path, handle });

/** Finds the route for a request, with the values of its `:name` segments. */
export function match(routes: Route[], method: string, pathname: string): { route: Route; path: Record<string, string> } | null {
  const parts = pathname.split("/");
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split("/");
    if (pattern.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      if (seg.startsWith(":")) {
        if (!parts[i]) return false;
        path[seg.slice(1)] = decodeURIComponent(parts[i]);
        return true;
      }
      return seg === parts[i];
    });
    if (ok) return { route, path };
  }
  return null;
}
