import type { AppMeta } from "../../schemas/app";
import type { FileTree } from "../../schemas/app-files";
import { ChatSuggestions, type ChatMessage } from "../../schemas/chat";
import type { JobPayload } from "../../schemas/jobs";
import { AppEvents } from "../core/app-events";
import { AppFiles } from "../core/app-files";
import { Apps } from "../core/apps";
import { Catalog } from "../core/catalog";
import { receiptOf } from "../core/changes";
import { Credits } from "../core/credits";
import { Messages } from "../core/messages";
import { Secrets } from "../core/secrets";
import { toChatSuggestions } from "../core/suggestions";
import { MAX_AUTOMATED_FIXES_PER_TURN } from "../core/tiers";
import { applyAction } from "./apply";
import { runOfflineEngine, suggestOffline } from "./offline";
import { ActionStreamParser } from "./parser";
import { buildPrompt } from "./prompt";
import { type Provider, completeText, providerFor } from "./providers";
import { type Action, serialize, targetOf } from "./protocol";
import { repair } from "./repair";

/** How often the growing answer is saved and pushed: never once per token. */
export const FLUSH_INTERVAL_MS = 400;
const STOP_POLL_MS = 400;

class Stopped extends Error {}

/**
 * One AI turn, run by the worker (DESIGN §4): stream the model's answer, parse
 * action tags as they arrive, apply each finished action at once, grow the
 * assistant message, push every change to the app's room, then set the app
 * ready with a receipt and three suggestions — or error with details.
 */
export async function runTurn(job: JobPayload<"ai-turn">): Promise<void> {
  const started = Date.now();
  const app = await Apps.get(job.app_id);
  if (!app || app.turn_id !== job.assistant_message_id) return; // superseded or deleted
  const userMessage = await Messages.get(app.id, job.user_message_id);
  const history = (await Messages.list(app.id, 12)).messages.filter((m) => m.id < userMessage.id && m.role !== "tool" && m.content);
  const before = await AppFiles.tree(app.id);
  const [integrations, secretNames] = await Promise.all([Catalog.promptsOf(app.integrations), Secrets.names(app.id).then((s) => s.map((x) => x.name))]);
  const provider = providerFor(app.model);
  const turn = new TurnState(app, job, before);

  const abort = new AbortController();
  const stopWatch = setInterval(async () => {
    const now = await Apps.get(app.id).catch(() => undefined);
    if (!now || now.stop_requested === job.assistant_message_id) abort.abort(new Stopped());
  }, STOP_POLL_MS);

  try {
    const params = userMessage.additional_message_params ?? {};
    const element = userMessage.custom_context?.find((c) => c.type === "element");
    let request = userMessage.content;
    for (let round = 0; ; round++) {
      await turn.stream(provider, abort.signal, {
        appName: app.name,
        files: turn.files,
        customInstructions: app.custom_instructions,
        frozenFiles: app.frozen_files,
        currentPage: params.current_page ?? null,
        element: element?.type === "element" ? { tagName: element.data.element_tag_name, filename: element.data.filename, lineNumber: element.data.line_number, classes: element.data.classes } : null,
        discussion: Boolean(params.discussion_mode),
        style: app.style,
        integrations,
        secretNames,
        history: history.map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content })),
        message: request,
        fileUrls: userMessage.file_urls,
      });
      // Actions that failed to apply get an automated fix: free, and at most MAX_AUTOMATED_FIXES_PER_TURN times.
      if (!turn.problems.length || provider.kind === "offline" || params.discussion_mode) break;
      if (round >= MAX_AUTOMATED_FIXES_PER_TURN) {
        turn.say(`\n\nI stopped after ${MAX_AUTOMATED_FIXES_PER_TURN} automatic attempts to fix these problems; please tell me how to proceed.`);
        break;
      }
      request = `Some of your actions could not be applied:\n- ${turn.problems.join("\n- ")}\nFix this with new actions against the files as they are now.`;
      turn.problems = [];
      turn.say("\n\n");
    }
    await turn.finish("done", started, provider);
  } catch (err) {
    if (abort.signal.aborted) await turn.finish("stopped", started, provider);
    else await turn.fail(err, started, provider);
  } finally {
    clearInterval(stopWatch);
  }
}

