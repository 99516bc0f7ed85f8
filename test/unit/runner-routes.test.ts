import { describe, expect, it } from "vitest";
import { siteOf } from "../../stacks/local/app-host";
import { type PageEntry, authRouteOf, loadOutcome, loginUrl, menuOf, mustSignIn, pageRouteOf, pageSettingsOf, showsBadge } from "../../web/runtime/routes";

/** The published-app runner's decisions (spec 03 §2.13, §4, §8), without a browser. */

const entry = (name: string, pageConfig?: unknown, visibility: "private_with_login" | "public_without_login" = "private_with_login"): PageEntry => ({
  name,
  settings: pageSettingsOf(pageConfig === undefined ? { default: () => null } : { default: () => null, pageConfig }, visibility),
});

describe("page config: export const pageConfig = { requiresAuth, usesLayout, showInMenu, parent }", () => {
  it("a page without one requires sign-in, uses the layout, is in the menu and has no parent", () => {
    expect(pageSettingsOf({ default: () => null }, "public_with_login")).toEqual({ requiresAuth: true, usesLayout: true, showInMenu: true, parent: null });
    expect(pageSettingsOf(undefined, "private_with_login")).toEqual({ requiresAuth: true, usesLayout: true, showInMenu: true, parent: null });
  });

  it("in a public_without_login app pages are open unless they say requiresAuth: true", () => {
    expect(pageSettingsOf({}, "public_without_login").requiresAuth).toBe(false);
    expect(pageSettingsOf({ pageConfig: { requiresAuth: true } }, "public_without_login").requiresAuth).toBe(true);
    expect(pageSettingsOf({ pageConfig: { requiresAuth: false } }, "public_with_login").requiresAuth).toBe(false);
  });

  it("reads each key; a key of the wrong type counts as absent and spoils nothing else", () => {
    expect(pageSettingsOf({ pageConfig: { usesLayout: false, showInMenu: false, parent: "Projects" } }, "public_with_login")).toEqual({
      requiresAuth: true,
      usesLayout: false,
      showInMenu: false,
      parent: "Projects",
    });
    expect(pageSettingsOf({ pageConfig: { requiresAuth: "no", usesLayout: false, parent: 7 } }, "public_with_login")).toEqual({
      requiresAuth: true,
      usesLayout: false,
      showInMenu: true,
      parent: null,
    });
    expect(pageSettingsOf({ pageConfig: "nonsense" }, "public_with_login").requiresAuth).toBe(true);
    expect(pageSettingsOf({ pageConfig: null }, "public_without_login").requiresAuth).toBe(false);
  });

  it("a page that needs a user sends a visitor to sign in; a signed-in user or an open page renders", () => {
    expect(mustSignIn(entry("Home").settings, false)).toBe(true);
    expect(mustSignIn(entry("Home").settings, true)).toBe(false);
    expect(mustSignIn(entry("Home", { requiresAuth: false }).settings, false)).toBe(false);
  });
});

