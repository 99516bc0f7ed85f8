import type { Visibility } from "../../schemas/app";
import { PageConfig } from "../../schemas/app-files";
import { createPageUrl, pageOfPath } from "../../schemas/preview";

/**
 * The runner's decisions on an app's own host (spec 03 §2.13, §4): which screen a path is,
 * what a page's config means, who may see it, what the layout's menu offers and when the
 * remix badge shows. Pure, so unit tests read like the spec: test/unit/runner-routes.test.ts.
 */

/** The runner's own screens beside the app's pages: sign-in and set-new-password. */
export type AuthRoute = "login" | "reset-password";

export function authRouteOf(pathname: string): AuthRoute | null {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return path === "/login" ? "login" : path === "/reset-password" ? "reset-password" : null;
}

/** The app's sign-in on its own origin, returning to `fromUrl` (spec 03 §4 "Published app runner"). */
export const loginUrl = (appId: string, fromUrl: string) => `/login?${new URLSearchParams({ from_url: fromUrl, app_id: appId })}`;

/** A page's config with the defaults filled in (schemas/app-files.ts PageConfig). */
export interface PageSettings {
  requiresAuth: boolean;
  usesLayout: boolean;
  showInMenu: boolean;
  parent: string | null;
}

/** The `pageConfig` export of an evaluated page, read with the app's visibility; anything malformed counts as absent. */
export function pageSettingsOf(exports: unknown, visibility: Visibility): PageSettings {
  const raw = typeof exports === "object" && exports !== null ? (exports as { pageConfig?: unknown }).pageConfig : undefined;
  const parsed = PageConfig.safeParse(typeof raw === "object" && raw !== null ? raw : {});
  const config = parsed.success ? parsed.data : {};
  return {
    requiresAuth: config.requiresAuth ?? visibility !== "public_without_login",
    usesLayout: config.usesLayout ?? true,
    showInMenu: config.showInMenu ?? true,
    parent: config.parent ?? null,
  };
}

export interface PageEntry {
  name: string;
  settings: PageSettings;
}

/** A page's parent when that is another page of the app and no cycle passes through it. */
function parentsOf(pages: readonly PageEntry[]): Map<string, string | null> {
  const declared = new Map(pages.map((p) => [p.name, p.settings.parent]));
  const parents = new Map<string, string | null>();
  for (const { name } of pages) {
    const seen = new Set([name]);
    let at = declared.get(name) ?? null;
    let ok = true;
    for (; at !== null; at = declared.get(at) ?? null) {
      if (!declared.has(at) || seen.has(at)) {
        ok = false;
        break;
      }
      seen.add(at);
    }
    parents.set(name, ok ? (declared.get(name) ?? null) : null);
  }
  return parents;
}

/**
 * The page a path shows: its first segment names a page (any case, `/` the main page); each
 * further segment that names a child of the page so far moves to that child
 * (`/Projects/Milestones`). Other segments are the page's own business (`/Tasks/123`).
 */
export function pageRouteOf(pathname: string, pages: readonly PageEntry[], mainPage: string | null): { name: string; found: boolean } {
  const names = pages.map((p) => p.name);
  const first = pageOfPath(pathname, names, mainPage);
  if (!first.found) return first;
  const parents = parentsOf(pages);
  let name = first.name;
  for (const segment of pathname.split("/").filter(Boolean).slice(1)) {
    const lower = decodeURIComponent(segment).toLowerCase().replace(/-/g, "");
    const child = names.find((n) => parents.get(n) === name && n.toLowerCase().replace(/-/g, "") === lower);
    if (!child) break;
    name = child;
  }
  return { name, found: true };
}

/** An item of the layout's menu: `menuPages` of Layout({ children, currentPageName, menuPages }). */
export interface MenuPage {
  name: string;
  url: string;
  children: MenuPage[];
}

/** The pages offered to the layout's menu, in the app's page order: those whose showInMenu is not false, children under their parent. */
export function menuOf(pages: readonly PageEntry[]): MenuPage[] {
  const parents = parentsOf(pages);
  const shown = new Set(pages.filter((p) => p.settings.showInMenu).map((p) => p.name));
  const build = (parent: string | null, base: string): MenuPage[] =>
    pages
      .filter((p) => shown.has(p.name) && (parents.get(p.name) ?? null) === parent)
      .map((p) => {
        const url = `${base}${createPageUrl(p.name)}`;
        return { name: p.name, url, children: build(p.name, url) };
      });
  return build(null, "");
}

/** What the runner does with a page: the login redirect when it needs a user and there is none. */
export const mustSignIn = (settings: PageSettings, signedIn: boolean) => settings.requiresAuth && !signedIn;

/** Whether page views go to the app's log: the server takes a visit from a signed-in user, or from anyone when the app is open. */
export const logsVisits = (visibility: Visibility, signedIn: boolean) => signedIn || visibility === "public_without_login";

/** The "Edit with Kiln" badge (spec 03 §2.13): published apps that are public and remixable, unless `?hide_badge=true`. */
export function showsBadge(
  mode: "preview" | "prod",
  app: { public_settings: Visibility; is_remixable: boolean },
  search: URLSearchParams,
): boolean {
  return mode === "prod" && app.is_remixable && app.public_settings !== "private_with_login" && search.get("hide_badge") !== "true";
}

/** How an app load or the user load that failed ends (spec 03 §4, §8). */
export type LoadOutcome =
  /** 403 auth_required: to the app's sign-in, back here after */
  | { kind: "sign-in" }
  /** 401: the stored token is no good; clear it and start again signed out */
  | { kind: "sign-out" }
  /** 403 user_not_registered: "Access Restricted" */
  | { kind: "restricted" }
  | { kind: "failed"; message: string };

export function loadOutcome(failure: { status: number | null; reason: unknown; message: string }): LoadOutcome {
  if (failure.reason === "auth_required") return { kind: "sign-in" };
  if (failure.reason === "user_not_registered") return { kind: "restricted" };
  if (failure.status === 401) return { kind: "sign-out" };
  return { kind: "failed", message: failure.message };
}