/** Everything a turn accumulates while it streams. */
class TurnState {
  files: FileTree;
  raw = "";
  problems: string[] = [];
  private applied: string[] = [];
  private appliedAny = false;
  private lastFlush = 0;
  private flushing: Promise<void> = Promise.resolve();
  private applying: Promise<void> = Promise.resolve();
  private statusing: Promise<void> = Promise.resolve();
  private readonly frozen: Set<string>;
  private usage = { inputTokens: 0, outputTokens: 0 };

  constructor(
    private readonly app: AppMeta,
    private readonly job: JobPayload<"ai-turn">,
    private readonly before: FileTree,
  ) {
    this.files = { ...before };
    this.frozen = new Set(app.frozen_files);
  }

  say(text: string) {
    this.raw += text;
  }

  async stream(provider: Provider, signal: AbortSignal, prompt: Parameters<typeof buildPrompt>[0]) {
    const parser = new ActionStreamParser({
      onActionOpen: (open) => {
        const target = open.path ?? open.to;
        if (target) this.status(`Writing ${target}`);
      },
      onActionClose: (_open, action) => this.apply(action),
      onInvalid: (_open, reason) => void this.problems.push(reason),
    });
    const chunks = provider.kind === "offline" ? offlineChunks(prompt) : remoteChunks(provider, prompt, signal, this.usage);
    for await (const chunk of chunks) {
      if (signal.aborted) throw signal.reason ?? new Stopped();
      this.raw += chunk;
      parser.push(chunk);
      this.maybeFlush();
    }
    parser.end();
    await this.applying;
  }

  /** Status lines are written in order, and all of them land before the turn's final status. */
  private status(details: string) {
    this.statusing = this.statusing
      .then(() => {
        const id = this.job.assistant_message_id;
        const running = (app: AppMeta) => app.turn_id === id && app.stop_requested !== id && app.status.state === "processing";
        const status = { state: "processing" as const, details, last_updated_date: new Date().toISOString() };
        return Apps.update(this.app.id, { status }, false, running);
      })
      .then((meta) => (meta.status.details === details ? AppEvents.publish(this.app.id, { app: { status: meta.status } }) : undefined))
      .catch((err) => console.error("[turn] status update failed:", err));
  }

  /** Applied in order, one at a time, each persisted and pushed the moment it closes. */
  private apply(action: Action) {
    this.applying = this.applying.then(async () => {
      const result = applyAction(this.files, action, this.frozen);
      this.applied.push(serialize(action));
      if (result.problem) this.problems.push(result.problem);
      this.files = result.files;
      for (const [path, content] of Object.entries(result.changed)) {
        if (content === null) await AppFiles.remove(this.app.id, path);
        else await AppFiles.write(this.app.id, path, content);
        this.appliedAny = true;
      }
      if (Object.keys(result.changed).length) await AppEvents.publish(this.app.id, { files: result.changed });
    });
  }

  private maybeFlush() {
    const now = Date.now();
    if (now - this.lastFlush < FLUSH_INTERVAL_MS) return;
    this.lastFlush = now;
    const content = this.raw;
    this.flushing = this.flushing.then(() => this.saveMessage({ content, state: "streaming" })).catch(() => undefined);
  }

  private async saveMessage(patch: Partial<ChatMessage>) {
    await Messages.update(this.app.id, this.job.assistant_message_id, patch);
    const message = await Messages.get(this.app.id, this.job.assistant_message_id);
    await AppEvents.publish(this.app.id, { message });
  }

  /** Repair what the stream left malformed (code in plain fences, an unclosed tag) and apply what it recovers. */
  private async settle(): Promise<string> {
    const repaired = repair(this.raw);
    const pending = [...this.applied];
    for (const action of repaired.actions) {
      const at = pending.indexOf(serialize(action));
      if (at >= 0) pending.splice(at, 1);
      else if (targetOf(action) || action.type === "plan") this.apply(action);
    }
    await this.applying;
    return repaired.content;
  }

