import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Verification } from "../../schemas/verification";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { apiUrl, builtRuntimeDir, useStackLinks } from "./helpers";

/**
 * Verification after a turn (issue 24 §1), on a local stack of its own that serves the app
 * runtime (the API project's stack serves none), with Debian's Chromium: apps the offline engine
 * builds, then pages broken on purpose through the code editor's save.
 */

let stack: StackProcess;
/** the stack's data folder: its auth secret is there, which this process needs to act as the stack's worker does */
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kiln-verify-data-"));
let Verify: typeof import("../../functions/core/verify/verify").Verify;
let VerifyBrowser: typeof import("../../functions/core/verify/browser").VerifyBrowser;

async function call(method: string, route: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A builder on a paid plan (saving code is one of its features). */
async function builder(): Promise<string> {
  const email = `verify-${Math.random().toString(36).slice(2, 10)}@test.kiln`;
  const token = (await call("POST", "/api/local/token", undefined, { email })).body.access_token as string;
  const me = (await call("GET", "/api/auth/me", token)).body;
  const admin = (await call("POST", "/api/local/token", undefined, { email: "admin@kiln.local" })).body.access_token as string;
  expect((await call("POST", `/api/auth/${me.id}/update-user`, admin, { subscription_tier: "pro" })).status).toBe(200);
  return token;
}

/** An app the offline engine built from a description, its first turn done. */
async function offlineApp(token: string, description: string): Promise<any> {
  const created = await call("POST", "/api/apps", token, { user_description: description });
  expect(created.status).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const app = (await call("GET", `/api/apps/${created.body.id}`, token)).body;
    if (app.status.state !== "processing") return app;
    if (Date.now() > deadline) throw new Error("the app's first turn did not end");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Saves a file the way the code editor does. */
async function save(token: string, appId: string, filePath: string, content: string) {
  const saved = await call("POST", `/api/apps/${appId}/coding/write`, token, { file_path: filePath, content });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const pageNamed = (result: Verification, name: string) => result.pages.find((p) => p.name === name)!;

beforeAll(async () => {
  stack = await startLocalStackProcess({ seed: true, webDir: builtRuntimeDir(), dataDir });
  useStackLinks(stack.links);
  process.env.SST_RESOURCE_AuthSecret = JSON.stringify({ value: readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim(), type: "sst.sst.Secret" });
  ({ Verify } = await import("../../functions/core/verify/verify"));
  ({ VerifyBrowser } = await import("../../functions/core/verify/browser"));
}, 240_000);

afterAll(async () => {
  await VerifyBrowser?.close();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("verification of an app in a real browser", () => {
  let token: string;
  let app: any;
  beforeAll(async () => {
    token = await builder();
    app = await offlineApp(token, "A CRM to track customers, deals and follow-up tasks");
  }, 90_000);

  it("an app the offline engine built passes: its main page and the pages checked render with no error or serious accessibility finding, and a record made through its form is found and removed", async () => {
    const before = (await call("GET", `/api/apps/${app.id}/entities/Customer`, token)).body;
    const result = await Verify.run({ appId: app.id, pages: ["CustomerForm", "CustomerDetail", "Gone"], touchedEntities: ["User", "Customer"] });
    expect(result.pages.map((p) => [p.name, p.path, p.status, p.errors])).toEqual([
      ["Dashboard", "/Dashboard", "passed", []],
      ["CustomerForm", "/CustomerForm", "passed", []],
      ["CustomerDetail", "/CustomerDetail", "passed", []],
    ]);
    expect(result.record_check).toEqual({ entity: "Customer", status: "passed", page: "Customers", created: true, removed: true, error: null, errors: [] });
    expect(result).toMatchObject({ status: "passed", reason: null });
    // the user's data is as it was: the record made through the form is gone
    expect((await call("GET", `/api/apps/${app.id}/entities/Customer`, token)).body).toEqual(before);
    expect(Verify.summarize(result)).toEqual({ fix: null, receipt: expect.stringMatching(/^Verified in a browser: 3 pages rendered with no errors, and a Customer was created through its form and removed \(\d+\.\d s\)$/) });
  }, 60_000);

  it("every list page the offline engine writes passes axe's serious and critical rules: its status filter is named", async () => {
    const result = await Verify.run({ appId: app.id, pages: ["Customers", "Deals", "Tasks", "CustomerForm"], touchedEntities: ["Customer"] });
    expect(result.pages.map((p) => [p.name, p.status, p.errors])).toEqual([
      ["Dashboard", "passed", []],
      ["Customers", "passed", []],
      ["Deals", "passed", []],
      ["Tasks", "passed", []],
      ["CustomerForm", "passed", []],
    ]);
    expect(result.record_check).toMatchObject({ status: "passed", created: true, removed: true });
    expect(result.status).toBe("passed");
  }, 60_000);

  it("a page whose component throws fails, naming the page and the message", async () => {
    await save(token, app.id, "pages/Broken", `export default function Broken() {\n  throw new Error("Totals are not ready");\n}\n`);
    const result = await Verify.run({ appId: app.id, pages: ["Broken"], touchedEntities: [] });
    expect(result.status).toBe("failed");
    expect(pageNamed(result, "Dashboard").status).toBe("passed");
    const broken = pageNamed(result, "Broken");
    expect(broken.status).toBe("failed");
    expect(broken.errors).toEqual([{ kind: "runtime", message: "Error in pages/Broken: Totals are not ready", file: "pages/Broken" }]);
    expect(result.reason).toMatch(/^Page Broken \(\/Broken\): .*Totals are not ready/);
    const { fix, receipt } = Verify.summarize(result);
    expect(fix).toBe(
      "The app was opened in a browser after your changes and these problems were found. Fix each one, changing only what is needed:\n- Page Broken (/Broken): pages/Broken: error shown: Error in pages/Broken: Totals are not ready",
    );
    expect(receipt).toMatch(/^Verification failed: 1 problem on Broken \(\d+\.\d s\)$/);
    expect(result.record_check).toBeNull();
  }, 60_000);

  it("a page that imports a missing file fails with the import named", async () => {
    await save(token, app.id, "pages/Imports", `import Missing from "@/components/Missing";\nexport default function Imports() {\n  return <Missing />;\n}\n`);
    const result = await Verify.run({ appId: app.id, pages: ["Imports"], touchedEntities: [] });
    const page = pageNamed(result, "Imports");
    expect(page.status).toBe("failed");
    expect(page.errors).toEqual([{ kind: "runtime", message: 'Cannot import "@/components/Missing" in pages/Imports', file: "pages/Imports" }]);
  }, 60_000);

  it("a page whose data request fails and that logs an error: the failed request and the console error are named, the token never", async () => {
    await save(
      token,
      app.id,
      "pages/Totals",
      `import { useEffect } from "react";\nexport default function Totals() {\n  useEffect(() => {\n    fetch("/api/apps/no-such-app/entities/Total?token=secret").then((res) => console.error(\`Totals could not load (\${res.status})\`));\n  }, []);\n  return (<main><h1>Totals</h1></main>);\n}\n`,
    );
    const result = await Verify.run({ appId: app.id, pages: ["Totals"], touchedEntities: [] });
    expect(pageNamed(result, "Totals").errors).toEqual([
      { kind: "request", message: "GET /api/apps/no-such-app/entities/Total answered 404" },
      { kind: "console", message: "Totals could not load (404)" },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/access_token|secret|eyJ/);
  }, 60_000);

  it("an icon button without an accessible name is a serious accessibility finding, named", async () => {
    await save(
      token,
      app.id,
      "pages/Icons",
      `import { Trash2 } from "lucide-react";\nimport { Button } from "@/components/ui/button";\nexport default function Icons() {\n  return (<main><h1>Icons</h1><Button variant="ghost" size="icon"><Trash2 className="h-4 w-4" /></Button></main>);\n}\n`,
    );
    const result = await Verify.run({ appId: app.id, pages: ["Icons"], touchedEntities: [] });
    const page = pageNamed(result, "Icons");
    expect(page.status).toBe("failed");
    expect(page.errors).toEqual([
      { kind: "a11y", rule: "button-name", message: expect.stringMatching(/^Buttons must have discernible text \(critical\): <button /), file: "pages/Icons", line: 4, target: expect.any(String) },
    ]);
    expect(Verify.summarize(result).fix).toContain("- Page Icons (/Icons): pages/Icons line 4: accessibility (button-name at `");
  }, 60_000);

  it("a form that never sends its record fails the record check, with what the page threw", async () => {
    await save(
      token,
      app.id,
      "pages/TaskForm",
      `export default function TaskForm() {\n  const save = (event) => {\n    event.preventDefault();\n    throw new Error("Task saving is not wired");\n  };\n  return (<main><h1>New task</h1><form onSubmit={save}><label htmlFor="title">Title</label><input id="title" required /><button type="submit">Save</button></form></main>);\n}\n`,
    );
    const result = await Verify.run({ appId: app.id, pages: [], touchedEntities: ["Task"] });
    expect(result.pages.map((p) => [p.name, p.status])).toEqual([["Dashboard", "passed"]]);
    expect(result.record_check).toEqual({
      entity: "Task",
      status: "failed",
      page: "Tasks",
      created: false,
      removed: false,
      error: "Saving the Task form sent no create request",
      errors: [{ kind: "pageerror", message: "Task saving is not wired", file: "pages/TaskForm" }],
    });
    expect(result.status).toBe("failed");
    expect(result.reason).toBe("Creating a Task through its form from page Tasks: Saving the Task form sent no create request");
    expect(Verify.summarize(result).fix).toContain("\n  - while creating it: pages/TaskForm: uncaught error: Task saving is not wired");
    expect(Verify.summarize(result).receipt).toMatch(/^Verification failed: creating a Task failed \(/);
  }, 60_000);

  it("an app whose main page has a syntax error fails on its main page", async () => {
    const other = await offlineApp(token, "A recipe box to keep recipes with ingredients and cooking time");
    const main = other.main_page ?? "Dashboard";
    await save(token, other.id, `pages/${main}`, `export default function Main() {\n  return <div>\n}\n`);
    const result = await Verify.run({ appId: other.id, pages: [], touchedEntities: [] });
    expect(result.status).toBe("failed");
    expect(result.pages.map((p) => p.name)).toEqual([main]);
    expect(result.pages[0].errors).toEqual([{ kind: "runtime", message: `Syntax error in pages/${main} (line 3): Unexpected token`, file: `pages/${main}`, line: 3 }]);
    expect(result.reason).toBe(`Page ${main} (/${main}): pages/${main} line 3: error shown: Syntax error in pages/${main} (line 3): Unexpected token`);
  }, 90_000);
});

describe("what a turn's changed files ask to check", () => {
  it("changed pages, pages importing a changed component directly or through another, changed entities", () => {
    const files = {
      "pages/Dashboard": `import StatCard from "@/components/StatCard";`,
      "pages/Deals": `import Board from '@/components/Board';`,
      "pages/Tasks": `import { Task } from "@/entities/Task";`,
      "components/Board": `import StatCard from "@/components/StatCard";`,
      "components/StatCard": `export default function StatCard() { return null; }`,
    };
    expect(Verify.touchedBy(files, ["components/StatCard", "pages/Tasks", "entities/Task", "layout/main"])).toEqual({ pages: ["Tasks", "Dashboard", "Deals"], entities: ["Task"] });
    expect(Verify.pagesToCheck({ main_page: "Deals" }, files, ["Tasks", "Gone", "Deals"])).toEqual(["Deals", "Tasks"]);
  });
});

describe("verification where the app host serves no runtime", () => {
  it("is skipped with the preview's answer, never passed", async () => {
    const token = await builder();
    const app = await offlineApp(token, "A simple to-do list");
    // this stack's apps as the API project's stack would serve them: that stack was started without the built web app
    const { Resource } = await import("sst");
    const kiln = Resource.Kiln as { appsUrl: string };
    const own = kiln.appsUrl;
    kiln.appsUrl = `http://{host}.localhost:${new URL(apiUrl()).port}`;
    try {
      const result = await Verify.run({ appId: app.id, pages: [], touchedEntities: ["Task"] });
      expect(result).toMatchObject({ status: "skipped", reason: "The app's preview could not be opened: the preview answered 404: The app runtime is not built (npm run build).", pages: [], record_check: null });
    } finally {
      kiln.appsUrl = own;
    }
  }, 60_000);
});

describe("verification without a browser", () => {
  it("is skipped with the reason, never passed", async () => {
    await VerifyBrowser.close();
    process.env.KILN_CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      const token = await builder();
      const app = await offlineApp(token, "A simple to-do list");
      const result = await Verify.run({ appId: app.id, pages: [], touchedEntities: [] });
      expect(result).toMatchObject({ status: "skipped", pages: [], record_check: null });
      expect(result.reason).toMatch(/^verification needs Chromium: could not start \/nonexistent\/chromium/);
      expect(Verify.summarize(result)).toEqual({ fix: null, receipt: `Not verified: ${result.reason}` });
    } finally {
      delete process.env.KILN_CHROMIUM_PATH;
      await VerifyBrowser.close();
    }
  }, 60_000);
});
