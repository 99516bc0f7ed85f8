// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import * as React from "react";
import * as ReactRouter from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Visibility } from "../../schemas/app";
import { RuntimeApp } from "../../web/runtime/App";
import { AppRuntime } from "../../web/runtime/app-runtime";
import { Bridge } from "../../web/runtime/bridge";
import * as jsxDevRuntime from "../../web/runtime/jsx";
import { AppModules, type ModuleProvider } from "../../web/runtime/modules";
import { logsVisits } from "../../web/runtime/routes";

/**
 * The runner logs each navigation to a page as a visit (spec 03 §7.12): the real runtime,
 * router and modules render generated pages; only the log call is recorded here.
 */

const provider: ModuleProvider = {
  builtin(id) {
    if (id === "react") return { ...React, default: React, __esModule: true };
    if (id === "react/jsx-dev-runtime") return { ...jsxDevRuntime, __esModule: true };
    if (id === "react-router-dom") return { ...ReactRouter, __esModule: true };
    throw new Error(`no ${id} in this test`);
  },
  entity: () => ({ __esModule: true }),
  func: () => ({ __esModule: true }),
};

const page = (name: string, text: string, linkTo: string) =>
  `import { Link } from "react-router-dom";\nexport default function ${name}() {\n  return <main><h1>${text}</h1><Link to="${linkTo}">Go to ${linkTo}</Link></main>;\n}\n`;
const files = { "pages/Home": page("Home", "Welcome", "/Books"), "pages/Books": page("Books", "All books", "/") };

let visits: string[];

function start(visibility: Visibility, signedIn: boolean, appFiles: Record<string, string> = files) {
  const modules = new AppModules(provider);
  modules.update(appFiles);
  const runtime = new AppRuntime(modules, new Bridge(false), "Home");
  render(<RuntimeApp runtime={runtime} session={{ appId: "app1", visibility, signedIn, remixUrl: null, logVisit: (p) => visits.push(p) }} />);
  return runtime;
}

beforeEach(() => {
  visits = [];
  window.history.replaceState(null, "", "/");
});
afterEach(cleanup);

describe("the runner's visit log", () => {
  it("logs the page of each navigation once, and not when new files re-render the same page", async () => {
    const runtime = start("private_with_login", true);
    await screen.findByRole("heading", { name: "Welcome" });
    expect(visits).toEqual(["Home"]);

    fireEvent.click(screen.getByRole("link", { name: "Go to /Books" }));
    await screen.findByRole("heading", { name: "All books" });
    expect(visits).toEqual(["Home", "Books"]);

    act(() => runtime.applyFiles({ ...files, "pages/Books": page("Books", "Every book", "/") }));
    await screen.findByRole("heading", { name: "Every book" });
    expect(visits).toEqual(["Home", "Books"]);

    fireEvent.click(screen.getByRole("link", { name: "Go to /" }));
    await screen.findByRole("heading", { name: "Welcome" });
    expect(visits).toEqual(["Home", "Books", "Home"]);
  });

  it("logs nothing in the editor's frame (no logger) nor for a page the app lacks", async () => {
    const modules = new AppModules(provider);
    modules.update(files);
    render(<RuntimeApp runtime={new AppRuntime(modules, new Bridge(false), "Home")} session={{ appId: "app1", visibility: "public_without_login", signedIn: true, remixUrl: null, logVisit: null }} />);
    await screen.findByRole("heading", { name: "Welcome" });
    cleanup();

    window.history.replaceState(null, "", "/Reports");
    start("public_without_login", false);
    await screen.findByRole("heading", { name: "Page Not Found" });
    expect(visits).toEqual([]);
  });

  it("logs a visitor only where the server takes their visit: an app open to visitors", () => {
    expect(logsVisits("public_without_login", false)).toBe(true);
    expect(logsVisits("public_with_login", false)).toBe(false);
    expect(logsVisits("private_with_login", false)).toBe(false);
    expect(logsVisits("private_with_login", true)).toBe(true);
  });

  it("an anonymous visitor's view of a page open to them is not logged on an app that needs sign-in", async () => {
    start("public_with_login", false, { ...files, "pages/Home": `export const pageConfig = { requiresAuth: false };\n${page("Home", "Welcome", "/Books")}` });
    await screen.findByRole("heading", { name: "Welcome" });
    expect(visits).toEqual([]);
  });
});
