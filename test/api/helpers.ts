import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import WebSocket from "ws";
import type { JobPayload } from "../../schemas/jobs";
import { SocketEvent } from "../../schemas/realtime";

export const apiUrl = () => inject("apiUrl");
export const socketUrl = () => inject("socketUrl");
/** The Anthropic stand-in this project's stack talks to (test/api/fake-anthropic.ts). */
export const anthropicUrl = () => inject("anthropicUrl");

/**
 * Point this test process at a stack's stand-ins (its table, bucket and sockets), so the test can run one of
 * Kiln's handlers itself as another Lambda would (the cron, a worker delivering a job again). Call it before
 * that handler first touches the table: Kiln's clients read these links once.
 */
export function useStackLinks(links: Record<string, string> = inject("stackLinks")) {
  Object.assign(process.env, links, { ANTHROPIC_BASE_URL: anthropicUrl() });
}

/**
 * The modules a test that runs the worker in this process drives (a turn queued by the real
 * Chat.send, delivered to the real worker handler); imported after useStackLinks() has set the stack's environment.
 */
export async function workerModules() {
  const [{ Chat }, { Jobs }, { Apps }, { AppFiles }, { Users }, { Messages }, { handler }] = await Promise.all([
    import("../../functions/core/chat/chat"),
    import("../../functions/core/jobs"),
    import("../../functions/core/apps/apps"),
    import("../../functions/core/apps/files"),
    import("../../functions/core/identity/users"),
    import("../../functions/core/chat/messages"),
    import("../../functions/jobs/worker"),
  ]);
  return { Chat, Jobs, Apps, AppFiles, Users, Messages, handler };
}

/** A fresh e-mail per test, so tests never share a user. */
export const uniqueEmail = (label = "user") => `${label}-${Math.random().toString(36).slice(2, 10)}@test.kiln`;

export async function tokenFor(email: string): Promise<string> {
  const res = await fetch(`${apiUrl()}/api/local/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`local token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call to the local gateway, as a client would make it. */
export async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string; apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers.api_key = options.apiKey;
  if (options.body !== undefined || options.rawBody !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers,
    redirect: "manual",
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A signed-in user with a token. */
export async function signedIn(label = "user") {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const me = await call("GET", "/api/auth/me", { token });
  return { email, token, user: me.body as { id: string; api_key: string; email: string } };
}

/** A WebSocket client of the builder's real-time channel that records every event. */
export class SocketClient {
  readonly events: SocketEvent[] = [];
  private waiters: { match: (e: SocketEvent) => boolean; resolve: (e: SocketEvent) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const parsed = SocketEvent.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return;
      this.events.push(parsed.data);
      this.waiters = this.waiters.filter((w) => (w.match(parsed.data) ? (w.resolve(parsed.data), false) : true));
    });
  }

  /** Resolves once open, or rejects with the HTTP status the gateway refused the upgrade with. */
  static open(token: string): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${socketUrl()}?token=${encodeURIComponent(token)}`);
      ws.once("open", () => resolve(new SocketClient(ws)));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  next(match: (e: SocketEvent) => boolean, timeoutMs = 5000): Promise<SocketEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a socket event")), timeoutMs);
      this.waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  async hello(): Promise<string> {
    this.send({ action: "hello" });
    const e = await this.next((e) => e.event === "hello");
    return (e as { sid: string }).sid;
  }

  async join(room: string): Promise<SocketEvent> {
    this.send({ action: "join", room });
    return this.next((e) => (e.event === "joined" || e.event === "error") && e.room === room);
  }

  close() {
    this.ws.close();
  }
}

/** Poll GET /api/apps/{id} until `done(app)` holds; answers the app. */
export async function waitForApp(token: string, appId: string, done: (app: any) => boolean = (a) => a.status.state !== "processing", timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/api/apps/${appId}`, { token });
    if (res.status !== 200) throw new Error(`GET app: ${res.status} ${JSON.stringify(res.body)}`);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`app ${appId} still ${res.body.status.state}: ${res.body.status.details}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Create an app from a description and wait for its first turn to finish. */
export async function builtApp(token: string, description = "A CRM to track customers, deals and follow-up tasks") {
  const created = await call("POST", "/api/apps", { token, body: { user_description: description } });
  if (created.status !== 201) throw new Error(`create app: ${created.status} ${JSON.stringify(created.body)}`);
  return waitForApp(token, created.body.id);
}

/** E-mail and password sign-in is opt-in: the app's owner turns it on (App Settings) before anyone registers or signs in with it. */
export async function enablePasswordSignIn(appId: string, token: string) {
  const res = await call("PUT", `/api/apps/${appId}`, { token, body: { enable_username_password: true } });
  if (res.status !== 200 || res.body.enable_username_password !== true) throw new Error(`enable password sign-in: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A signed-in user of a generated app (public_with_login, or invited to a private one) whose owner
 * enabled e-mail and password sign-in (enablePasswordSignIn): registers, reads the one-time code
 * from the local outbox as the admin, verifies, signs in.
 */
export async function appMember(appId: string, email = uniqueEmail("member"), password = "correct horse") {
  const auth = (path: string, body: unknown) => call("POST", `/api/apps/${appId}/auth/${path}`, { body });
  const registered = await auth("register", { email, password });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const mails = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: await tokenFor("admin@kiln.local") });
  const code = (mails.body as { text: string }[])[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const verified = await auth("verify-otp", { email, otp_code: code });
  if (verified.status !== 200) throw new Error(`verify-otp: ${verified.status} ${JSON.stringify(verified.body)}`);
  const login = await auth("login", { email, password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { email, token: login.body.access_token as string, id: login.body.user.id as string };
}

/** Polls until `check` answers true, or fails naming what it waited for (e.g. a job that runs after the table's stream). */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The built web app a stack of a test's own serves, for tests that open an app's runtime in Chromium (the API
 * project's shared stack serves none): KILN_WEB_DIR, else dist/ when it holds a build, else a build of its own in a
 * temporary folder (about a minute).
 */
export function builtRuntimeDir(): string {
  const root = path.resolve(import.meta.dirname, "../..");
  const given = process.env.KILN_WEB_DIR ?? path.join(root, "dist");
  if (existsSync(path.join(given, "runtime/index.html"))) return given;
  const out = mkdtempSync(path.join(os.tmpdir(), "kiln-runtime-web-"));
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error", "--outDir", out, "--emptyOutDir"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("vite build failed");
  return out;
}

/**
 * Runs an ai-turn job in this process's worker against a scripted Anthropic stand-in (fake-anthropic.ts), then
 * points the stack's model back at the shared stand-in and closes the scripted one.
 */
export async function runTurnAgainst(model: { url: string; close(): Promise<void> }, job: JobPayload<"ai-turn">): Promise<void> {
  const { handler } = await import("../../functions/jobs/worker");
  process.env.ANTHROPIC_BASE_URL = model.url;
  try {
    await handler({ name: "ai-turn", payload: job });
  } finally {
    process.env.ANTHROPIC_BASE_URL = anthropicUrl();
    await model.close();
  }
}
