import { describe, expect, it } from "vitest";
import type { SocketEvent } from "../../schemas/realtime";
import { SocketClient, builtApp, call, signedIn, tokenFor } from "./helpers";

/** The room's `update_model` frames of `app` that carry `key` in their data. */
const framesWith = (socket: SocketClient, app: string, key: string) =>
  socket.events.filter((e: SocketEvent) => e.event === "update_model" && e.room === app && key in e.data);

describe("consecutive code saves in the app's room", () => {
  it("push each saved file, and the shared chat entry only when its text changes", async () => {
    const owner = await signedIn("saves-room");
    const admin = await tokenFor("admin@kiln.local");
    expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
    const app = await builtApp(owner.token);
    const editor = await SocketClient.open(owner.token);
    expect(await editor.join(app.id)).toEqual({ event: "joined", room: app.id });
    expect(await editor.join(`user:${owner.user.id}`)).toMatchObject({ event: "joined" });
    const save = (file_path: string, content: string) => call("POST", `/api/apps/${app.id}/coding/write`, { token: owner.token, body: { file_path, content } });
    /** Everything pushed before a later change of the user's own room has arrived (frames reach a socket in order of sending). */
    let marks = 0;
    const settled = async () => {
      const name = `Mark ${++marks}`;
      await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: owner.token, body: { full_name: name } });
      await editor.next((e) => e.event === "update_model" && (e.data.user as { full_name?: string } | undefined)?.full_name === name);
    };

    const first = await save("pages/Dashboard", `${app.pages.Dashboard}\n// one`);
    expect(first.status).toBe(200);
    const again = await save("pages/Dashboard", `${app.pages.Dashboard}\n// two`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message_id: first.body.message_id, checkpoint_id: first.body.checkpoint_id });
    await settled();
    expect(framesWith(editor, app.id, "_files").map((e) => e.event === "update_model" && e.data._files)).toEqual([
      { "pages/Dashboard": `${app.pages.Dashboard}\n// one` },
      { "pages/Dashboard": `${app.pages.Dashboard}\n// two` },
    ]);
    // The second save of the same file leaves the entry's text as it was: it is pushed once, by the first.
    expect(framesWith(editor, app.id, "_last_msg").map((e) => e.event === "update_model" && (e.data._last_msg as { content: string }).content)).toEqual([
      "Edited pages/Dashboard",
    ]);

    const other = await save("layout/main", `${app.layout}\n// three`);
    expect(other.body.message_id).toBe(first.body.message_id);
    await settled();
    expect(framesWith(editor, app.id, "_last_msg").map((e) => e.event === "update_model" && (e.data._last_msg as { id: string; content: string }))).toEqual([
      expect.objectContaining({ id: first.body.message_id, content: "Edited pages/Dashboard" }),
      expect.objectContaining({ id: first.body.message_id, content: "Edited pages/Dashboard, layout/main" }),
    ]);
    const stored = (await call("GET", `/api/apps/${app.id}`, { token: owner.token })).body;
    expect(stored.conversation.messages.at(-1)).toMatchObject({ id: first.body.message_id, content: "Edited pages/Dashboard, layout/main" });
    expect(stored._last_msg_id).toBe(first.body.message_id);
    expect(stored.pages.Dashboard).toBe(`${app.pages.Dashboard}\n// two`);
    editor.close();
  });
});
