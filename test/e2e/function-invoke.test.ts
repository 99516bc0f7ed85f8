import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, launch, newContext, signInOnApp, signInThroughIdentityPage, tokenFor, uniqueEmail, webUrl } from "./browser";

/**
 * A generated app calls its backend function through the SDK (issue 11, spec 02 §7), in real
 * Chromium: an invited user of the published app clicks, the page runs
 * `base44.functions.invoke("greet", …)` (and the same function imported from "@/functions/greet"),
 * the Base44-style function answers in the Deno sandbox as that user, and the page shows it.
 * A function that throws reaches the page as an error it can catch, with the status 500 and a
 * request id, never what it threw (issue 21 item 5: that may hold a secret). The owner's Test
 * panel and Function Logs show the call at once, the secret masked (issue 21, Function Logs).
 */

const GREET = `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";

Deno.serve(async (req) => {
  const base44 = createClientFromRequest(req);
  const { name } = await req.json();
  const me = await base44.auth.me();
  return Response.json({ greeting: "Hi " + name + " from " + me.email });
});
`;

const REACTOR_CODE = `rc-${Math.random().toString(36).slice(2, 12)}`;
const EXPLODE = `Deno.serve(async () => {
  throw new Error("The reactor is offline: " + Deno.env.get("REACTOR_CODE"));
});
`;
/** Prints nothing: its Test still shows in its logs. */
const PING = "Deno.serve(() => Response.json({ pong: true }));";

const PAGE = `import { useState } from "react";
import { base44 } from "@/api/base44Client";
import { greet } from "@/functions/greet";
import { explode } from "@/functions/explode";

export default function Greeter() {
  const [invoked, setInvoked] = useState("");
  const [imported, setImported] = useState("");
  const [failure, setFailure] = useState("");
  const runInvoke = async () => {
    const { data } = await base44.functions.invoke("greet", { name: "Ada" });
    setInvoked(data.greeting);
  };
  const runImport = async () => {
    const { data } = await greet({ name: "Grace" });
    setImported(data.greeting);
  };
  const runExplode = async () => {
    try {
      await explode({});
      setFailure("no error");
    } catch (err) {
      setFailure("Failed with " + err.response.status + ": " + err.response.data.error);
    }
  };
  return (
    <div className="p-6 space-y-3">
      <button onClick={runInvoke}>Greet Ada</button>
      <p data-testid="invoked">{invoked}</p>
      <button onClick={runImport}>Greet Grace</button>
      <p data-testid="imported">{imported}</p>
      <button onClick={runExplode}>Explode</button>
      <p data-testid="failure">{failure}</p>
    </div>
  );
}
`;

let browser: Browser;
let appId: string;
let origin: string;
const ownerEmail = uniqueEmail("fn-invoke-owner");
const member = uniqueEmail("fn-caller");

