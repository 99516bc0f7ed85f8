import { describe, expect, it } from "vitest";
import type { SocketEvent } from "../../schemas/realtime";
import { SocketClient, builtApp, call, signedIn, tokenFor } from "./helpers";

/** The `update_model` frames of `room` that carry `path` in `_files`. */
const fileFrames = (socket: SocketClient, room: string, path: string) =>
  socket.events.filter((e: SocketEvent) => e.event === "update_model" && e.room === room && path in ((e.data._files as object | undefined) ?? {}));

describe("a builder's saved file in the app's room", () => {
  it("reaches each editor socket of the room exactly once, the stream running, and the chat entry follows", async () => {
    const owner = await signedIn("files-owner");
    const admin = await tokenFor("admin@kiln.local");
    expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
    const app = await builtApp(owner.token);

    const editor = await SocketClient.open(owner.token);
    const second = await SocketClient.open(admin);
    const editorSid = await editor.hello();
    expect(await editor.join(app.id)).toEqual({ event: "joined", room: app.id });
    expect(await second.join(app.id)).toEqual({ event: "joined", room: app.id });
    expect(await editor.join(`user:${owner.user.id}`)).toMatchObject({ event: "joined" });

    const content = `${app.pages.Dashboard}\n// pushed to the room`;
    const saved = await call("POST", `/api/apps/${app.id}/coding/write`, {
      token: owner.token,
      body: { file_path: "pages/Dashboard", content },
      headers: { "x-socket-id": editorSid },
    });
    expect(saved.status).toBe(200);
    const pushed = await editor.next((e) => fileFrames(editor, app.id, "pages/Dashboard").includes(e));
    expect(pushed).toMatchObject({ event: "update_model", room: app.id, data: { _files: { "pages/Dashboard": content } } });
    await second.next((e) => fileFrames(second, app.id, "pages/Dashboard").includes(e));
    const entry = await editor.next((e) => e.event === "update_model" && e.room === app.id && e.data._last_msg !== undefined);
    expect(entry.event === "update_model" && entry.data._last_msg).toMatchObject({ id: saved.body.message_id, content: "Edited pages/Dashboard" });

    // A change made after the save goes out through the table's stream: once it is here, a stream-borne copy of the file would be too.
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: owner.token, body: { full_name: "After The Save" } });
    await editor.next((e) => e.event === "update_model" && (e.data.user as { full_name?: string } | undefined)?.full_name === "After The Save");
    expect(fileFrames(editor, app.id, "pages/Dashboard")).toHaveLength(1);
    expect(fileFrames(second, app.id, "pages/Dashboard")).toHaveLength(1);
    editor.close();
    second.close();
  });
});
