import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FEATURE_MESSAGES } from "../../lib/tiers";
import { SECRET_VALUES_REQUIRED, SECRET_VALUES_REQUIRED_TITLE } from "../../schemas/secrets";
import { apiCall as call, toastSaying, useBrowser, ownerWithBuiltApp } from "./browser";

/**
 * Backend functions in the owner's workspace, in real Chromium against the whole local stack
 * (spec 02 §2, §4, §6, §8, §9; spec 01 §3, §5, §8): App Settings activates them; a function
 * file's tools test it, show its log line and redeploy it; Free owners see the plan gate; the
 * chat's secrets form saves the secrets an assistant message asks for.
 */

const browser = useBrowser();

/** A Base44-style function: it logs and greets, and refuses a payload without a name with its own error. */
const HELLO = [
  'import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";',
  "Deno.serve(async (req) => {",
  "  const base44 = createClientFromRequest(req);",
  "  const body = await req.json();",
  '  if (!body.name) return Response.json({ error: "Name required" }, { status: 400 });',
  '  console.log("hello", body.name);',
  '  return Response.json({ greeting: "Hi " + body.name });',
  "});",
].join("\n");

const ownerWithApp = (label: string, tier: "builder" | null) => ownerWithBuiltApp(label, tier, "A simple task tracker with a list of tasks and their status");

/** The chat's turn is over: the last message is the assistant's, finished. */
async function turnDone(token: string, appId: string): Promise<any> {
  let app: any;
  await expect
    .poll(
      async () => {
        app = (await call("GET", `/api/apps/${appId}`, { token })).body;
        const last = app.conversation.messages.at(-1);
        return last?.role === "assistant" && last.state !== "streaming" && app.status.state === "ready";
      },
      { timeout: 45_000, interval: 250 },
    )
    .toBe(true);
  return app;
}

const logMessages = (page: Page) => page.getByTestId("function-log-message").allInnerTexts();

