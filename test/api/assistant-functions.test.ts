import { describe, expect, it } from "vitest";
import { BackendFunctions } from "../../functions/core/backend/functions";
import { builtApp, call, signedIn, tokenFor, waitForApp } from "./helpers";

const send = (token: string, appId: string, content: string) => call("POST", `/api/apps/${appId}/chat/message`, { token, body: { content } });

/** Send a message, wait for the turn to end, answer the app and its last (assistant) message. */
async function turn(token: string, appId: string, content: string) {
  const sent = await send(token, appId, content);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const app = await waitForApp(token, appId, (a) => a.status.state !== "processing" && a.conversation.messages.at(-1)?.state !== "streaming");
  const last = app.conversation.messages.at(-1);
  expect(last.role).toBe("assistant");
  return { app, last };
}

describe("the assistant writes backend functions and asks for their secrets", () => {
  it('offline: "add a function that returns the number of open tasks" saves functions/countOpenTasks and says how to call it and to activate backend functions', async () => {
    const { token } = await signedIn("fn-count");
    const built = await builtApp(token, "A task tracker with projects");
    expect(built.entities.Task.properties.status.enum).toEqual(["todo", "in_progress", "done"]);
    const { app, last } = await turn(token, built.id, "add a function that returns the number of open tasks");
    expect(app.status.state).toBe("ready");
    const code: string = app.functions.countOpenTasks;
    expect(code).toContain("Deno.serve(");
    expect(code).toContain("createClientFromRequest(req)");
    expect(code).toContain('base44.entities.Task.filter({ status: { $in: ["todo", "in_progress"] } })');
    expect(last.receipt.files.added).toContain("functions/countOpenTasks");
    expect(last.content).toContain('import { countOpenTasks } from "@/functions/countOpenTasks"');
    expect(last.content).toContain("activate backend functions in App Settings");
    expect(last.secret_request).toBeUndefined();
  });

  it("offline: a function posting orders to Slack reads SLACK_WEBHOOK_URL with Deno.env.get, and the message asks for it until the app has it", async () => {
    const { token } = await signedIn("fn-slack");
    const built = await builtApp(token, "An online shop with products and orders");
    const { app, last } = await turn(token, built.id, "add a function that posts new orders to Slack");
    const code: string = app.functions.postOrderToSlack;
    expect(code).toContain("Deno.serve(");
    expect(code).toContain("createClientFromRequest(req)");
    expect(code).toContain('Deno.env.get("SLACK_WEBHOOK_URL")');
    expect(code).toContain("base44.entities.Order.get(order_id)");
    expect(last.secret_request).toEqual([{ secretName: "SLACK_WEBHOOK_URL", description: expect.stringContaining("incoming webhook URL") }]);
    expect(last.receipt.not_applied).toEqual([]);

    // With the secret set, the next function that needs it asks for nothing.
    expect((await call("PUT", `/api/apps/${built.id}/secrets`, { token, body: { SLACK_WEBHOOK_URL: "https://hooks.slack.invalid/T0/B0/x" } })).status).toBe(200);
    const again = await turn(token, built.id, "add a function called announceOrder that posts new orders to Slack");
    expect(again.app.functions.announceOrder).toContain('Deno.env.get("SLACK_WEBHOOK_URL")');
    expect(again.last.content).toContain("The app already has the secret SLACK_WEBHOOK_URL.");
    expect(again.last.secret_request).toBeUndefined();
  });

  it("a model's secret request records only the names the app lacks, once each; a malformed one is listed as not made", async () => {
    const { token } = await signedIn("fn-model");
    const built = await builtApp(token, "A task tracker with projects");
    expect((await call("PUT", `/api/apps/${built.id}/secrets`, { token, body: { SLACK_WEBHOOK_URL: "https://hooks.slack.invalid/T0/B0/x" } })).status).toBe(200);
    expect((await call("PUT", `/api/apps/${built.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
    const { app, last } = await turn(token, built.id, "SECRETS: summarise my tasks with OpenAI");
    expect(app.functions.summarize).toContain('Deno.env.get("OPENAI_API_KEY")');
    expect(last.state).toBe("done");
    expect(last.secret_request).toEqual([{ secretName: "OPENAI_API_KEY", description: "Your OpenAI API key" }]);
    expect(last.receipt.not_applied).toContainEqual(expect.objectContaining({ path: null, reason: expect.stringMatching(/^The secret request could not be read \(.*secretName.*\), so it was not made\.$/) }));
  });
});

describe("a function the offline engine wrote runs in the function sandbox", () => {
  it("counts the caller's open tasks once backend functions are activated, a later turn knows they are, and the Slack function reads its secret", async () => {
    const owner = await signedIn("fn-run");
    const admin = await tokenFor("admin@kiln.local");
    expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
    const built = await builtApp(owner.token, "A task tracker with projects");
    const invoke = (name: string) => call("POST", `/api/apps/${built.id}/functions/${name}`, { token: owner.token, body: {} });

    const written = await turn(owner.token, built.id, "add a function that returns the number of open tasks");
    expect(written.app.functions.countOpenTasks).toContain("Deno.serve(");
    expect(written.last.content).toContain("activate backend functions in App Settings");
    // written while backend functions are off: kept, but it cannot run
    const off = await invoke("countOpenTasks");
    expect({ status: off.status, detail: off.body.detail }).toEqual({ status: 404, detail: BackendFunctions.NOT_ACTIVATED });

    expect((await call("POST", `/api/apps/${built.id}/activate-backend-functions`, { token: owner.token })).status).toBe(200);
    for (const status of ["todo", "todo", "in_progress", "done", "done"]) {
      const created = await call("POST", `/api/apps/${built.id}/entities/Task`, { token: owner.token, body: { title: `A ${status} task`, status } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const open = await invoke("countOpenTasks");
    expect({ status: open.status, body: open.body }).toEqual({ status: 200, body: { count: 3 } });

    const done = await turn(owner.token, built.id, "add a function that counts done tasks");
    expect(done.last.content).toContain("Backend functions are active for this app");
    expect(done.last.content).not.toContain("App Settings");
    const finished = await invoke("countDoneTasks");
    expect({ status: finished.status, body: finished.body }).toEqual({ status: 200, body: { count: 2 } });

    // The Slack function runs too, and reads its webhook from the app's secrets (Slack itself is outside this test's reach).
    const slack = await turn(owner.token, built.id, "add a function that posts new tasks to Slack");
    expect(slack.last.secret_request).toEqual([expect.objectContaining({ secretName: "SLACK_WEBHOOK_URL" })]);
    const unset = await invoke("postTaskToSlack");
    expect({ status: unset.status, body: unset.body }).toEqual({ status: 500, body: { error: "The secret SLACK_WEBHOOK_URL is not set" } });
    expect((await call("PUT", `/api/apps/${built.id}/secrets`, { token: owner.token, body: { SLACK_WEBHOOK_URL: "https://hooks.slack.invalid/T0/B0/x" } })).status).toBe(200);
    const named = await turn(owner.token, built.id, "add a function called announceTask that posts new tasks to Slack");
    expect(named.last.secret_request).toBeUndefined();
    const set = await invoke("announceTask");
    expect({ status: set.status, body: set.body }).toEqual({ status: 400, body: { error: "Send { task_id }" } });
  }, 120_000);
});