describe("routes on the app's own origin", () => {
  it("/login and /reset-password are the runner's own screens, in any case and with a trailing slash", () => {
    expect(authRouteOf("/login")).toBe("login");
    expect(authRouteOf("/Login/")).toBe("login");
    expect(authRouteOf("/reset-password")).toBe("reset-password");
    expect(authRouteOf("/login/extra")).toBeNull();
    expect(authRouteOf("/Logins")).toBeNull();
    expect(authRouteOf("/")).toBeNull();
  });

  it("the login redirect carries the current address and the app id", () => {
    const url = new URL(loginUrl("app1", "http://crm.localhost:4444/Tasks?x=1"), "http://crm.localhost:4444");
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("from_url")).toBe("http://crm.localhost:4444/Tasks?x=1");
    expect(url.searchParams.get("app_id")).toBe("app1");
  });

  const pages = [entry("Dashboard"), entry("Projects"), entry("Milestones", { parent: "Projects" }), entry("Notes", { parent: "Milestones" }), entry("Tasks")];

  it("a page by name, / the main page, a child under its parent's path, other segments the page's own", () => {
    expect(pageRouteOf("/", pages, "Tasks")).toEqual({ name: "Tasks", found: true });
    expect(pageRouteOf("/projects", pages, null)).toEqual({ name: "Projects", found: true });
    expect(pageRouteOf("/Projects/Milestones", pages, null)).toEqual({ name: "Milestones", found: true });
    expect(pageRouteOf("/Projects/Milestones/notes", pages, null)).toEqual({ name: "Notes", found: true });
    expect(pageRouteOf("/Milestones", pages, null)).toEqual({ name: "Milestones", found: true });
    expect(pageRouteOf("/Tasks/123", pages, null)).toEqual({ name: "Tasks", found: true });
    expect(pageRouteOf("/Tasks/Milestones", pages, null)).toEqual({ name: "Tasks", found: true });
    expect(pageRouteOf("/Reports", pages, null)).toEqual({ name: "Reports", found: false });
  });

  it("the menu offers pages whose showInMenu is not false, children under their parent", () => {
    const menu = menuOf([...pages, entry("Settings", { showInMenu: false }), entry("Archive", { parent: "Projects", showInMenu: false })]);
    expect(menu).toEqual([
      { name: "Dashboard", url: "/Dashboard", children: [] },
      {
        name: "Projects",
        url: "/Projects",
        children: [{ name: "Milestones", url: "/Projects/Milestones", children: [{ name: "Notes", url: "/Projects/Milestones/Notes", children: [] }] }],
      },
      { name: "Tasks", url: "/Tasks", children: [] },
    ]);
  });

  it("a parent that is no page, or a loop of parents, leaves the page at the top", () => {
    const odd = [entry("A", { parent: "B" }), entry("B", { parent: "A" }), entry("C", { parent: "Missing" }), entry("D", { parent: "D" })];
    expect(menuOf(odd).map((m) => m.name)).toEqual(["A", "B", "C", "D"]);
    expect(pageRouteOf("/A/B", odd, null)).toEqual({ name: "A", found: true });
  });
});

describe("the remix badge: published, public and remixable, unless ?hide_badge=true", () => {
  const open = { public_settings: "public_with_login" as const, is_remixable: true };
  const none = new URLSearchParams();

  it("shows on a published public remixable app", () => {
    expect(showsBadge("prod", open, none)).toBe(true);
    expect(showsBadge("prod", { ...open, public_settings: "public_without_login" }, none)).toBe(true);
  });

  it("never on a private app, an app that is not remixable, the preview, or with hide_badge=true", () => {
    expect(showsBadge("prod", { ...open, public_settings: "private_with_login" }, none)).toBe(false);
    expect(showsBadge("prod", { ...open, is_remixable: false }, none)).toBe(false);
    expect(showsBadge("preview", open, none)).toBe(false);
    expect(showsBadge("prod", open, new URLSearchParams("hide_badge=true"))).toBe(false);
    expect(showsBadge("prod", open, new URLSearchParams("hide_badge=false"))).toBe(true);
  });
});

describe("a failed app or user load", () => {
  it("auth_required signs in, user_not_registered is Access Restricted, 401 signs out, the rest is Failed to load app", () => {
    expect(loadOutcome({ status: 403, reason: "auth_required", message: "x" })).toEqual({ kind: "sign-in" });
    expect(loadOutcome({ status: 403, reason: "user_not_registered", message: "x" })).toEqual({ kind: "restricted" });
    expect(loadOutcome({ status: 401, reason: undefined, message: "Invalid or expired token" })).toEqual({ kind: "sign-out" });
    expect(loadOutcome({ status: 404, reason: undefined, message: "This app has not been published yet" })).toEqual({
      kind: "failed",
      message: "This app has not been published yet",
    });
    expect(loadOutcome({ status: null, reason: undefined, message: "Failed to fetch" })).toEqual({ kind: "failed", message: "Failed to fetch" });
  });
});

describe("host selection on one machine (spec 03 §2.13)", () => {
  it("the builder on its own host name, apps on {label}.localhost, any other name a custom domain", () => {
    expect(siteOf("localhost:4444", "localhost")).toEqual({ kind: "builder" });
    expect(siteOf(undefined, "localhost")).toEqual({ kind: "builder" });
    expect(siteOf("crm-ab12.localhost:4444", "localhost")).toEqual({ kind: "app", label: "crm-ab12" });
    expect(siteOf("preview--crm-ab12.localhost:4444", "localhost")).toEqual({ kind: "app", label: "preview--crm-ab12" });
    expect(siteOf("127.0.0.1:4444", "localhost")).toEqual({ kind: "custom" });
    expect(siteOf("shop.example.com", "localhost")).toEqual({ kind: "custom" });
  });
});
