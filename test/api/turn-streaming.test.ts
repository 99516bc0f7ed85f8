import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import type { SocketEvent } from "../../schemas/realtime";
import { messageBody, pageOfSize } from "./fake-anthropic";
import { SocketClient, anthropicUrl, signedIn, useStackLinks, waitForApp, workerModules } from "./helpers";

/**
 * A turn with a real model, streamed slowly: the worker runs in this process (as in turn-worker.test.ts)
 * against a model stand-in the test drives piece by piece, and a socket in the app's room hears what
 * the builder would: files and the preview's first page before the stream ends, `ready` before the
 * suggestions, and the message pushed as appended deltas rather than whole every flush.
 */
useStackLinks();
const { Chat, Jobs, Apps, AppFiles, Users, handler } = await workerModules();

const frame = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const delta = (text: string) =>
  frame("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text },
  });
const head =
  frame("message_start", {
    type: "message_start",
    message: {
      id: "msg_s",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-20250514",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  }) +
  frame("content_block_start", {
    type: "content_block_start",
    index: 0,
    content_block: { type: "text", text: "" },
  });
const tail =
  frame("content_block_stop", { type: "content_block_stop", index: 0 }) +
  frame("message_delta", {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 99 },
  }) +
  frame("message_stop", { type: "message_stop" });

/** An Anthropic stand-in the test drives: the streamed answer goes out as the test sends it, and the suggestions call waits for `releaseSuggestions`. */
async function drivenModel() {
  let answer: http.ServerResponse | null = null;
  let opened!: () => void;
  const streaming = new Promise<void>((resolve) => (opened = resolve));
  let releaseSuggestions!: () => void;
  const suggestionsReleased = new Promise<void>((resolve) => (releaseSuggestions = resolve));
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      stream?: boolean;
    };
    if (body.stream) {
      answer = res;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(head);
      opened();
      return;
    }
    await suggestionsReleased;
    const text = JSON.stringify([
      { title: "Add search", prompt: "Add a search box" },
      { title: "Add tags", prompt: "Add tags" },
      { title: "Add export", prompt: "Export to CSV" },
    ]);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messageBody(text)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    streaming,
    send: (text: string) => answer!.write(delta(text)),
    end: () => answer!.end(tail),
    /** the connection closes without the provider's end events: a stream cut short (a normal end closes an action left open) */
    endAbruptly: () => answer!.end(),
    releaseSuggestions,
    close: () => new Promise<void>((resolve) => (releaseSuggestions(), server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Send a message (the app's first, when `firstTurn`) and answer the ai-turn job it queued, without running it. */
async function queueTurn(userId: string, appId: string, content: string, firstTurn = false): Promise<JobPayload<"ai-turn">> {
  const queued: Job[] = [];
  Jobs.useLocalRunner((job) => queued.push(job));
  try {
    await Chat.send((await Users.get(userId))!, (await Apps.get(appId))!, SendMessageBody.parse({ content }), null, { firstTurn });
  } finally {
    Jobs.useLocalRunner(undefined);
  }
  const job = queued.find((j) => j.name === "ai-turn");
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return job.payload;
}

const write = (path: string, content: string) => `<kiln-write path="${path}">\n${content}\n</kiln-write>\n`;
const data = (e: SocketEvent) => (e.event === "update_model" ? (e.data as Record<string, any>) : {});
const fileEvent = (path: string) => (e: SocketEvent) => typeof data(e)._files?.[path] === "string";

/** `text` sent in pieces of `size`, one piece every `everyMs`: a model that takes its time. */
async function trickle(model: Model, text: string, size = 400, everyMs = 40) {
  for (let at = 0; at < text.length; at += size) {
    model.send(text.slice(at, at + size));
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

type Model = Awaited<ReturnType<typeof drivenModel>>;

/** Run `turn` with the worker's model calls going to a fresh driven stand-in. */
async function withModel(turn: (model: Model) => Promise<void>) {
  const model = await drivenModel();
  process.env.ANTHROPIC_BASE_URL = model.url;
  try {
    await turn(model);
  } finally {
    process.env.ANTHROPIC_BASE_URL = anthropicUrl();
    await model.close();
  }
}

/** A new app whose first turn goes to a model, and that turn's job (queued, not run). */
async function newModelApp(label: string) {
  const { token, user } = await signedIn(label);
  const app = await Apps.create((await Users.get(user.id))!, {
    name: label,
    user_description: "An app",
    model: "claude_sonnet_4",
  });
  return {
    token,
    user,
    app,
    job: await queueTurn(user.id, app.id, "An app", true),
  };
}

describe("a new app's first turn, streamed slowly by a model", () => {
  it(
    "stores and pushes each file as it completes, opens the preview on the first complete page, pushes the message as deltas, and is ready before its suggestions",
    () =>
      withModel(async (model) => {
        const { token, app, job } = await newModelApp("streamed");
        const socket = await SocketClient.open(token);
        expect(await socket.join(app.id)).toMatchObject({ event: "joined" });
        const run = handler({ name: "ai-turn", payload: job });
        await model.streaming;

        const card = `export default function StatCard({ label }) {\n  return <div className="p-4 border rounded">{label}</div>;\n}`;
        const dashboard = pageOfSize("Dashboard", 9_000).replace("export default", 'import StatCard from "@/components/StatCard";\nexport default');
        const notes = pageOfSize("Notes", 9_000);
        const answer = [
          "<kiln-plan>A dashboard of stats</kiln-plan>\n",
          write("pages/Dashboard", dashboard),
          write("components/StatCard", card),
          "Here is a notes page too.\n\npages/Notes.jsx\n```jsx\n" + notes + "\n```\n",
          "Added a dashboard and a notes page.",
        ];
        // The dashboard alone cannot render yet: the preview stays on "Creating Your App" until its card is there too.
        await trickle(model, answer[0] + answer[1]);
        await socket.next(fileEvent("pages/Dashboard"), 10_000);
        expect((await Apps.get(app.id))!.app_stage).toBe("pending");
        await trickle(model, answer[2]);
        const opened = await socket.next((e) => fileEvent("components/StatCard")(e) && data(e).app_stage === null, 10_000);
        expect(data(opened)).toMatchObject({
          main_page: "Dashboard",
          app_stage: null,
        });
        expect((await AppFiles.tree(app.id))["pages/Dashboard"]).toBe(dashboard);
        expect((await Apps.get(app.id))!.status.state).toBe("processing");

        // Code in a plain fence is a file step as soon as its fence closes, while the answer still streams.
        const half = answer[3].indexOf("\n", answer[3].length / 2) + 1;
        await trickle(model, answer[3].slice(0, half));
        // while its fence streams, the status line names the file, as for an action
        await socket.next((e) => data(e).status?.details === "Writing pages/Notes", 10_000);
        expect((await AppFiles.tree(app.id))["pages/Notes"]).toBeUndefined();
        await trickle(model, answer[3].slice(half));
        const fenced = await socket.next(fileEvent("pages/Notes"), 10_000);
        expect(data(fenced)._files["pages/Notes"]).toBe(notes);
        expect((await Apps.get(app.id))!.status.state).toBe("processing");

        await trickle(model, answer[4]);
        model.end();
        const ready = await socket.next((e) => data(e).status?.state === "ready", 10_000);
        expect(data(ready).suggestions).toBeNull();
        expect((await Apps.get(app.id))!.suggestions).toBeNull();
        model.releaseSuggestions();
        const suggested = await socket.next((e) => Boolean(data(e).suggestions), 10_000);
        expect(socket.events.indexOf(suggested)).toBeGreaterThan(socket.events.indexOf(ready));
        expect(data(suggested).suggestions.suggestion_1.title).toBe("Add search");
        await run;

        // The message went out as appended deltas, each starting where the one before ended, and whole only at the start and the end.
        const id = job.assistant_message_id;
        const deltas = socket.events.map(data).flatMap((d) => (d._msg_delta?.id === id ? [d._msg_delta] : []));
        expect(deltas.length).toBeGreaterThan(3);
        deltas.forEach((d, i) => expect(d.offset).toBe(i ? deltas[i - 1].length : 0));
        expect(deltas.map((d) => d.text).join("")).toBe(answer.join("").slice(0, deltas.at(-1).length));
        const pushed = socket.events
          .map(data)
          .filter((d) => d._msg_delta?.id === id || d._last_msg?.id === id)
          .reduce((sum, d) => sum + JSON.stringify(d).length, 0);
        const size = answer.join("").length;
        expect(pushed).toBeLessThan(3 * size);

        const done = await waitForApp(token, app.id);
        expect(done.main_page).toBe("Dashboard");
        expect(Object.keys(done.pages).sort()).toEqual(["Dashboard", "Notes"]);
        expect(done.conversation.messages.at(-1)).toMatchObject({
          id,
          state: "done",
        });
        socket.close();
      }),
    60_000,
  );

  it("keeps the app as it was when the stream ends inside a file: complete files stay, the half file is never stored", async () => {
    const { token, user, app, job } = await newModelApp("cut");
    const home = pageOfSize("Home", 2_000);
    await withModel(async (model) => {
      const run = handler({ name: "ai-turn", payload: job });
      await model.streaming;
      await trickle(model, `<kiln-plan>Home and about</kiln-plan>\n${write("pages/Home", home)}<kiln-write path="pages/About">\n${pageOfSize("About", 2_000).slice(0, 900)}`);
      model.endAbruptly();
      model.releaseSuggestions();
      await run;
    });
    const first = await waitForApp(token, app.id);
    expect(first.pages).toEqual({ Home: home });
    expect(first.app_stage).toBeNull();
    expect(first.conversation.messages.at(-1).receipt.not_applied).toEqual([
      {
        path: "pages/About",
        reason: "pages/About was cut off: the answer ended before its closing tag, so it was not added.",
        action_index: 2,
      },
    ]);

    // A rewrite of that page cut off likewise, and a fence the answer ends inside: the page stays as it was, nothing is added.
    const second = await queueTurn(user.id, app.id, "rewrite the home page");
    await withModel(async (model) => {
      const run = handler({ name: "ai-turn", payload: second });
      await model.streaming;
      await trickle(model, `<kiln-write path="pages/Home">\n${home.replace(/row/g, "line").slice(0, 1_200)}`);
      model.endAbruptly();
      model.releaseSuggestions();
      await run;
    });
    const third = await queueTurn(user.id, app.id, "add a notes page");
    await withModel(async (model) => {
      const run = handler({ name: "ai-turn", payload: third });
      await model.streaming;
      await trickle(model, `pages/Notes.jsx\n\`\`\`jsx\n${pageOfSize("Notes", 2_000).slice(0, 1_000)}`);
      model.end();
      model.releaseSuggestions();
      await run;
    });
    const after = await waitForApp(token, app.id);
    expect(after.pages).toEqual({ Home: home });
    expect((await AppFiles.tree(app.id))["pages/Home"]).toBe(home);
  }, 60_000);
});
