import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Anthropic's Messages API at the HTTP boundary (a third party),
 * replaying recorded-shape SSE streams. What it answers depends on a marker in
 * the last user message: FAIL (HTTP 500), OVERLOADED (HTTP 529), FENCED (code in
 * plain markdown fences), UNCLOSED (the stream stops inside a write, without its end events), LENGTH (cut
 * off at the output limit inside a write), MIDERROR (an overloaded error event
 * inside a write), WRITE_HOME (a 7 KB page), BIG_STOP (a 37 KB answer that stops
 * sending in the middle of its last page, until the caller hangs up),
 * REWRITE_STOP (a rewrite of that page, stopping likewise), HOLD (a plan, then
 * nothing until the caller hangs up), SECRETS (a function and secret requests, one malformed), else a tidy one-file answer.
 * `GET /v1/__received` lists the conversations it was sent, for tests to inspect.
 * `scriptedAnthropic` streams given answers in order instead, keeping each request body whole
 * (system blocks, messages and their prompt cache marks); `messageBody` is a whole, unstreamed answer.
 */

/** A page of about `size` characters: a list of rows, every line its own. */
export function pageOfSize(name: string, size: number): string {
  const head = `export default function ${name}() {\n  const rows = [\n`;
  const foot = `  ];\n  return <ul className="p-6">{rows.map((r) => <li key={r}>{r}</li>)}</ul>;\n}`;
  let body = "";
  for (let i = 0; head.length + body.length + foot.length < size; i++) body += `    "${name} row ${i}",\n`;
  return head + body + foot;
}

const write = (path: string, content: string) => `<kiln-write path="${path}">\n${content}\n</kiln-write>\n`;
/** Text as SSE deltas of at most 500 characters. */
const pieces = (text: string) => text.match(/[\s\S]{1,500}/g) ?? [];

export const HOME = pageOfSize("Home", 7_153);
const INSIGHTS = pageOfSize("Insights", 9_301);
const BIG = [
  "<kiln-plan>Add reports, settings and insights</kiln-plan>\n",
  write("components/StatCard", pageOfSize("StatCard", 6_000)),
  write("pages/Reports", pageOfSize("Reports", 12_000)),
  write("pages/Settings", pageOfSize("Settings", 9_000)),
  `<kiln-write path="pages/Insights">\n${INSIGHTS.slice(0, 5_114)}`,
].join("");

/** Streamed, then the connection is held open with no more events until the caller hangs up. */
const held: Record<string, string[]> = {
  BIG_STOP: pieces(BIG),
  REWRITE_STOP: pieces(`<kiln-plan>Rewrite the home page</kiln-plan>\n<kiln-write path="pages/Home">\n${pageOfSize("Home", 7_153).replace(/row/g, "line").slice(0, 3_033)}`),
  HOLD: ["<kiln-plan>Think it over</kiln-plan>\nWorking on it"],
};

const partial = ["<kiln-plan>Add a journal and an archive</kiln-plan>\n", write("pages/Journal", pageOfSize("Journal", 900)), `<kiln-write path="pages/Archive">\n${pageOfSize("Archive", 1_500).slice(0, 700)}`];

const answers: Record<string, string> = {
  WRITE_HOME: ["<kiln-plan>Add a home page</kiln-plan>\n", ...pieces(write("pages/Home", HOME)), "Added a Home page."].join("|"),
  LENGTH: partial.join("|"),
  MIDERROR: partial.join("|"),
  FENCED: [
    "Sure — here is a notes page.\n\n",
    "pages/Notes.jsx\n```jsx\nexport default function Notes() {\n",
    "  return <div className=\"p-6\">Notes</div>;\n}\n```\n",
    "\nIt lists your notes.",
  ].join("|"),
  UNCLOSED: ['<kiln-plan>Add an about page</kiln-plan>\n<kiln-wr', 'ite path="pages/About">\nexport default function About() {\n', "  return <p>About us</p>;\n}\n"].join("|"),
  SECRETS: [
    '<kiln-plan>Add a summary function</kiln-plan>\n<kiln-write path="functions/summarize">\nDeno.serve(() => Response.json({ key: Boolean(Deno.env.get("OPENAI_API_KEY")) }));\n</kiln-write>\n<kiln-secrets>[{"secretName": "SLACK_WEBHOOK_URL", "description": "Slack webhook"}, ',
    '{"secretName": "OPENAI_API_KEY", "description": "Your OpenAI API key"}, {"secretName": "OPENAI_API_KEY", "description": "again"}]</kiln-secrets>\n',
    '<kiln-secrets>[{"secretName": "not a name", "description": "x"}]</kiln-secrets>\nEnter the key in the form below.',
  ].join("|"),
  DEFAULT: ['<kiln-plan>Add a help page</kiln-plan>\n<kiln-write path="pages/Help">\nexport default function Help() {\n  return <p>He', 'lp</p>;\n}\n</kiln-write>\nAdded a Help page.'].join("|"),
};

/** Anthropic's usage report: input_tokens is what was neither read from nor written to the prompt cache. */
export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** A whole (non-streamed) Messages API answer carrying `text`, as the suggestions call gets it. */
export function messageBody(text: string) {
  return { id: "msg_s", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 5, output_tokens: 5 } };
}

