import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { type EngineInput, planOffline, runOfflineEngine } from "../../functions/agent/offline";
import { actionsOf } from "../../lib/agent/parser";
import type { Action } from "../../lib/agent/protocol";
import { buildPrompt } from "../../functions/agent/prompt";

/** The files of an app the offline engine builds from a description. */
function built(description: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const a of actionsOf(planOffline({ message: description, files: {}, appName: "App" }))) if (a.type === "write") files[a.path] = a.content;
  return files;
}
const tasks = built("A task tracker with projects");
const shop = built("An online shop with products and orders");

function turn(message: string, files: Record<string, string>, more: Partial<EngineInput> = {}) {
  const text = planOffline({ message, files, appName: "App", secretNames: [], ...more });
  const actions = actionsOf(text);
  const writes = actions.filter((a): a is Extract<Action, { type: "write" }> => a.type === "write");
  const reply = text.slice(text.lastIndexOf(">") + 1).trim();
  return { text, actions, writes, reply };
}

/** The function parses as an ES module, in the Base44 shape. */
function expectBase44Function(code: string, entity?: string) {
  expect(() => transformSync(code, { loader: "js", format: "esm" })).not.toThrow();
  expect(code.startsWith('import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";')).toBe(true);
  expect(code).toContain("Deno.serve(async (req) => {");
  expect(code).toContain("const base44 = createClientFromRequest(req);");
  expect(code).toContain("await base44.auth.me()");
  if (entity) expect(code).toContain(`base44.entities.${entity}.`);
}

