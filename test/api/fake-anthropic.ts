import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Anthropic's Messages API at the HTTP boundary (a third party),
 * replaying recorded-shape SSE streams. What it answers depends on a marker in
 * the last user message: FAIL (HTTP 500), FENCED (code in plain markdown fences),
 * UNCLOSED (the stream stops inside a write), else a tidy one-file answer.
 */
const answers: Record<string, string> = {
  FENCED: [
    "Sure — here is a notes page.\n\n",
    "pages/Notes.jsx\n```jsx\nexport default function Notes() {\n",
    "  return <div className=\"p-6\">Notes</div>;\n}\n```\n",
    "\nIt lists your notes.",
  ].join("|"),
  UNCLOSED: ['<kiln-plan>Add an about page</kiln-plan>\n<kiln-wr', 'ite path="pages/About">\nexport default function About() {\n', "  return <p>About us</p>;\n}\n"].join("|"),
  DEFAULT: ['<kiln-plan>Add a help page</kiln-plan>\n<kiln-write path="pages/Help">\nexport default function Help() {\n  return <p>He', 'lp</p>;\n}\n</kiln-write>\nAdded a Help page.'].join("|"),
};

function sse(chunks: string[]): string {
  const events: [string, object][] = [
    ["message_start", { type: "message_start", message: { id: "msg_fake", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 321, output_tokens: 1 } } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ...chunks.map((text) => ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }] as [string, object]),
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 54 } }],
    ["message_stop", { type: "message_stop" }],
  ];
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");
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

export async function startFakeAnthropic(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
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
    const last = body.messages?.filter((m) => m.role === "user").at(-1);
    const text = typeof last?.content === "string" ? last.content : (last?.content ?? []).map((p) => p.text ?? "").join("");
    const marker = ["FAIL", "FENCED", "UNCLOSED"].find((m) => text.includes(m)) ?? "DEFAULT";
    if (marker === "FAIL") {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "api_error", message: "Internal server error" } }));
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
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id: "msg_s", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "text", text: suggestions }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 5, output_tokens: 5 } }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.end(sse(answers[marker].split("|")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
