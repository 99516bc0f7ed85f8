import type { AppMeta } from "../../schemas/app";
import type { FileTree } from "../../schemas/app-files";
import type { ChatMessage, Receipt } from "../../schemas/chat";
import type { JobPayload } from "../../schemas/jobs";
import type { SecretRequestItem } from "../../schemas/secrets";
import { AppEvents } from "../core/apps/events";
import { AppFiles } from "../core/apps/files";
import { Apps } from "../core/apps/apps";
import { receiptOf } from "../core/apps/changes";
import { Credits } from "../core/billing/credits";
import { isConditionFailure } from "../core/db";
import { VisibleError } from "../core/errors";
import { Messages } from "../core/chat/messages";
import { PlatformStats } from "../core/logs/platform-stats";
import { Secrets } from "../core/backend/secrets";
import { applyAction, secretRequestOf } from "./apply";
import { learnRatio, promptChars, ratioKey } from "./context";
import { homePageOf } from "./home-page";
import { firstCompletePage } from "./first-page";
import { type CutReason, type Failure, RAN_OUT_OF_TIME, notApplied } from "./outcomes";
import { ActionStreamParser } from "../../lib/agent/parser";
import { buildPrompt } from "./prompt";
import { type TurnUsage, addUsage, noUsage } from "./prompt-cache";
import { ProviderError } from "./provider-errors";
import type { Provider } from "./providers";
import { type Action, serialize, targetOf } from "../../lib/agent/protocol";
import { repair, streamedFences } from "../../lib/agent/repair";

/** How often the growing answer is saved and pushed: never once per token. */
export const FLUSH_INTERVAL_MS = 400;

/** The turn passed its deadline (functions/core/chat/turns.ts) and aborted itself. */
export class DeadlinePassed extends Error {
  constructor(ms: number) {
    super(`The assistant's turn did not finish within its time limit (${Math.round(ms / 1000)} seconds) and was ended.`);
  }
}

/** The turn's app was deleted while it ran: the turn ends there, writing nothing more. */
export class AppGone extends Error {}

/** The error a failed turn shows: what a person should read, the technical account under Details, and whether Retry may help. */
function errorOf(err: unknown): NonNullable<ChatMessage["error"]> {
  const details = err instanceof Error ? err.message : String(err);
  if (err instanceof ProviderError) return { title: err.summary, details, retryable: err.retryable };
  if (err instanceof DeadlinePassed) return { title: RAN_OUT_OF_TIME, details, retryable: true };
  return { title: "The assistant could not finish this change", details, retryable: true };
}

type PromptInput = Parameters<typeof buildPrompt>[0];

/**
 * Everything a turn accumulates while it streams. Only closed actions reach the app, each the
 * moment it closes; an action the answer ends inside (Stop, the output limit, an error, the
 * end of the stream) never does, and the receipt says what was kept and what was not.
 */
export class TurnState {
  files: FileTree;
  raw = "";
  /** this round's problems the model could fix (a frozen file is not one), for the automated fix */
  problems: string[] = [];
  /** the answer ended inside an action, or at the model's output limit */
  cutOff = false;
  /** the app was found deleted: nothing more is written, and the stream ends at its next chunk */
  gone = false;
  private ending = false;
  private outputLimit = false;
  private failures: Failure[] = [];
  private applied: string[] = [];
  /** the secrets the answer's closed secret requests asked for, in order */
  private requestedSecrets: SecretRequestItem[] = [];
  private appliedAny = false;
  private lastFlush = 0;
  /** how much of the answer the last save covered */
  private flushedTo = 0;
  private flushing: Promise<void> = Promise.resolve();
  private applying: Promise<void> = Promise.resolve();
  private statusing: Promise<void> = Promise.resolve();
  private readonly frozen: Set<string>;
  /** a new app's first turn: its preview opens as soon as one page has all its files (firstCompletePage) */
  private stagePending: boolean;
  /** the page this turn opened the new app's preview on while it streamed */
  private openedOn: string | null = null;
  private usage = noUsage();
  /** characters per token shown by the provider's usage report for this turn's last model call, kept for the app's next turn */
  private readonly calibration: { charsPerToken?: number } = {};
  /** how far the answer was looked at for code in plain fences, and the fenced writes applied while it streamed */
  private fencesReadTo = 0;
  private readonly fencedApplied = new Set<string>();
  private tokensCounted = false;

