import { describe, expect, it } from "vitest";
import { fileVersion } from "../../schemas/coding";
import { builtApp, call, signedIn, tokenFor } from "./helpers";

const write = (token: string, appId: string, body: object) => call("POST", `/api/apps/${appId}/coding/write`, { token, body });

async function paidUser(label: string) {
  const user = await signedIn(label);
  const admin = await tokenFor("admin@kiln.local");
  const me = await call("GET", "/api/auth/me", { token: user.token });
  const upgraded = await call("POST", `/api/auth/${me.body.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
  expect(upgraded.status).toBe(200);
  return user;
}

describe("POST /api/apps/{id}/coding/write", () => {
  it("saves a file on a paid plan, checkpoints first, and records one revertable manual-edit message for consecutive saves", async () => {
    const { token } = await paidUser("coder");
    const app = await builtApp(token);
    const page = app.pages.Dashboard as string;
    const first = await write(token, app.id, { file_path: "pages/Dashboard", content: `${page}\n// edited by hand` });
    expect(first.status).toBe(200);
    const second = await write(token, app.id, { file_path: "layout/main", content: `${app.layout}\n// also edited` });
    expect(second.body.message_id).toBe(first.body.message_id);
    expect(second.body.checkpoint_id).toBe(first.body.checkpoint_id);

    const after = await call("GET", `/api/apps/${app.id}`, { token });
    expect(after.body.pages.Dashboard).toContain("// edited by hand");
    const last = after.body.conversation.messages.at(-1);
    expect(last).toMatchObject({ role: "user", content: "Edited pages/Dashboard, layout/main", additional_message_params: { manual_edit: true } });

    const undo = await call("POST", `/api/apps/${app.id}/chat/message/${last.id}/undo`, { token });
    expect(undo.status).toBe(200);
    const reverted = await call("GET", `/api/apps/${app.id}`, { token });
    expect(reverted.body.pages.Dashboard).toBe(page);
    expect(reverted.body.layout).toBe(app.layout);
  });

  it("lets the free plan make a class-only change of one line, and nothing more", async () => {
    const { token } = await signedIn("free-coder");
    const app = await builtApp(token);
    const page = app.pages.Dashboard as string;
    const lines = page.split("\n");
    const at = lines.findIndex((l: string) => /className="[^"]*"/.test(l));
    const visual = lines.map((l: string, i: number) => (i === at ? l.replace(/className="[^"]*"/, 'className="p-6 bg-rose-50"') : l)).join("\n");
    expect((await write(token, app.id, { file_path: "pages/Dashboard", content: visual })).status).toBe(200);

    const code = await write(token, app.id, { file_path: "pages/Dashboard", content: `${visual}\nconsole.log(1)` });
    expect(code.status).toBe(402);
    expect(code.body.detail).toBe("Code editing is only available on paid plans");
    const now = await call("GET", `/api/apps/${app.id}`, { token });
    expect(now.body.pages.Dashboard).toBe(visual);
  });

  it("checks entity schemas and paths, refuses strangers, and changes nothing on bad input", async () => {
    const { token } = await paidUser("schema-coder");
    const stranger = await signedIn("coding-stranger");
    const app = await builtApp(token);
    const task = JSON.parse(app.entities ? JSON.stringify(app.entities.Task) : "{}");
    const bad = [
      { file_path: "entities/Task", content: "{not json" },
      { file_path: "entities/Task", content: JSON.stringify({ ...task, name: "Other" }) },
      { file_path: "entities/Task", content: JSON.stringify({ name: "Task", type: "array" }) },
      { file_path: "../etc/passwd", content: "x" },
      { file_path: "pages/Dashboard" },
      { file_path: "pages/Dashboard", content: "x", extra: 1 },
      { file_path: "pages/Dashboard", content: "x".repeat(120_001) },
    ];
    for (const body of bad) {
      const res = await write(token, app.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await write(stranger.token, app.id, { file_path: "pages/Dashboard", content: "x" })).status).toBe(403);
    const after = await call("GET", `/api/apps/${app.id}`, { token });
    expect(after.body.pages.Dashboard).toBe(app.pages.Dashboard);
    expect(after.body.entities.Task).toEqual(app.entities.Task);
    expect(after.body.conversation.messages.length).toBe(app.conversation.messages.length);

    const withRls = { ...task, rls: { read: { created_by: "{{user.email}}" } } };
    expect((await write(token, app.id, { file_path: "entities/Task", content: JSON.stringify(withRls) })).status).toBe(200);
  });

  it("refuses a save made from a version that is no longer current with 409, overwriting nothing", async () => {
    const { token } = await paidUser("stale-coder");
    const app = await builtApp(token);
    const page = app.pages.Dashboard as string;
    const base = await fileVersion("pages/Dashboard", page);
    const first = await write(token, app.id, { file_path: "pages/Dashboard", content: `${page}\n// first tab`, version: base });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(await fileVersion("pages/Dashboard", `${page}\n// first tab`));
    const messages = (await call("GET", `/api/apps/${app.id}`, { token })).body.conversation.messages.length;

    const second = await write(token, app.id, { file_path: "pages/Dashboard", content: `${page}\n// second tab`, version: base });
    expect(second.status).toBe(409);
    expect(second.body.detail).toContain("pages/Dashboard was changed after you opened it");
    const after = await call("GET", `/api/apps/${app.id}`, { token });
    expect(after.body.pages.Dashboard).toBe(`${page}\n// first tab`);
    expect(after.body.conversation.messages.length).toBe(messages);

    // the version the first save answered is the current one; a file that exists is never "new" (null)
    expect((await write(token, app.id, { file_path: "pages/Dashboard", content: page, version: null })).status).toBe(409);
    expect((await write(token, app.id, { file_path: "pages/Dashboard", content: page, version: first.body.version })).status).toBe(200);
    expect((await write(token, app.id, { file_path: "pages/Notes", content: "export default () => null;", version: null })).status).toBe(200);
    expect((await write(token, app.id, { file_path: "pages/Notes", content: "export default () => 1;", version: null })).status).toBe(409);
  });

  it("knows an entity's version from its schema as the app answers it (the workspace's own text)", async () => {
    const { token } = await paidUser("stale-entity");
    const app = await builtApp(token);
    const shown = JSON.stringify(app.entities.Task, null, 2);
    const withRls = { ...app.entities.Task, rls: { read: { created_by: "{{user.email}}" } } };
    const saved = await write(token, app.id, { file_path: "entities/Task", content: JSON.stringify(withRls), version: await fileVersion("entities/Task", shown) });
    expect(saved.status).toBe(200);
    const again = await write(token, app.id, { file_path: "entities/Task", content: shown, version: await fileVersion("entities/Task", shown) });
    expect(again.status).toBe(409);
    expect((await call("GET", `/api/apps/${app.id}`, { token })).body.entities.Task.rls).toEqual(withRls.rls);
  });
});