describe("the offline engine writes backend functions", () => {
  it('"add a function that returns the number of open tasks" writes functions/countOpenTasks counting open Task records as the caller', () => {
    const { actions, writes, reply } = turn("Please add a function that returns the number of open tasks.", tasks);
    expect(actions.map((a) => a.type)).toEqual(["plan", "write"]);
    expect(writes[0].path).toBe("functions/countOpenTasks");
    const code = writes[0].content;
    expectBase44Function(code, "Task");
    expect(code).toContain('base44.entities.Task.filter({ status: { $in: ["todo", "in_progress"] } })');
    expect(code).toContain("return Response.json({ count: tasks.length });");
    expect(code).not.toContain("asServiceRole");
    expect(reply).toContain("It counts as the caller (`base44.entities.Task.filter`), so row-level rules apply");
    expect(reply).toContain('`import { countOpenTasks } from "@/functions/countOpenTasks"` and `const { data } = await countOpenTasks()`');
    expect(reply).toContain("activate backend functions in App Settings");
  });

  it("says the function runs at once when backend functions are active, and nothing about activating them", () => {
    const { reply } = turn("add a function that returns the number of open tasks", tasks, { backendFunctions: true });
    expect(reply).toContain("Backend functions are active for this app");
    expect(reply).not.toContain("App Settings");
  });

  it("counts by a status value, by a word for finished ones, or all records", () => {
    expect(turn("add a function that counts tasks that are in progress", tasks).writes[0]).toMatchObject({ path: "functions/countInProgressTasks", content: expect.stringContaining('{ status: { $in: ["in_progress"] } }') });
    expect(turn("add a backend function that counts done tasks", tasks).writes[0]).toMatchObject({ path: "functions/countDoneTasks", content: expect.stringContaining('{ status: { $in: ["done"] } }') });
    const all = turn("create a function called taskTotal that returns how many tasks there are", tasks).writes[0];
    expect(all.path).toBe("functions/taskTotal");
    expect(all.content).toContain("await base44.entities.Task.list();");
  });

  it("says plainly when it cannot tell which records or which status are meant, and writes nothing", () => {
    const urgent = turn("add a function that returns the number of urgent tasks", tasks);
    expect(urgent.actions).toEqual([]);
    expect(urgent.text).toContain('I couldn\'t tell which Task status values "urgent" means; they are todo, in_progress and done.');
    const unknown = turn("add a function that returns the number of spaceships", tasks);
    expect(unknown.actions).toEqual([]);
    expect(unknown.text).toContain("I couldn't tell which records to count.");
  });

  it('"add a function that posts new orders to Slack" reads the webhook secret with Deno.env.get and asks for it', () => {
    const { actions, writes, reply } = turn("add a function that posts new orders to Slack", shop);
    expect(actions.map((a) => a.type)).toEqual(["plan", "write", "secrets"]);
    expect(writes[0].path).toBe("functions/postOrderToSlack");
    const code = writes[0].content;
    expectBase44Function(code, "Order");
    expect(code).toContain('const webhookUrl = Deno.env.get("SLACK_WEBHOOK_URL");');
    expect(code).toContain("await base44.entities.Order.get(order_id)");
    expect(code).toContain("await fetch(webhookUrl, {");
    expect(actions[2]).toEqual({ type: "secrets", secrets: [{ secretName: "SLACK_WEBHOOK_URL", description: expect.stringContaining("Incoming Webhooks") }] });
    expect(reply).toContain("Enter SLACK_WEBHOOK_URL in the secrets form below; never paste it into the chat.");
    expect(reply).toContain("It doesn't run by itself when an order is created, and I didn't wire it into a page");
  });

  it("asks for no secret the app already has, and posts plain text to Discord when no entity is named", () => {
    const has = turn("add a function that posts new orders to Slack", shop, { secretNames: ["SLACK_WEBHOOK_URL"] });
    expect(has.actions.map((a) => a.type)).toEqual(["plan", "write"]);
    expect(has.reply).toContain("The app already has the secret SLACK_WEBHOOK_URL.");
    const discord = turn("write a function to post a message to Discord", shop);
    expect(discord.writes[0].path).toBe("functions/postMessageToDiscord");
    expectBase44Function(discord.writes[0].content);
    expect(discord.writes[0].content).toContain("body: JSON.stringify({ content: text })");
    expect(discord.actions.at(-1)).toMatchObject({ type: "secrets", secrets: [{ secretName: "DISCORD_WEBHOOK_URL" }] });
  });

  it("never pretends: a service it has no template for, or any other function, gets plain words and no action", () => {
    for (const message of ["add a function that summarises orders with OpenAI", "add a function that does magic", "add a backend function"]) {
      const { actions, text } = turn(message, shop);
      expect(actions, message).toEqual([]);
      expect(text, message).toMatch(/I can't write|What should the function do\?/);
      expect(text, message).toContain("configure a model provider");
    }
  });

  it("leaves an existing function alone and a frozen path unwritten", () => {
    const files = { ...tasks, "functions/countOpenTasks": "// mine" };
    const again = turn("add a function that returns the number of open tasks", files);
    expect(again.actions).toEqual([]);
    expect(again.text).toContain("The app already has functions/countOpenTasks, so I left it as it is.");
    const frozen = turn("add a function that returns the number of open tasks", tasks, { frozen: ["functions/countOpenTasks"] });
    expect(frozen.writes).toEqual([]);
    expect(frozen.text).toContain("functions/countOpenTasks is frozen");
  });

  it("is deterministic, and streams the same actions in chunks", () => {
    const input = { message: "add a function that posts new orders to Slack", files: shop, appName: "App", secretNames: [] };
    const started = performance.now();
    const once = planOffline(input);
    expect(performance.now() - started).toBeLessThan(200);
    expect(planOffline(input)).toBe(once);
    expect(actionsOf([...runOfflineEngine(input)].join(""))).toEqual(actionsOf(once));
  });
});

describe("the prompt teaches backend functions", () => {
  const base = { appName: "Tasks", files: {}, customInstructions: "", frozenFiles: [], discussion: false, history: [], message: "add a function" };

  it("shows the Base44 function shape, how pages call it, secrets through Deno.env.get and the secret-request tag", () => {
    const { system } = buildPrompt(base);
    for (const part of [
      'import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";',
      "Deno.serve(async (req) => {",
      "const base44 = createClientFromRequest(req);",
      "base44.asServiceRole.entities.Task.list()",
      'Deno.env.get("OPENAI_API_KEY")',
      'import { countOpenTasks } from "@/functions/countOpenTasks"',
      'base44.functions.invoke("countOpenTasks", payload)',
      '<kiln-secrets>[{"secretName": "OPENAI_API_KEY"',
      "Never ask the owner to paste a key into the chat.",
    ]) expect(system, part).toContain(part);
    expect(system).toMatch(/Write one to use a secret or API key, to call a third-party API, for work that must not run in the browser/);
  });

  it("tells the model to send the owner to App Settings only while backend functions are off", () => {
    expect(buildPrompt(base).system).toContain("cannot run until the owner activates backend functions in App Settings");
    const on = buildPrompt({ ...base, backendFunctions: true }).system;
    expect(on).toContain("Backend functions are activated for this app.");
    expect(on).not.toContain("activates backend functions in App Settings");
  });
});
