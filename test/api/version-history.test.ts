import { describe, expect, it } from "vitest";
import { builtApp, call, signedIn, waitForApp } from "./helpers";

/** Version History (issue 8): checkpoints named by what restoring them brings back; a code restore keeps today's security rules unless asked. */

const DESCRIPTION = "A CRM to track customers, deals and follow-up tasks";
const checkpoints = async (token: string, appId: string) => (await call("GET", `/api/apps/${appId}/app-checkpoints`, { token })).body as { id: string; name: string }[];
const taskSchema = async (token: string, appId: string) => (await call("GET", `/api/apps/${appId}`, { token })).body.entities.Task;

describe("Version History checkpoints", () => {
  it("names each checkpoint by the moment it keeps: the empty app, before a message, before a manual edit", async () => {
    const { token } = await signedIn("cp-names");
    const app = await builtApp(token, DESCRIPTION);
    expect((await checkpoints(token, app.id)).map((c) => c.name)).toEqual([`Empty app (before: ${DESCRIPTION})`]);

    expect((await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a priority field to tasks" } })).status).toBe(201);
    await waitForApp(token, app.id);
    const task = await taskSchema(token, app.id);
    const ruled = { ...task, rls: { read: { created_by: "{{user.email}}" } } };
    expect((await call("POST", `/api/apps/${app.id}/coding/write`, { token, body: { file_path: "entities/Task", content: JSON.stringify(ruled) } })).status).toBe(200);

    expect((await checkpoints(token, app.id)).map((c) => c.name)).toEqual([
      "Before: manual edit of entities/Task",
      "Before: add a priority field to tasks",
      `Empty app (before: ${DESCRIPTION})`,
    ]);
  });

  it("a code restore keeps the security rule saved after the checkpoint; restore_rules brings back the checkpoint's rules", async () => {
    const { token } = await signedIn("cp-rules");
    const app = await builtApp(token);
    const original = await taskSchema(token, app.id);
    expect((await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a priority field to tasks" } })).status).toBe(201);
    await waitForApp(token, app.id);
    const cp = (await checkpoints(token, app.id)).find((c) => c.name === "Before: add a priority field to tasks")!;
    const rls = { read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } };
    const withPriority = await taskSchema(token, app.id);
    expect(withPriority.properties.priority).toBeDefined();
    expect((await call("POST", `/api/apps/${app.id}/coding/write`, { token, body: { file_path: "entities/Task", content: JSON.stringify({ ...withPriority, rls }) } })).status).toBe(200);

    const codeOnly = await call("POST", `/api/apps/${app.id}/app-checkpoints/${cp.id}/load`, { token, body: {} });
    expect(codeOnly.status).toBe(200);
    expect(codeOnly.body.rules).toBe("kept");
    const kept = await taskSchema(token, app.id);
    expect(kept.properties.priority).toBeUndefined();
    expect(kept.rls).toEqual(rls);
    expect(kept.properties).toEqual(original.properties);

    const withRules = await call("POST", `/api/apps/${app.id}/app-checkpoints/${cp.id}/load`, { token, body: { restore_rules: true } });
    expect(withRules.status).toBe(200);
    expect(withRules.body.rules).toBe("restored");
    expect((await taskSchema(token, app.id)).rls).toEqual(original.rls);
  });
});
