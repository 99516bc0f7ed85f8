/**
 * A streamed AI turn with a model, for test/bench/run.ts (section "turn"): an Anthropic stand-in
 * streams a 37 KB answer (a plan, four pages, a closing line) over 28 s, as the issue measured, to
 * a new app's first turn and then to a follow-up; a socket in the app's room times what the builder
 * sees. Reported: the first page stored and the preview opened against the turn's length, stream end
 * to `ready` while the suggestions call takes 1.5 s, and message bytes pushed per answer byte.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import { messageBody } from "../api/fake-anthropic";

const ANSWER_BYTES = 37_000;
const STREAM_MS = Number(process.env.KILN_BENCH_TURN_MS ?? 28_000);
const PIECE = 500;
const SUGGESTIONS_MS = 1_500;

export interface TurnRow {
  what: string;
  samples: number[];
  extra: string;
  unit?: "count";
}

function page(name: string, size: number): string {
  let rows = "";
  for (let i = 0; rows.length < size; i++) rows += `    "${name} row ${i}",\n`;
  return `export default function ${name}() {\n  const rows = [\n${rows}  ];\n  return <ul className="p-6">{rows.map((r) => <li key={r}>{r}</li>)}</ul>;\n}`;
}

/** The answer to the `round`-th request: four pages, each a little different from the round before. */
const answerOf = (round: number) =>
  [
    "<kiln-plan>Add four pages</kiln-plan>\n",
    ...["Dashboard", "Reports", "Settings", "Insights"].map((n) => `<kiln-write path="pages/${n}">\n${page(n, ANSWER_BYTES / 4 - 120).replace(/ row /g, ` row ${round}.`)}\n</kiln-write>\n`),
    "Added four pages.",
  ].join("");
const answer = answerOf(1);

const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The stand-in: streams `answer` evenly over STREAM_MS; the suggestions call answers after SUGGESTIONS_MS. */
async function standIn() {
  let rounds = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { stream?: boolean };
    if (!body.stream) {
      await new Promise((r) => setTimeout(r, SUGGESTIONS_MS));
      const text = JSON.stringify([1, 2, 3].map((i) => ({ title: `Idea ${i}`, prompt: `Idea ${i}` })));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messageBody(text)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(
      sse("message_start", {
        type: "message_start",
        message: { id: "m", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
      }),
    );
    res.write(sse("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }));
    const pieces = answerOf(++rounds).match(new RegExp(`[\\s\\S]{1,${PIECE}}`, "g"))!;
    for (const text of pieces) {
      res.write(sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }));
      await new Promise((r) => setTimeout(r, STREAM_MS / pieces.length));
    }
    res.write(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
    res.write(sse("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9000 } }));
    res.end(sse("message_stop", { type: "message_stop" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

interface Seen {
  at: number;
  data: Record<string, any>;
  bytes: number;
}

export async function turnStream(url: string, socketUrl: string, token: string): Promise<TurnRow[]> {
  const model = await standIn();
  const saved = { key: process.env.ANTHROPIC_API_KEY, base: process.env.ANTHROPIC_BASE_URL };
  Object.assign(process.env, { ANTHROPIC_API_KEY: "bench-key", ANTHROPIC_BASE_URL: model.url });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
  const ws = new WebSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  const seen: Seen[] = [];
  ws.on("message", (raw) => {
    const frame = JSON.parse(raw.toString());
    if (frame.event === "update_model") seen.push({ at: performance.now(), data: frame.data, bytes: raw.toString().length });
  });
  const until = async (match: (s: Seen) => boolean, from: number, what: string) => {
    for (const deadline = Date.now() + STREAM_MS + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const hit = seen.slice(from).find(match);
      if (hit) return hit;
    }
    throw new Error(`turn bench: no ${what}`);
  };
  const rows: TurnRow[] = [];
  try {
    // A first turn sent while the room is already joined: the app is created, then joined at once (its turn starts with the model's first token).
    const turns: { label: string; start: () => Promise<{ appId: string; turnId: string }> }[] = [];
    let appId = "";
    turns.push({
      label: "first turn (new app)",
      start: async () => {
        const app = await call("POST", "/api/apps", { user_description: "Four pages of stats", model: "claude_sonnet_4" });
        appId = app.id;
        ws.send(JSON.stringify({ action: "join", room: appId }));
        return { appId, turnId: app.turn_id };
      },
    });
    turns.push({ label: "follow-up", start: async () => ({ appId, turnId: (await call("POST", `/api/apps/${appId}/chat/message`, { content: "rewrite the four pages" })).assistant_message.id }) });
    for (const turn of turns) {
      process.stdout.write(`turn with a model (${ANSWER_BYTES / 1000} KB over ${STREAM_MS / 1000} s), ${turn.label}… `);
      const from = seen.length;
      const t0 = performance.now();
      const { turnId } = await turn.start();
      const firstFile = await until((s) => Object.keys(s.data._files ?? {}).some((p) => p.startsWith("pages/")), from, "page stored");
      const opened = turn.label.startsWith("first") ? await until((s) => s.data.app_stage === null, from, "preview opened") : firstFile;
      const ready = await until((s) => s.data.status?.state === "ready", from, "ready");
      const streamEnd = await until((s) => s.data._last_msg?.id === turnId && s.data._last_msg.state !== "streaming", from, "final message");
      const suggested = await until((s) => Boolean(s.data.suggestions), from, "suggestions");
      const pushed = seen.slice(from).filter((s) => s.data._msg_delta?.id === turnId || s.data._last_msg?.id === turnId);
      const bytes = pushed.reduce((n, s) => n + s.bytes, 0);
      console.log("done");
      rows.push({
        what: `turn, ${turn.label}: first page stored and pushed`,
        samples: [firstFile.at - t0],
        extra: `turn length ${((ready.at - t0) / 1000).toFixed(1)} s; preview opened at ${((opened.at - t0) / 1000).toFixed(1)} s`,
      });
      rows.push({
        what: `turn, ${turn.label}: final message -> ready`,
        samples: [ready.at - streamEnd.at],
        extra: `suggestions (a ${SUGGESTIONS_MS / 1000} s call) arrived ${((suggested.at - ready.at) / 1000).toFixed(1)} s after ready`,
      });
      rows.push({
        what: `turn, ${turn.label}: message bytes pushed`,
        samples: [bytes],
        unit: "count",
        extra: `${(bytes / answer.length).toFixed(2)} bytes per answer byte in ${pushed.length} frames`,
      });
    }
  } finally {
    ws.close();
    await model.close();
    for (const [name, value] of [
      ["ANTHROPIC_API_KEY", saved.key],
      ["ANTHROPIC_BASE_URL", saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return rows;
}