describe("Backend functions in the workspace", () => {
  let owner: { email: string; token: string; appId: string };

  beforeAll(async () => {
    owner = await ownerWithApp("functions-owner", "builder");
  });

  it("before activation a function's tools say so and link to App Settings, where the owner activates: 'Activated', disabled, and Secrets joins the sidebar", async () => {
    const written = await call("POST", `/api/apps/${owner.appId}/coding/write`, { token: owner.token, body: { file_path: "functions/pending", content: "Deno.serve(() => Response.json({ ok: true }));", version: null } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/code?filePath=functions/pending`);
    await page.getByTestId("function-tools-inactive").waitFor();
    expect(await page.getByTestId("function-test-run").count()).toBe(0);
    await page.getByTestId("function-tools-activate-link").click();
    await page.waitForURL(new RegExp(`/apps/${owner.appId}/editor/workspace/app-settings\\?selectedParam=backend-functions$`));

    const section = page.getByTestId("settings-backend-functions");
    const button = page.getByTestId("settings-backend-functions-button");
    await expect.poll(() => button.innerText()).toBe("Activate");
    expect(await button.isEnabled()).toBe(true);
    expect(await section.innerText()).not.toContain("not offered");
    // the section named by ?selectedParam= is highlighted
    await expect.poll(() => section.getAttribute("data-highlighted")).toBe("true");
    expect(await page.getByTestId("workspace-nav-secrets").count()).toBe(0);

    await button.click();
    await expect.poll(() => button.innerText()).toBe("Activated");
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId("workspace-nav-secrets").waitFor();
    expect((await call("GET", `/api/apps/${owner.appId}`, { token: owner.token })).body.has_backend_functions_enabled).toBe(true);

    await page.reload();
    await expect.poll(() => button.innerText()).toBe("Activated");
    expect(await button.isDisabled()).toBe(true);
  });

  it("a function file's tools: its URL, Test with a JSON payload (the answer, or its own error), the 'hello Ada' log line, and Redeploy", async () => {
    expect((await call("POST", `/api/apps/${owner.appId}/activate-backend-functions`, { token: owner.token })).status).toBe(200);
    const written = await call("POST", `/api/apps/${owner.appId}/coding/write`, { token: owner.token, body: { file_path: "functions/hello", content: HELLO, version: null } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);

    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/code?filePath=functions/hello`);
    await page.getByTestId("code-editor").and(page.locator('[data-path="functions/hello"]')).waitFor();
    const tools = page.getByTestId("function-tools");
    await tools.waitFor();
    expect(await page.getByTestId("code-file-functions/hello").getAttribute("aria-current")).toBe("true");
    await expect.poll(() => page.getByTestId("function-url").innerText()).toMatch(new RegExp(`/api/apps/${owner.appId}/functions/hello$`));

    // the payload must parse as JSON before Run is offered
    const payload = page.getByTestId("function-test-payload");
    const run = page.getByTestId("function-test-run");
    await payload.fill("{name: Ada}");
    await page.getByTestId("function-test-payload-error").waitFor();
    expect(await run.isDisabled()).toBe(true);

    // the function's own refusal: its error, and the raw response
    await payload.fill("{}");
    await run.click();
    await expect.poll(() => page.getByTestId("function-test-failure").innerText()).toBe("Name required");
    expect(await page.getByTestId("function-test-status").innerText()).toBe("400");
    expect(JSON.parse(await page.getByTestId("function-test-body").innerText())).toEqual({ error: "Name required" });

    await payload.fill('{"name":"Ada"}');
    await run.click();
    await expect.poll(() => page.getByTestId("function-test-status").innerText()).toBe("200");
    expect(await page.getByTestId("function-test-body").innerText()).toBe('{\n  "greeting": "Hi Ada"\n}');
    expect(await page.getByTestId("function-test-failure").count()).toBe(0);
    // the call deployed the function: the tools ask for its state again
    await expect.poll(() => page.getByTestId("function-deployment").getAttribute("data-status")).toBe("deployed");

    // its log line, newest first, with the region shown without a gcp- prefix
    await page.getByTestId("function-tab-logs").click();
    await expect
      .poll(
        async () => {
          if (!(await logMessages(page)).some((m) => m.includes("hello Ada"))) await page.getByTestId("function-logs-refresh").click();
          return logMessages(page);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContainEqual(expect.stringContaining("hello Ada"));
    const line = page.getByTestId("function-log").filter({ hasText: "hello Ada" }).first();
    expect(await line.getByTestId("function-log-level").innerText()).toBe("info");
    expect(await line.getByTestId("function-log-region").innerText()).not.toMatch(/^gcp-/);

    // Redeploy: the spinner, then the deployment it answered
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/apps/${owner.appId}/coding/redeploy-function/hello`) && r.request().method() === "POST"),
      page.getByTestId("function-redeploy").click(),
    ]);
    const deployment = await response.json();
    expect(deployment).toMatchObject({ name: "hello", status: "deployed", error: null });
    const state = page.getByTestId("function-deployment");
    await expect.poll(() => state.getAttribute("data-status")).toBe("deployed");
    await expect.poll(() => state.getAttribute("data-deployed-at")).toBe(deployment.deployed_at);
    await expect.poll(() => state.getAttribute("data-up-to-date")).toBe("true");
    expect(await state.innerText()).toContain("Deployed");
    expect(await page.getByTestId("function-packages").innerText()).toContain("@base44/sdk");

    // an edit saved in the editor is deployed by the server's job; the tools catch up with it on their own
    const before = await state.getAttribute("data-deployed-at");
    await page.getByTestId("code-editor").locator(".cm-line").last().click();
    await page.keyboard.press("End");
    await page.keyboard.insertText("\n// v2");
    await page.getByTestId("code-save-bar").getByRole("button", { name: "Save" }).click();
    await toastSaying(page, "File saved");
    await expect.poll(() => state.getAttribute("data-deployed-at"), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => state.getAttribute("data-up-to-date")).toBe("true");
    expect(await state.getAttribute("data-status")).toBe("deployed");
  });

  it("the assistant's secret request: a blank value is refused, Save sets the secrets, the card lists them as set and the chat says 'I've added … secrets'", async () => {
    const sent = await call("POST", `/api/apps/${owner.appId}/chat/message`, { token: owner.token, body: { content: "Add a function that posts a message to Slack" } });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const app = await turnDone(owner.token, owner.appId);
    const asking = app.conversation.messages.at(-1);
    expect(asking.secret_request).toEqual([expect.objectContaining({ secretName: "SLACK_WEBHOOK_URL" })]);

    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/preview`);
    const card = page.getByTestId(`message-${asking.id}`).getByTestId("secret-request");
    await card.waitFor();
    const input = card.getByTestId("secret-request-input-SLACK_WEBHOOK_URL");
    expect(await input.getAttribute("type")).toBe("password");
    await input.fill("   ");
    await card.getByTestId("secret-request-save").click();
    expect(await toastSaying(page, SECRET_VALUES_REQUIRED_TITLE)).toContain(SECRET_VALUES_REQUIRED);
    expect((await call("GET", `/api/apps/${owner.appId}/secrets`, { token: owner.token })).body.secrets).toEqual([]);

    await input.fill("https://hooks.slack.example/T000/B000/XXXX");
    await card.getByTestId("secret-request-save").click();
    expect(await toastSaying(page, "Secrets updated successfully")).toContain("The secrets have been set.");
    await expect.poll(() => card.getAttribute("data-state")).toBe("set");
    expect(await card.getByTestId("secret-request-set").allInnerTexts()).toEqual(["SLACK_WEBHOOK_URL"]);
    expect(await page.content()).not.toContain("hooks.slack.example");
    await page.getByText("I've added SLACK_WEBHOOK_URL secrets").waitFor();
    expect((await call("GET", `/api/apps/${owner.appId}/secrets`, { token: owner.token })).body.secrets.map((s: { name: string }) => s.name)).toEqual(["SLACK_WEBHOOK_URL"]);
  });
});

describe("Backend functions on the Free plan", () => {
  it("App Settings shows the plan gate with an Upgrade link to /billing and no working button; the server refuses activation too", async () => {
    const free = await ownerWithApp("functions-free", null);
    const page = await browser.signedIn(free.email, `/apps/${free.appId}/editor/workspace/app-settings?selectedParam=backend-functions`);
    const section = page.getByTestId("settings-backend-functions");
    await section.getByText(FEATURE_MESSAGES.backend_functions!).waitFor();
    expect(await section.innerText()).not.toContain("not offered");
    expect(await page.getByTestId("settings-backend-functions-button").isDisabled()).toBe(true);
    expect(await page.getByTestId("settings-backend-functions-upgrade").getAttribute("href")).toBe("/billing");
    const refused = await call("POST", `/api/apps/${free.appId}/activate-backend-functions`, { token: free.token });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe(FEATURE_MESSAGES.backend_functions);
    expect((await call("GET", `/api/apps/${free.appId}`, { token: free.token })).body.has_backend_functions_enabled).not.toBe(true);
  });
});
