import { describe, expect, it } from "vitest";
import { builtApp, call, signedIn, tokenFor, waitForApp } from "./helpers";

/** A user on a paid plan (Free has 7 messages a day), with the CRM the offline engine builds. */
async function crmOwner(label: string) {
  const owner = await signedIn(label);
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  return { token: owner.token, app: await builtApp(owner.token, "A CRM to track customers, deals and tasks") };
}

/** Sends a message, waits for the turn to end, and answers the app as stored and its last (assistant) message. */
async function turn(token: string, appId: string, content: string, extra: object = {}) {
  const sent = await call("POST", `/api/apps/${appId}/chat/message`, { token, body: { content, ...extra } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const app = await waitForApp(token, appId, (a) => a.status.state !== "processing" && a.conversation.messages.at(-1)?.state !== "streaming");
  const last = app.conversation.messages.at(-1);
  expect(last.role).toBe("assistant");
  expect(last.state).toBe("done");
  return { app, last };
}

const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body;

describe("the offline engine's follow-ups through the chat route", () => {
  it("renames an entity everywhere, adds one with its fields, adds a choice, and a two-request message does both", async () => {
    const { token, app } = await crmOwner("of-rename");
    const renamed = await turn(token, app.id, "rename Customer to Client");
    expect(Object.keys(renamed.app.entities)).toEqual(expect.arrayContaining(["Client", "Deal", "Task"]));
    expect(renamed.app.entities.Customer).toBeUndefined();
    expect(renamed.app.entities.Deal.properties.client_id).toMatchObject({ type: "string" });
    expect(Object.keys(renamed.app.pages)).toEqual(expect.arrayContaining(["Clients", "ClientDetail", "ClientForm"]));
    expect(Object.keys(renamed.app.pages)).not.toContain("Customers");
    expect(renamed.app.layout).toContain('page: "Clients"');
    expect(renamed.last.receipt.not_applied).toEqual([]);

    const added = await turn(token, app.id, "add a time entry entity with date, hours and project");
    expect(added.app.entities.TimeEntry.properties).toEqual({ date: { type: "string", format: "date" }, hours: { type: "number" }, project: { type: "string" } });
    expect(added.app.pages.TimeEntryForm).toContain("TimeEntry.create(");

    const statuses: string[] = added.app.entities.Task.properties.status.enum;
    const choice = await turn(token, app.id, "add 'blocked' to task status");
    expect(choice.app.entities.Task.properties.status.enum).toEqual([...statuses, "blocked"]);

    const both = await turn(token, app.id, "add a start date field to tasks and make the header blue");
    expect(both.app.entities.Task.properties.start_date).toEqual({ type: "string", format: "date" });
    expect(both.app.components.Theme).toContain("// Colours: header blue.");
    expect(both.last.content).toContain("This message had 2 requests, and I did each:");
    expect(both.last.receipt.files.modified).toEqual(expect.arrayContaining(["components/Theme", "entities/Task", "pages/TaskForm"]));
  }, 120_000);

  it("adds a board and a chart; removing the Dashboard makes the app open on its first list page", async () => {
    const { token, app } = await crmOwner("of-views");
    const board = await turn(token, app.id, "add a board for deals");
    expect(board.app.pages.DealBoard).toContain("stage");
    expect(board.app.layout).toContain('page: "DealBoard"');
    expect(board.last.receipt.files.added).toContain("pages/DealBoard");
    const chart = await turn(token, app.id, "add a chart of tasks by deal");
    expect(chart.app.pages.Dashboard).toMatch(/const CHARTS = .*"entity":"Task","by":"deal_id"/);
    expect(chart.last.receipt.files.modified).toContain("pages/Dashboard");
    expect(chart.app.components.BarChart).toBeDefined();

    expect(chart.app.main_page).toBe("Dashboard");
    const removed = await turn(token, app.id, "remove the Dashboard page");
    expect(removed.app.pages.Dashboard).toBeUndefined();
    // the first page of the navigation, never a detail or form page
    expect(removed.app.main_page).toBe(/page: "(\w+)"/.exec(removed.app.layout)![1]);
    expect(removed.app.main_page).not.toMatch(/(Detail|Form|Board)$/);
    expect(removed.app.layout).not.toContain('"Dashboard"');
  }, 120_000);

  it("a turn that changes nothing says so and is not charged; a frozen file is named as not written", async () => {
    const { token, app } = await crmOwner("of-nothing");
    const before = (await usage(token)).monthly_usage;
    const nothing = await turn(token, app.id, "make it light");
    expect(nothing.last.content).toContain("Nothing in the app changed, so this message is not charged.");
    expect(nothing.last.receipt.charge).toEqual({ credits: 1, refunded: true });
    expect((await usage(token)).monthly_usage).toBe(before);

    expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { frozen_files: ["components/Theme"] } })).status).toBe(200);
    const frozen = await turn(token, app.id, "add a start date field to tasks and make the header blue");
    expect(frozen.app.components.Theme).toBe(app.components.Theme);
    expect(frozen.app.entities.Task.properties.start_date).toBeDefined();
    expect(frozen.last.content).toContain("This message had 2 requests; I did 1 of them:");
    expect(frozen.last.content).toMatch(/2\. "make the header blue": not done\. I couldn't make this change: components\/Theme is frozen/);
    expect(frozen.last.receipt.charge).toEqual({ credits: 1, refunded: false });
  }, 120_000);
});