export function sse(chunks: string[], end: "end_turn" | "max_tokens" | "error" | "none" = "end_turn", usage: AnthropicUsage = { input_tokens: 321, output_tokens: 1 }): string {
  const start: [string, object][] = [
    ["message_start", { type: "message_start", message: { id: "msg_fake", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [], stop_reason: null, stop_sequence: null, usage } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ...chunks.map((text) => ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }] as [string, object]),
  ];
  const finish: [string, object][] =
    end === "none"
      ? []
      : end === "error"
        ? [["error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }]]
        : [
            ["content_block_stop", { type: "content_block_stop", index: 0 }],
            ["message_delta", { type: "message_delta", delta: { stop_reason: end, stop_sequence: null }, usage: { output_tokens: 54 } }],
            ["message_stop", { type: "message_stop" }],
          ];
  return [...start, ...finish].map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");
}

interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** A value of a JSON Schema's shape: the first enum value, "fake <name>" strings, 42, true, one-item arrays. */
function sample(schema: Schema, name = "value"): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case "array":
      return [sample(schema.items ?? {}, name)];
    case "number":
    case "integer":
      return 42;
    case "boolean":
      return true;
    default:
      return `fake ${name}`;
  }
}

export interface Received {
  stream: boolean;
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}

/** A Messages API request body as the AI SDK sends it: system blocks and messages, with their prompt cache marks. */
export interface SentBody {
  stream?: boolean;
  system?: { type: string; text: string; cache_control?: { type: string } }[];
  messages: { role: string; content: string | { type: string; text?: string; cache_control?: { type: string } }[] }[];
}

/** One scripted model call: its text deltas, whether its stream stops without its end events, and the usage it reports. */
export interface ScriptedAnswer {
  chunks: string[];
  cut?: boolean;
  usage?: AnthropicUsage;
}

/** A stand-in that streams the scripted answers one per model call, in order, keeping each streamed request's body; other calls get three follow-ups. */
export async function scriptedAnthropic(answers: ScriptedAnswer[]) {
  const sent: SentBody[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as SentBody;
    if (!body.stream) {
      const text = JSON.stringify([{ title: "Add search", prompt: "Add a search box" }, { title: "Add tags", prompt: "Add tags" }, { title: "Add export", prompt: "Export to CSV" }]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messageBody(text)));
      return;
    }
    const answer = answers[sent.length];
    sent.push(body);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(sse(answer?.chunks ?? ["Nothing more to do."], answer?.cut ? "none" : "end_turn", answer?.usage));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    sent,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export async function startFakeAnthropic(): Promise<{ url: string; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/v1/__received") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: {
      stream?: boolean;
      messages?: { role: string; content: string | { type: string; text?: string }[] }[];
      tools?: { name: string; input_schema?: Schema }[];
    } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      // fall through with an empty body
    }
    if (req.headers["x-api-key"] !== "test-anthropic-key") {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }));
      return;
    }
    received.push({ stream: Boolean(body.stream), messages: body.messages ?? [] });
    const last = body.messages?.filter((m) => m.role === "user").at(-1);
    const text = typeof last?.content === "string" ? last.content : (last?.content ?? []).map((p) => p.text ?? "").join("");
    const markers = ["FAIL", "OVERLOADED", "FENCED", "UNCLOSED", "LENGTH", "MIDERROR", "WRITE_HOME", "BIG_STOP", "REWRITE_STOP", "HOLD", "SECRETS"];
    const marker = markers.find((m) => text.includes(m)) ?? "DEFAULT";
    if (marker === "FAIL") {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "api_error", message: "Internal server error" } }));
      return;
    }
    if (marker === "OVERLOADED") {
      res.writeHead(529, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }));
      return;
    }
    const jsonTool = body.tools?.find((t) => t.name === "json");
    if (jsonTool) {
      // A structured answer (the AI SDK's JSON response tool): a value of the asked shape, strings marked as the stand-in's.
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id: "msg_j", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "tool_use", id: "toolu_fake", name: "json", input: sample(jsonTool.input_schema ?? {}) }], stop_reason: "tool_use", stop_sequence: null, usage: { input_tokens: 5, output_tokens: 5 } }),
      );
      return;
    }
    if (!body.stream) {
      // Non-streaming calls (suggestions) get three follow-ups as JSON text.
      const suggestions = JSON.stringify([
        { title: "Add search", prompt: "Add a search box" },
        { title: "Add dark mode", prompt: "Make it dark" },
        { title: "Add export", prompt: "Export to CSV" },
      ]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messageBody(suggestions)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    if (held[marker]) {
      // Everything up to the middle of the last action, then silence until the caller (Stop) hangs up.
      res.write(sse(held[marker], "none"));
      return;
    }
    // UNCLOSED stops without the provider's end events (a normal end would close the write it is inside)
    res.end(sse(answers[marker].split("|"), marker === "LENGTH" ? "max_tokens" : marker === "MIDERROR" ? "error" : marker === "UNCLOSED" ? "none" : "end_turn"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
