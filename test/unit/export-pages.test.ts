import { describe, expect, it } from "vitest";
import { pageConfigOf } from "../../functions/core/export/page-config";
import { appShell } from "../../functions/core/export/router";

/** The export splits an app by route (issue 21): each page loaded when visited, its settings read from its source at export. */
describe("pageConfigOf", () => {
  it("reads a plain literal, comments and quoted keys included", () => {
    expect(pageConfigOf(`export const pageConfig = { requiresAuth: false, showInMenu: false, parent: "Settings" };\nexport default function A() { return <div />; }`)).toEqual({
      requiresAuth: false,
      showInMenu: false,
      parent: "Settings",
    });
    expect(pageConfigOf(`export const pageConfig = {\n  // open to all\n  'requiresAuth': false,\n  usesLayout: true,\n}\n`)).toEqual({ requiresAuth: false, usesLayout: true });
  });

  it("null for a page without one; undefined (import it with the app) for anything but a plain literal declared in place", () => {
    expect(pageConfigOf("export default function A() { return null; }")).toBeNull();
    for (const source of [
      "export const pageConfig = { requiresAuth: isOpen };",
      "export const pageConfig = makeConfig();",
      'export const pageConfig = { parent: "A" } || {};',
      "const pageConfig = { requiresAuth: false };\nexport { pageConfig };",
      "export const pageConfig = { parent: `Settings` };",
    ]) {
      expect(pageConfigOf(source), source).toBeUndefined();
    }
  });
});

describe("the exported App.jsx", () => {
  it("loads each page lazily with its settings written in, and imports with the app only a page whose settings it cannot read", () => {
    const app = appShell({
      pages: [
        { name: "Dashboard", source: "export default function Dashboard() { return null; }" },
        { name: "Public", source: "export const pageConfig = { requiresAuth: false };\nexport default () => null;" },
        { name: "Odd", source: "export const pageConfig = build();\nexport default () => null;" },
      ],
      mainPage: "Dashboard",
      hasLayout: true,
      visibility: "private_with_login",
    });
    expect(app).toContain('{ name: "Dashboard", config: null, Page: lazy(() => import("./pages/Dashboard.jsx")) },');
    expect(app).toContain('{ name: "Public", config: {"requiresAuth":false}, Page: lazy(() => import("./pages/Public.jsx")) },');
    expect(app).toContain('import * as page2 from "./pages/Odd.jsx";');
    expect(app).toContain('{ name: "Odd", module: page2 },');
    expect(app).not.toMatch(/import \* as page[01] /);
  });
});