  constructor(
    private readonly app: AppMeta,
    private readonly job: JobPayload<"ai-turn">,
    private readonly before: FileTree,
  ) {
    this.files = { ...before };
    this.frozen = new Set(app.frozen_files);
    this.stagePending = app.app_stage === "pending";
  }

  say(text: string) {
    this.raw += text;
  }

  async stream(provider: Provider, signal: AbortSignal, prompt: PromptInput) {
    const parser = new ActionStreamParser({
      onActionOpen: (open) => {
        const target = open.path ?? open.to;
        if (target) this.status(`${open.type === "read" ? "Reading" : "Writing"} ${target}`);
      },
      onActionClose: (_open, action) => this.apply(action),
      onInvalid: (open, reason) => {
        this.problems.push(reason);
        if (!open) this.failures.push({ action: "", path: null, reason: `A tag could not be read (${reason}), so it was left as text.` });
      },
    });
    const end: { finishReason?: string } = {};
    const chunks = provider.kind === "offline" ? offlineChunks(prompt) : remoteChunks(provider, prompt, signal, this.usage, end, this.calibration);
    for await (const chunk of chunks) {
      if (signal.aborted) throw signal.reason;
      if (this.gone) throw new AppGone();
      this.raw += chunk;
      parser.push(chunk);
      this.applyFenced();
      this.maybeFlush();
    }
    if (parser.end().unclosed) this.cutOff = true;
    if (end.finishReason === "length") this.cutOff = this.outputLimit = true;
    await this.applying;
  }