  async finish(requested: "done" | "stopped", started: number, provider: Provider) {
    await this.flushing;
    await this.statusing;
    const content = await this.settle();
    // Stop pressed while the last chunks were being applied still counts as a stop.
    const latest = await Apps.get(this.app.id);
    const state = latest?.stop_requested === this.job.assistant_message_id ? "stopped" : requested;
    const userMessage = await Messages.get(this.app.id, this.job.user_message_id);
    const notes = this.problems.length ? `\n\n${this.problems.map((p) => `⚠️ ${p}`).join("\n")}` : "";
    await this.saveMessage({
      content: content + notes,
      state,
      receipt: receiptOf(this.before, this.files, userMessage.content),
      metadata: this.metadata(started, provider),
    });
    const pages = Object.keys(this.files).filter((p) => p.startsWith("pages/")).map((p) => p.slice(6));
    const current = await Apps.get(this.app.id);
    if (!current) return;
    const patch: Partial<AppMeta> = { app_stage: null };
    if (!current.main_page || !pages.includes(current.main_page)) patch.main_page = pages.includes("Dashboard") ? "Dashboard" : (pages[0] ?? null);
    if (current.turn_id === this.job.assistant_message_id) {
      // A stopped turn's late status line may have landed after Stop: the app is ready either way.
      patch.status = { state: "ready", details: state === "stopped" ? "Stopped" : null, last_updated_date: new Date().toISOString() };
      if (state === "done") patch.suggestions = await suggestionsFor(this.files, this.app, provider).catch(() => null);
    }
    const meta = await Apps.update(this.app.id, patch);
    await AppEvents.publish(this.app.id, { app: { status: meta.status, suggestions: meta.suggestions, main_page: meta.main_page, app_stage: meta.app_stage } });
  }

  async fail(err: unknown, started: number, provider: Provider) {
    const details = err instanceof Error ? err.message : String(err);
    console.error(`[turn ${this.job.assistant_message_id}]`, err);
    await this.flushing;
    await this.statusing;
    await this.applying.catch(() => undefined);
    await this.saveMessage({
      content: this.raw,
      state: "error",
      error: { title: "The assistant could not finish this change", details },
      metadata: this.metadata(started, provider),
    }).catch(() => undefined);
    // A turn that changed nothing costs nothing.
    if (!this.appliedAny) await Credits.refund(this.job.user_id, this.job.charged, new Date(this.job.charged_at)).catch(() => undefined);
    const meta = await Apps.update(this.app.id, { status: { state: "error", details, last_updated_date: new Date().toISOString() } }).catch(() => undefined);
    if (meta) await AppEvents.publish(this.app.id, { app: { status: meta.status } });
  }

  private metadata(started: number, provider: Provider): ChatMessage["metadata"] {
    return {
      created_date: new Date(started).toISOString(),
      created_by_email: null,
      model: provider.kind === "offline" ? "offline-engine" : provider.modelId,
      duration_ms: Date.now() - started,
      input_tokens: this.usage.inputTokens || undefined,
      output_tokens: this.usage.outputTokens || undefined,
    };
  }
}

/** The offline engine's chunks, yielding to the event loop between them so Stop and flushes get their turn. */
async function* offlineChunks(prompt: Parameters<typeof buildPrompt>[0]): AsyncGenerator<string> {
  for (const chunk of runOfflineEngine({
    message: prompt.message,
    files: prompt.files,
    appName: prompt.appName,
    style: prompt.style,
    discussion: prompt.discussion,
    currentPage: prompt.currentPage,
  })) {
    yield chunk;
    await new Promise((r) => setImmediate(r));
  }
}

async function* remoteChunks(
  provider: Extract<Provider, { kind: "remote" }>,
  prompt: Parameters<typeof buildPrompt>[0],
  signal: AbortSignal,
  usage: { inputTokens: number; outputTokens: number },
): AsyncGenerator<string> {
  const { system, messages } = buildPrompt(prompt);
  const stream = provider.stream({ system, messages, signal });
  for await (const chunk of stream.textStream) yield chunk;
  const used = await stream.usage.catch(() => ({}) as { inputTokens?: number; outputTokens?: number });
  usage.inputTokens += used.inputTokens ?? 0;
  usage.outputTokens += used.outputTokens ?? 0;
}

/** Three follow-ups: the offline engine's own, or the model's (as JSON). */
export async function suggestionsFor(files: FileTree, app: AppMeta, provider: Provider) {
  if (provider.kind === "offline") return toChatSuggestions(suggestOffline(files, app.name));
  const text = await completeText(provider, {
    system: 'Suggest three short next steps for this app. Answer with JSON only: [{"title": "...", "prompt": "..."}, ...] — titles under 40 characters.',
    messages: [{ role: "user", content: `App "${app.name}". Files: ${Object.keys(files).join(", ")}` }],
    signal: AbortSignal.timeout(30_000),
  });
  const list = JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1));
  return ChatSuggestions.parse(toChatSuggestions(list));
}
