// Kiln's function runner, evaluated by Deno before the function's bundle (see pool.ts).
// It takes the function's `Deno.serve` handler, turns console output into log frames, and
// serves calls framed as JSON lines on stdin, answering on stdout. Plain JS: Deno runs it as is.
import { AsyncLocalStorage } from "node:async_hooks";
import net from "node:net";

const FRAME = "\u001ekiln:";
const print = console.log.bind(console);
const send = (frame) => print(FRAME + JSON.stringify(frame));
const calls = new AsyncLocalStorage();

let handler = null;
let served = null;

// The function's `Deno.serve(...)`: keep its handler; Kiln, not the function, owns the socket.
Deno.serve = function serve(first, second) {
  const options = typeof first === "function" ? {} : (first ?? {});
  handler = typeof first === "function" ? first : typeof second === "function" ? second : options.handler;
  if (typeof handler !== "function") throw new TypeError("Deno.serve needs a handler function");
  const addr = { transport: "tcp", hostname: "0.0.0.0", port: 8000 };
  options.onListen?.(addr);
  served = { addr, finished: new Promise(() => {}), shutdown: async () => {}, ref() {}, unref() {}, async [Symbol.asyncDispose]() {} };
  return served;
};

// Kiln serves a function's requests; a function never listens for connections of its own (its
// permissions close loopback, and these close the rest: a port on the one address left open).
const cannotListen = (what) =>
  function listen() {
    throw new Deno.errors.NotCapable(`A backend function cannot listen for connections (${what}): Kiln passes it its requests through Deno.serve.`);
  };
Deno.listen = cannotListen("Deno.listen");
Deno.listenTls = cannotListen("Deno.listenTls");
Deno.listenDatagram = cannotListen("Deno.listenDatagram");
net.Server.prototype.listen = cannotListen("server.listen");

// Deno puts its own folder on PATH, and its cache folder is Kiln's: nothing a function may run or needs to see.
Deno.env.delete("PATH");
Deno.env.delete("DENO_DIR");

const levels = { log: "info", info: "info", debug: "debug", trace: "debug", warn: "warn", error: "error" };
const text = (args) => args.map((a) => (typeof a === "string" ? a : Deno.inspect(a, { depth: 6, colors: false }))).join(" ");
for (const [method, level] of Object.entries(levels)) {
  console[method] = (...args) => send({ t: "log", call: calls.getStore() ?? null, level, time: new Date().toISOString(), message: text(args) });
}

const toBase64 = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

async function serveCall(call) {
  const hasBody = call.method !== "GET" && call.method !== "HEAD" && call.body !== "";
  const request = new Request(call.url, { method: call.method, headers: call.headers, body: hasBody ? fromBase64(call.body) : undefined });
  const info = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 0 }, completed: new Promise(() => {}) };
  try {
    const response = await calls.run(call.id, () => handler(request, info));
    if (!(response instanceof Response)) throw new TypeError("The function's handler must return a Response (e.g. Response.json(...))");
    const body = new Uint8Array(await response.arrayBuffer());
    send({ t: "res", id: call.id, status: response.status, headers: Object.fromEntries(response.headers), body: toBase64(body) });
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    send({ t: "log", call: call.id, level: "error", time: new Date().toISOString(), message: err instanceof Error && err.stack ? err.stack : message });
    send({ t: "err", id: call.id, message });
  }
}

/** Called once the bundle has run: say whether there is a handler, then serve calls until stdin closes. */
export async function start() {
  if (!handler) {
    send({ t: "fatal", message: "The function never called Deno.serve(handler): a backend function must serve its requests with Deno.serve." });
    return;
  }
  send({ t: "ready" });
  let pending = "";
  const decoder = new TextDecoder();
  for await (const chunk of Deno.stdin.readable) {
    pending += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line) serveCall(JSON.parse(line));
    }
  }
}