beforeAll(async () => {
  browser = await launch();
  const token = await tokenFor(ownerEmail);
  const me = (await call("GET", "/api/auth/me", { token })).body;
  const moved = await call("POST", `/api/auth/${me.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "builder" } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const created = await call("POST", "/api/apps", { token, body: { user_description: "A simple task tracker with a list of tasks and their status" } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  appId = created.body.id;
  // polled by hand: expect.poll may not run in a beforeAll
  for (const deadline = Date.now() + 45_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const state = (await call("GET", `/api/apps/${appId}`, { token })).body.status.state;
    if (state === "ready") break;
    if (Date.now() > deadline) throw new Error(`the app was not built: ${state}`);
  }
  expect((await call("POST", `/api/apps/${appId}/activate-backend-functions`, { token })).status).toBe(200);
  expect((await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { REACTOR_CODE } })).status).toBe(200);
  for (const [file_path, content] of [
    ["functions/greet", GREET],
    ["functions/explode", EXPLODE],
    ["functions/ping", PING],
    ["pages/Greeter", PAGE],
  ]) {
    const written = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path, content } });
    expect(written.status, `${file_path}: ${JSON.stringify(written.body)}`).toBe(200);
  }
  expect((await call("POST", `/api/apps/${appId}/users/invite-user`, { token, body: { user_email: member, role: "user" } })).status).toBe(200);
  expect((await call("POST", `/api/apps/${appId}/deploy`, { token })).status).toBe(200);
  const app = (await call("GET", `/api/apps/${appId}`, { token })).body;
  origin = `http://${app.slug}.localhost:${new URL(webUrl()).port}`;
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** The published app's Greeter page, signed in as the invited user through the identity page. */
async function greeterAsMember(): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signInOnApp(page, origin, member, "/Greeter");
  await page.getByRole("button", { name: "Greet Ada" }).waitFor();
  return page;
}

describe("a published app calls its backend function through the SDK", () => {
  it("base44.functions.invoke and the @/functions import answer as the signed-in user; a throwing function is a 500 the page catches", async () => {
    const page = await greeterAsMember();

    await page.getByRole("button", { name: "Greet Ada" }).click();
    await expect.poll(() => page.getByTestId("invoked").innerText(), { timeout: 60_000 }).toBe(`Hi Ada from ${member}`);

    await page.getByRole("button", { name: "Greet Grace" }).click();
    await expect.poll(() => page.getByTestId("imported").innerText(), { timeout: 30_000 }).toBe(`Hi Grace from ${member}`);

    await page.getByRole("button", { name: "Explode" }).click();
    await expect.poll(() => page.getByTestId("failure").innerText(), { timeout: 60_000 }).toMatch(/^Failed with 500: The function failed\. Request id: [0-9a-f-]{36}$/);
    expect(await page.content()).not.toContain(REACTOR_CODE);
  }, 150_000);
});

describe("the owner's function tools (issue 21)", () => {
  /** The owner in the code workspace on `functions/{name}`, its Test run with `{}`. */
  async function testRun(name: string): Promise<Page> {
    const page = await (await newContext(browser)).newPage();
    await signInThroughIdentityPage(page, { email: ownerEmail }, `/apps/${appId}/editor/workspace/code?filePath=functions/${name}`);
    await page.getByTestId("function-test-run").click();
    await page.getByTestId("function-test-status").waitFor({ timeout: 60_000 });
    return page;
  }
  const logMessages = (page: Page) => page.getByTestId("function-log-message").allInnerTexts();

  it("a Test of a function that prints nothing is in its Function Logs at once, without a refresh", async () => {
    const page = await testRun("ping");
    expect(await page.getByTestId("function-test-status").innerText()).toBe("200");
    await page.getByTestId("function-tab-logs").click();
    await expect.poll(() => logMessages(page), { timeout: 20_000 }).toEqual([expect.stringMatching(/^Request [0-9a-f-]{36}: answered 200 in \d+ ms/)]);
    expect(await page.getByTestId("function-logs-empty").count()).toBe(0);
  }, 90_000);

  it("a Test of a function that throws shows Kiln's words and the masked text; its logs keep the text under the request id, the secret masked", async () => {
    const page = await testRun("explode");
    expect(await page.getByTestId("function-test-status").innerText()).toBe("500");
    const failure = await page.getByTestId("function-test-failure").innerText();
    const requestId = failure.match(/^The function failed\. Request id: ([0-9a-f-]{36})$/)?.[1];
    expect(requestId, failure).toBeTruthy();
    expect(JSON.parse(await page.getByTestId("function-test-body").innerText())).toMatchObject({ detail: "Error: The reactor is offline: [secret REACTOR_CODE]", request_id: requestId });
    await page.getByTestId("function-tab-logs").click();
    const line = page.getByTestId("function-log").filter({ hasText: "Error: The reactor is offline: [secret REACTOR_CODE]" }).first();
    await line.waitFor({ timeout: 20_000 });
    expect(await line.getByTestId("function-log-request").innerText()).toBe(requestId);
    expect(await page.content()).not.toContain(REACTOR_CODE);
  }, 90_000);
});