  /**
   * Code a model wrote in plain markdown fences instead of actions becomes a file step as soon as its fence
   * closes, not after the turn: looked for only when a new whole line may open or close a fence.
   */
  private applyFenced() {
    const upTo = this.raw.lastIndexOf("\n") + 1;
    if (upTo <= this.fencesReadTo) return;
    const fresh = this.raw.slice(Math.max(0, this.fencesReadTo - 1), upTo);
    this.fencesReadTo = upTo;
    if (!/(?:^|\n) {0,3}(?:`{3}|~{3})/.test(fresh)) return;
    const { writes, writing } = streamedFences(this.raw.slice(0, upTo));
    // the status line names the file while its fence streams, as it does for an action
    if (writing) this.status(`Writing ${writing}`);
    for (const action of writes) {
      const key = serialize(action);
      if (this.fencedApplied.has(key)) continue;
      this.fencedApplied.add(key);
      this.apply(action);
    }
  }

  /** Status lines are written in order, and all of them land before the turn's final status. */
  private status(details: string) {
    this.statusing = this.statusing
      .then(() => {
        if (this.gone) return this.app;
        const id = this.job.assistant_message_id;
        const running = (app: AppMeta) => app.turn_id === id && app.stop_requested !== id && app.status.state === "processing";
        const status = { state: "processing" as const, details, last_updated_date: new Date().toISOString() };
        return Apps.update(this.app.id, { status }, false, running);
      })
      .then((meta) => (meta.status.details === details ? AppEvents.publish(this.app.id, { app: { status: meta.status } }) : undefined))
      .catch((err) => {
        if (err instanceof VisibleError && err.kind === "not_found") this.gone = true;
        else console.error("[turn] status update failed:", err);
      });
  }

  /** Applied in order, one at a time, each persisted and pushed the moment it closes. */
  private apply(action: Action) {
    const closedAt = this.raw.length;
    this.applying = this.applying.then(async () => {
      // this action's status line lands first, and tells whether the app is still there
      await this.statusing;
      if (this.gone) return;
      const result = applyAction(this.files, action, this.frozen);
      this.applied.push(serialize(action));
      if (action.type === "secrets") this.requestedSecrets.push(...action.secrets);
      if (result.problem) {
        this.failures.push({ action: serialize(action), path: targetOf(action), reason: result.problem });
        const frozen = [targetOf(action), action.type === "rename" ? action.from : null].some((p) => p && this.frozen.has(p));
        if (!frozen) this.problems.push(result.problem);
      }
      this.files = result.files;
      for (const [path, content] of Object.entries(result.changed)) {
        if (content === null) await AppFiles.remove(this.app.id, path);
        else await AppFiles.write(this.app.id, path, content);
        this.appliedAny = true;
      }
      if (Object.keys(result.changed).length) {
        await AppEvents.publish(this.app.id, { files: result.changed, app: await this.openPreview() });
        // the stored answer always covers what reached the app, so a turn whose worker dies still reads true (functions/core/chat/turns.ts)
        if (this.flushedTo < closedAt) this.flush();
      }
    });
  }

  /** On a new app's first turn, the stage screen gives way to the preview once a page can render (the fields to push with its files). */
  private async openPreview(): Promise<Partial<AppMeta> | undefined> {
    if (!this.stagePending) return undefined;
    const page = firstCompletePage(this.files);
    if (!page) return undefined;
    this.stagePending = false;
    const id = this.job.assistant_message_id;
    const running = (app: AppMeta) => app.turn_id === id && app.app_stage === "pending" && app.status.state === "processing";
    const meta = await Apps.update(this.app.id, { app_stage: null, main_page: page }, false, running);
    if (meta.app_stage !== null || meta.main_page !== page) return undefined;
    this.openedOn = page;
    return { app_stage: null, main_page: page };
  }

  private maybeFlush() {
    if (Date.now() - this.lastFlush >= FLUSH_INTERVAL_MS) this.flush();
  }

  /** Save the answer so far; once the turn is ending, only its final save is written. */
  private flush() {
    if (this.ending) return;
    this.lastFlush = Date.now();
    const content = this.raw;
    const offset = this.flushedTo;
    this.flushedTo = content.length;
    this.flushing = this.flushing.then(() => this.saveGrowth(content, offset)).catch(() => undefined);
  }

  /** Save the answer so far, and push only what it grew by since the last save: a turn pushes O(answer) bytes, not O(answer × time). */
  private async saveGrowth(content: string, offset: number) {
    const id = this.job.assistant_message_id;
    await Messages.update(this.app.id, id, { content, state: "streaming" });
    await AppEvents.publish(this.app.id, { messageDelta: { id, offset, text: content.slice(offset), length: content.length } });
  }

  private async saveMessage(patch: Partial<ChatMessage>, alongside: object[] = []) {
    await Messages.update(this.app.id, this.job.assistant_message_id, patch, alongside);
    const message = await Messages.get(this.app.id, this.job.assistant_message_id);
    await AppEvents.publish(this.app.id, { message });
  }

  /** Repair what the stream left malformed (code in plain fences, a missing closing tag) and apply the complete actions it recovers. */
  private async settle(): Promise<string> {
    const repaired = repair(this.raw);
    const pending = [...this.applied];
    for (const action of repaired.actions) {
      const at = pending.indexOf(serialize(action));
      if (at >= 0) pending.splice(at, 1);
      else if (targetOf(action) || action.type === "plan" || action.type === "secrets") this.apply(action);
    }
    if (repaired.cutOff.length) this.cutOff = true;
    await this.applying;
    return repaired.content;
  }

  /** The message's secret request: what the answer asked for that the app does not have yet (none: the field stays unset). */
  private async secretRequest(): Promise<Pick<ChatMessage, "secret_request">> {
    if (!this.requestedSecrets.length) return {};
    const have = (await Secrets.names(this.app.id)).map((s) => s.name);
    const missing = secretRequestOf(this.requestedSecrets, have);
    return missing.length ? { secret_request: missing } : {};
  }

  private async receipt(content: string, cut: CutReason): Promise<NonNullable<ChatMessage["receipt"]>> {
    const userMessage = await Messages.get(this.app.id, this.job.user_message_id);
    return { ...receiptOf(this.before, this.files, userMessage.content), not_applied: notApplied(content, this.failures, cut, this.files) };
  }

  /**
   * The receipt's charge line, and the refund written with the final save: a turn that changed
   * nothing because it could not (or failed) costs nothing; a discussion answer changes nothing by design.
   */
  private settlement(refund: boolean): { charge: Receipt["charge"]; alongside: object[] } {
    const charge = this.job.charge;
    if (!charge) return { charge: undefined, alongside: [] };
    if (!refund) return { charge: { credits: charge.credits, refunded: false }, alongside: [] };
    return { charge: { credits: charge.credits, refunded: true }, alongside: Credits.refundItems(this.job.user_id, charge) };
  }

  async finish(requested: "done" | "stopped", started: number, provider: Provider, suggest: () => Promise<AppMeta["suggestions"]>, discussion = false) {
    this.ending = true;
    await this.flushing;
    await this.statusing;
    const content = await this.settle();
    // Stop pressed while the last chunks were being applied still counts as a stop.
    const latest = await Apps.get(this.app.id);
    const state = latest?.stop_requested === this.job.assistant_message_id ? "stopped" : requested;
    const cut: CutReason = state === "stopped" ? "stopped" : this.outputLimit ? "output_limit" : "ended";
    const { charge, alongside } = this.settlement(state === "done" && !this.appliedAny && !discussion);
    await this.countTokens();
    const base = await this.receipt(content, cut);
    const message = { content, state, metadata: this.metadata(started, provider), ...(await this.secretRequest()) };
    await this.saveMessage({ ...message, receipt: { ...base, charge } }, alongside).catch(async (err) => {
      // the refund could not be written (say, the grant that paid was deleted): the answer is saved all the same
      if (!alongside.length || !isConditionFailure(err)) throw err;
      await this.saveMessage({ ...message, receipt: { ...base, charge: charge && { ...charge, refunded: false } } });
    });
    const pages = Object.keys(this.files).filter((p) => p.startsWith("pages/")).map((p) => p.slice(6));
    const current = await Apps.get(this.app.id);
    if (!current) return;
    const patch: Partial<AppMeta> = { app_stage: null };
    if (provider.kind === "remote" && this.calibration.charsPerToken)
      patch.token_ratios = { ...current.token_ratios, [ratioKey(provider.provider, provider.modelId)]: this.calibration.charsPerToken };
    if (!current.main_page || !pages.includes(current.main_page) || current.main_page === this.openedOn) patch.main_page = homePageOf(this.files);
    const mine = (app: AppMeta) => app.turn_id === this.job.assistant_message_id;
    const wanted = mine(current) && state === "done";
    // The offline engine's suggestions are computed in process at once; a model's come after `ready`, never delaying it.
    const suggestions = wanted && provider.kind === "offline" ? await suggest().catch(() => null) : null;
    // A stopped turn's late status line may have landed after Stop: the app is ready either way.
    const status = { state: "ready" as const, details: state === "stopped" ? "Stopped" : null, last_updated_date: new Date().toISOString() };
    // Status and suggestions only while no newer turn has claimed the app (a message sent the moment this one ended).
    const ours = await Apps.update(this.app.id, { ...patch, status, suggestions }, true, mine);
    const meta = mine(ours) ? ours : await Apps.update(this.app.id, patch);
    await AppEvents.publish(this.app.id, { app: { status: meta.status, suggestions: meta.suggestions, main_page: meta.main_page, app_stage: meta.app_stage } });
    if (wanted && mine(ours) && provider.kind !== "offline") await this.deliverSuggestions(suggest);
  }

  /** A model's suggestions, delivered on their own once the app is ready: kept only while the app is still as this turn left it. */
  private async deliverSuggestions(suggest: () => Promise<AppMeta["suggestions"]>) {
    const suggestions = await suggest().catch(() => null);
    if (!suggestions) return;
    const still = (app: AppMeta) => app.turn_id === this.job.assistant_message_id && app.status.state === "ready";
    const meta = await Apps.update(this.app.id, { suggestions }, false, still).catch(() => undefined);
    if (meta && still(meta) && meta.suggestions) await AppEvents.publish(this.app.id, { app: { suggestions: meta.suggestions } });
  }

  async fail(err: unknown, started: number, provider: Provider) {
    const error = errorOf(err);
    console.error(`[turn ${this.job.assistant_message_id}]`, err);
    this.ending = true;
    await this.flushing;
    await this.statusing;
    await this.applying.catch(() => undefined);
    const content = await this.settle().catch(() => this.raw);
    // A turn that changed nothing costs nothing: the refund lands with the final save, or on its own if that save fails.
    const { charge, alongside } = this.settlement(!this.appliedAny);
    await this.countTokens();
    const receipt = await this.receipt(content, err instanceof DeadlinePassed ? "deadline" : "error").then((r) => ({ ...r, charge }), () => undefined);
    const asked = await this.secretRequest().catch(() => ({}));
    await this.saveMessage({ content, state: "error", error, receipt, metadata: this.metadata(started, provider), ...asked }, alongside).catch(async () => {
      if (alongside.length) await Credits.refund(this.job.user_id, this.job.charge).catch(() => undefined);
    });
    const mine = (app: AppMeta) => app.turn_id === this.job.assistant_message_id;
    const meta = await Apps.update(this.app.id, { status: { state: "error", details: error.title, last_updated_date: new Date().toISOString() } }, true, mine).catch(() => undefined);
    if (meta) await AppEvents.publish(this.app.id, { app: { status: meta.status } });
  }

  /** The tokens the model really used, counted once for the admin's analytics (the offline engine uses none). */
  private async countTokens() {
    if (this.tokensCounted) return;
    this.tokensCounted = true;
    await PlatformStats.tokensUsed(this.job.user_id, this.app.id, this.usage.inputTokens + this.usage.outputTokens).catch(() => undefined);
  }

  private metadata(started: number, provider: Provider): ChatMessage["metadata"] {
    return {
      created_date: new Date(started).toISOString(),
      created_by_email: null,
      model: provider.kind === "offline" ? "offline-engine" : provider.modelId,
      duration_ms: Date.now() - started,
      input_tokens: this.usage.inputTokens || undefined,
      output_tokens: this.usage.outputTokens || undefined,
      cache_read_tokens: this.usage.cacheReadTokens || undefined,
      cache_write_tokens: this.usage.cacheWriteTokens || undefined,
    };
  }
}

/** The offline engine's chunks, yielding to the event loop between them so Stop and flushes get their turn. */
async function* offlineChunks(prompt: PromptInput): AsyncGenerator<string> {
  // loaded by the first offline turn only: a turn through a model never evaluates the engine
  const { runOfflineEngine } = await import("./offline");
  for (const chunk of runOfflineEngine({
    message: prompt.message,
    files: prompt.files,
    appName: prompt.appName,
    style: prompt.style,
    discussion: prompt.discussion,
    currentPage: prompt.currentPage,
    frozen: prompt.frozenFiles,
    backendFunctions: prompt.backendFunctions,
    secretNames: prompt.secretNames,
  })) {
    yield chunk;
    await new Promise((r) => setImmediate(r));
  }
}

/** A model call's chunks; its usage lands in `usage`, and the characters per token its report shows in `calibration`. */
export async function* remoteChunks(
  provider: Extract<Provider, { kind: "remote" }>,
  prompt: PromptInput,
  signal: AbortSignal,
  usage: TurnUsage,
  end: { finishReason?: string },
  calibration: { charsPerToken?: number },
): AsyncGenerator<string> {
  const built = buildPrompt(prompt);
  const stream = provider.stream({ ...built, signal });
  for await (const chunk of stream.textStream) yield chunk;
  const used = await stream.usage;
  calibration.charsPerToken = learnRatio(calibration.charsPerToken, promptChars(built), used.inputTokens);
  addUsage(usage, used);
  end.finishReason = used.finishReason;
}
