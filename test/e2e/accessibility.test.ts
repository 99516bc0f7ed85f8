import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launch, newContext, ownerWithBuiltApp, signInThroughIdentityPage } from "./browser";

/**
 * The builder's main screens under axe-core with the WCAG 2.0 and 2.1 A and AA rules (issue 21 "What a new
 * user hit"): no screen has a violation, colour contrast included. The built app inside the editor's
 * preview frame is the user's own design, not the builder's, so axe does not look into frames.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let browser: Browser;
let owner: Awaited<ReturnType<typeof ownerWithBuiltApp>>;
let entity: string;
let ownerPage: Page;
let adminPage: Page;
const contexts: BrowserContext[] = [];

async function signedInPage(email: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughIdentityPage(page, { email }, "/");
  // the sign-in ends with the app's own navigation home: let it finish before going elsewhere
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("prompt-input").waitFor();
  return page;
}

beforeAll(async () => {
  browser = await launch();
  owner = await ownerWithBuiltApp("a11y", null, "A simple task tracker");
  // a visit puts the app in the admin dashboard's trending table, so that screen shows a table, not its empty state
  const visit = await apiCall("POST", `/api/app-logs/${owner.appId}/log-user-in-app/Home`, { token: owner.token });
  if (visit.status !== 200) throw new Error(`logging a visit: ${visit.status}`);
  ownerPage = await signedInPage(owner.email);
  const app = await ownerPage.evaluate(async (id) => {
    const res = await fetch(`/api/apps/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return res.json();
  }, owner.appId);
  entity = Object.keys(app.entities)[0]!;
  adminPage = await signedInPage("admin@kiln.local");
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/**
 * Opens `path`, waits for `testId` and for every finite animation to end (a fading element would be
 * measured half-transparent), then runs axe; answers one line per failing element.
 */
async function violationsAt(page: Page, path: string, testId: string): Promise<string[]> {
  await page.goto(path);
  await page.getByTestId(testId).first().waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running"));
  // a scrolling box must be reachable by keyboard once it overflows, which depends on how much data the
  // screen shows: squeeze every one that scrolls vertically so axe sees each overflowing, whatever the data
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("body *"))
      if (["auto", "scroll"].includes(getComputedStyle(el).overflowY) && el.childElementCount > 0) el.style.height = el.style.maxHeight = "2rem";
  });
  // evaluated, not added as a <script>: the builder's CSP refuses inline scripts
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: tags }, iframes: false }),
    TAGS,
  );
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`));
}

describe("the builder's screens pass axe-core's WCAG 2 A and AA rules", () => {
  const screens: [name: string, path: () => string, testId: string, admin?: boolean][] = [
    ["home", () => "/", "prompt-input"],
    ["apps list", () => "/apps", "apps-grid"],
    ["app editor", () => `/apps/${owner.appId}/editor/preview`, "message-list"],
    ["workspace data", () => `/apps/${owner.appId}/editor/workspace/entity-${entity}`, "entity-data-view"],
    ["billing", () => "/billing", "plan-cards"],
    ["integrations catalogue", () => "/integrations-catalog", "catalog-grid"],
    ["support", () => "/support", "support-hub"],
    ["admin dashboard", () => "/admin/analytics", "platform-analytics", true],
  ];
  for (const [name, path, testId, admin] of screens) {
    it(`${name}: no violations`, async () => {
      expect(await violationsAt(admin ? adminPage : ownerPage, path(), testId)).toEqual([]);
    });
  }
});
