import type { AppMeta } from "../../schemas/app";
import type { FileTree } from "../../schemas/app-files";
import type { ChatMessage } from "../../schemas/chat";
import type { JobPayload } from "../../schemas/jobs";
import type { SecretRequestItem } from "../../schemas/secrets";
import { AppEvents } from "../core/apps/events";
import { AppFiles } from "../core/apps/files";
import { Apps } from "../core/apps/apps";
import { receiptOf } from "../core/apps/changes";
import { Credits } from "../core/billing/credits";
import { isConditionFailure } from "../core/db";
import { Messages } from "../core/chat/messages";
import { PlatformStats } from "../core/logs/platform-stats";
import { applyAction } from "./apply";
import { ratioKey } from "./context";
import { homePageOf } from "./home-page";
import { firstCompletePage } from "./first-page";
import type { Provider } from "./model-call";
import { type CutReason, type Failure, notApplied } from "./outcomes";
import { noUsage } from "./prompt-cache";
import { AppGone, DeadlinePassed, errorOf, isNotFound } from "./turn-errors";
import { deliverSuggestions, metadataOf, secretRequestFor, settlementOf, suggestionsOrNone } from "./turn-message";
import { type PromptInput, offlineChunks, remoteChunks } from "./turn-chunks";
import { type TurnEvent, type TurnPhase, nextPhase } from "./turn-phases";
import { TurnStream } from "./turn-stream";
import { TurnWrites } from "./turn-writes";
import { type Action, serialize, targetOf } from "../../lib/agent/protocol";
import { repair } from "../../lib/agent/repair";
import type { TurnVerification } from "../../schemas/verification";

/** How often the growing answer is saved and pushed: never once per token. */
export const FLUSH_INTERVAL_MS = 400;

/**
 * Everything a turn accumulates while it streams, and the phase it is in (turn-phases.ts). Only closed
 * actions reach the app, each the moment it closes; an action the answer ends inside (Stop, the output
 * limit, an error, the end of the stream) never does, and the receipt says what was kept and what was not.
 */
export class TurnState {
  files: FileTree;
  raw = "";
  /** this round's problems the model could fix (a frozen file is not one), for the automated fix */
  problems: string[] = [];
  /** the answer ended inside an action, or at the model's output limit */
  cutOff = false;
  private phase: TurnPhase = "streaming";
  /** every store write and broadcast of the turn, in order */
  private readonly writes = new TurnWrites();
  private outputLimit = false;
  private failures: Failure[] = [];
  private applied: string[] = [];
  /** the secrets the answer's closed secret requests asked for, in order */
  private requestedSecrets: SecretRequestItem[] = [];
  private appliedAny = false;
  private lastFlush = 0;
  /** how much of the answer the last save covered */
  private flushedTo = 0;
  private readonly frozen: Set<string>;
  /** a new app's first turn: its preview opens as soon as one page has all its files (firstCompletePage) */
  private stagePending: boolean;
  /** the page this turn opened the new app's preview on while it streamed */
  private openedOn: string | null = null;
  private usage = noUsage();
  /** characters per token shown by the provider's usage report for this turn's last model call, kept for the app's next turn */
  private readonly calibration: { charsPerToken?: number } = {};
  private tokensCounted = false;
  /** the automated fix round the turn is in (0: the answer to the message itself) */
  private fixRound = 0;
  /** the model calls streaming into the answer: their actions, fenced code and a cut end (turn-stream.ts) */
  private readonly streaming = new TurnStream({
    answer: () => this.raw,
    grow: (text) => {
      this.raw += text;
    },
    retract: (to) => this.retract(to),
    gone: () => this.gone,
    status: (details) => this.status(details),
    apply: (action) => this.apply(action),
    problem: (reason) => this.problems.push(reason),
    failure: (reason) => this.failures.push({ action: "", path: null, reason, round: this.fixRound }),
    maybeFlush: () => this.maybeFlush(),
    drained: () => this.writes.drained(),
  });

  constructor(
    private readonly app: AppMeta,
    private readonly job: JobPayload<"ai-turn">,
    private readonly before: FileTree,
  ) {
    this.files = { ...before };
    this.frozen = new Set(app.frozen_files);
    this.stagePending = app.app_stage === "pending";
  }

  /** The app was found deleted: nothing more is written, and the stream ends at its next chunk. */
  get gone(): boolean {
    return this.phase === "gone";
  }

  private move(event: TurnEvent) {
    this.phase = nextPhase(this.phase, event);
  }

  /** The answer grows only while it streams. */
  private streamingOnly(what: string) {
    if (this.phase === "gone") throw new AppGone();
    if (this.phase !== "streaming") throw new Error(`An AI turn cannot ${what} while ${this.phase}`);
  }

  private get log() {
    return `[turn ${this.job.assistant_message_id}]`;
  }

  say(text: string) {
    this.streamingOnly("add to its answer");
    this.raw += text;
  }

  async stream(provider: Provider, signal: AbortSignal, prompt: PromptInput) {
    this.streamingOnly("stream");
    const end: { finishReason?: string } = {};
    const chunks = provider.kind === "offline" ? offlineChunks(prompt) : remoteChunks(provider, prompt, signal, this.usage, end, this.calibration);
    if (await this.streaming.call(chunks, signal, end)) this.cutOff = true;
    if (end.finishReason === "length") this.cutOff = this.outputLimit = true;
    await this.writes.drained();
    if (this.gone) throw new AppGone();
  }

  /**
   * An automated fix round begins: the chat text the model wrote after its last action ("Done! …") was written before it
   * knew some actions failed, so it is taken out; the fix round's answer says what really happened.
   */
  beginFixRound() {
    this.streamingOnly("begin a fix round");
    this.streaming.takeBackClosingWords();
    this.fixRound++;
  }

  /** Takes the answer back to `to` characters; the message as saved and pushed follows (whole, since deltas only append). */
  private retract(to: number) {
    if (to >= this.raw.length) return;
    this.raw = this.raw.slice(0, to);
    if (this.flushedTo <= to) return;
    this.flushedTo = to;
    const content = this.raw;
    this.writes.add(
      async () => {
        if (!this.gone) await this.saveMessage({ content, state: "streaming" });
      },
      (err) => {
        if (isConditionFailure(err)) this.loseApp();
        else console.error(`${this.log} could not save the answer after taking back its cut end (the final save writes it whole):`, err);
      },
    );
  }

  /** A status line between model calls (the check in a browser), shown as the turn's step. */
  step(details: string) {
    this.streamingOnly("show a step");
    this.status(details);
  }

  /** A status line, written in its place in the turn's writes: the file step it names lands after it. */
  private status(details: string) {
    this.writes.add(
      async () => {
        if (this.gone) return;
        const id = this.job.assistant_message_id;
        const running = (app: AppMeta) => app.turn_id === id && app.stop_requested !== id && app.status.state === "processing";
        const status = { state: "processing" as const, details, last_updated_date: new Date().toISOString() };
        const meta = await Apps.update(this.app.id, { status }, false, running);
        if (meta.status.details === details) await AppEvents.publish(this.app.id, { app: { status: meta.status } });
      },
      (err) => {
        // the status line is the turn's first write to the app, so it is what finds the app deleted
        if (isNotFound(err)) this.loseApp();
        else console.error(`${this.log} status update failed:`, err);
      },
    );
  }

  /** Applied in order, one at a time, each persisted and pushed the moment it closes. */
  private apply(action: Action) {
    const closedAt = this.raw.length;
    this.writes.addStep(async () => {
      if (this.gone) return;
      const result = applyAction(this.files, action, this.frozen);
      this.applied.push(serialize(action));
      if (action.type === "secrets") this.requestedSecrets.push(...action.secrets);
      const target = targetOf(action);
      // an action an automated fix round applied makes the earlier rounds' failures on its file untrue: the receipt says one thing per file
      if (!result.problem && target && this.fixRound) this.failures = this.failures.filter((f) => f.path !== target || f.round >= this.fixRound);
      if (result.problem) {
        this.failures.push({ action: serialize(action), path: target, reason: result.problem, round: this.fixRound });
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
    if (this.phase !== "streaming") return;
    this.lastFlush = Date.now();
    const content = this.raw;
    const offset = this.flushedTo;
    this.flushedTo = content.length;
    this.writes.add(
      () => this.saveGrowth(content, offset),
      (err) => {
        // the message is deleted only with its app
        if (isConditionFailure(err)) this.loseApp();
        else console.error(`${this.log} could not save the answer so far (the next save, or the final one, writes it whole):`, err);
      },
    );
  }

  /** Save the answer so far, and push only what it grew by since the last save: a turn pushes O(answer) bytes, not O(answer × time). */
  private async saveGrowth(content: string, offset: number) {
    if (this.gone) return;
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
    await this.writes.drained();
    return repaired.content;
  }

  /** A failed turn's answer: repaired when its file steps still run, as it streamed when one of them failed (or the repair did). */
  private async settleAfterFailure(err: unknown): Promise<string> {
    try {
      return await this.settle();
    } catch (settleError) {
      if (settleError !== err) console.error(`${this.log} its answer could not be settled, so it is kept as it streamed:`, settleError);
      return this.raw;
    }
  }

  /** The app was found deleted: nothing more is written (found once, by whichever write failed first). */
  private loseApp(): void {
    if (!this.gone) this.move("lose-app");
  }

  /** The app was deleted while the turn ended: nothing more is written. */
  private endGone(): void {
    this.loseApp();
    console.info(`${this.log} its app was deleted, so the turn ended`);
  }

  private async receipt(content: string, cut: CutReason): Promise<NonNullable<ChatMessage["receipt"]>> {
    const userMessage = await Messages.get(this.app.id, this.job.user_message_id);
    return { ...receiptOf(this.before, this.files, userMessage.content), not_applied: notApplied(content, this.failures, cut, this.files) };
  }

  /** streaming → finishing → done or stopped: the final message with its receipt and charge, then the app ready. */
  async finish(
    requested: "done" | "stopped",
    started: number,
    provider: Provider,
    suggest: () => Promise<AppMeta["suggestions"]>,
    discussion = false,
    verification?: TurnVerification,
  ) {
    // a status line may find the app deleted after the runner looked (turn.ts): nothing is left to finish
    if (this.gone) return this.endGone();
    this.move("finish");
    const content = await this.settle();
    if (this.gone) return this.endGone();
    // Stop pressed while the last chunks were being applied still counts as a stop.
    const latest = await Apps.get(this.app.id);
    const state = latest?.stop_requested === this.job.assistant_message_id ? "stopped" : requested;
    const cut: CutReason = state === "stopped" ? "stopped" : this.outputLimit ? "output_limit" : "ended";
    // not charged: a turn that changed nothing, or whose app did not pass its check in the browser
    const { charge, alongside } = settlementOf(this.job, state === "done" && ((!this.appliedAny && !discussion) || verification?.status === "failed"));
    await this.countTokens();
    const base = { ...(await this.receipt(content, cut)), ...(verification ? { verification } : {}) };
    const message = { content, state, metadata: metadataOf(started, provider, this.usage), ...(await secretRequestFor(this.app.id, this.requestedSecrets)) };
    await this.saveMessage({ ...message, receipt: { ...base, charge } }, alongside).catch(async (err) => {
      // the refund could not be written (say, the grant that paid was deleted): the answer is saved all the same
      if (!alongside.length || !isConditionFailure(err)) throw err;
      console.error(`${this.log} its refund could not be written, so the answer is saved without it:`, err);
      await this.saveMessage({ ...message, receipt: { ...base, charge: charge && { ...charge, refunded: false } } });
    });
    const pages = Object.keys(this.files).filter((p) => p.startsWith("pages/")).map((p) => p.slice(6));
    const current = await Apps.get(this.app.id);
    if (!current) return this.endGone();
    const patch: Partial<AppMeta> = { app_stage: null };
    if (provider.kind === "remote" && this.calibration.charsPerToken)
      patch.token_ratios = { ...current.token_ratios, [ratioKey(provider.provider, provider.modelId)]: this.calibration.charsPerToken };
    if (!current.main_page || !pages.includes(current.main_page) || current.main_page === this.openedOn) patch.main_page = homePageOf(this.files);
    const mine = (app: AppMeta) => app.turn_id === this.job.assistant_message_id;
    const wanted = mine(current) && state === "done" && current.stop_requested !== this.job.assistant_message_id;
    // The offline engine's suggestions are computed in process at once; a model's come after `ready`, never delaying it.
    const suggestions = wanted && provider.kind === "offline" ? await suggestionsOrNone(suggest, this.log) : null;
    // A stopped turn's late status line may have landed after Stop: the app is ready either way.
    const status = { state: "ready" as const, details: state === "stopped" ? "Stopped" : null, last_updated_date: new Date().toISOString() };
    // Status and suggestions only while no newer turn has claimed the app (a message sent the moment this one ended).
    const ours = await Apps.update(this.app.id, { ...patch, status, suggestions }, true, mine);
    const meta = mine(ours) ? ours : await Apps.update(this.app.id, patch);
    await AppEvents.publish(this.app.id, { app: { status: meta.status, suggestions: meta.suggestions, main_page: meta.main_page, app_stage: meta.app_stage } });
    if (wanted && mine(ours) && provider.kind !== "offline") await deliverSuggestions(this.app.id, this.job.assistant_message_id, suggest, this.log);
    this.move(state);
  }

  /** streaming or finishing → failing → failed: what the turn did is kept, its error shown, and a turn that changed nothing refunded. */
  async fail(err: unknown, started: number, provider: Provider) {
    const error = errorOf(err);
    console.error(this.log, err);
    if (this.gone) return this.endGone();
    this.move("fail");
    const content = await this.settleAfterFailure(err);
    if (this.gone) return this.endGone();
    // A turn that changed nothing costs nothing: the refund lands with the final save, or on its own if that save fails.
    const { charge, alongside } = settlementOf(this.job, !this.appliedAny);
    await this.countTokens();
    const receipt = await this.receipt(content, err instanceof DeadlinePassed ? "deadline" : "error").then(
      (r) => ({ ...r, charge }),
      (receiptError: unknown) => {
        console.error(`${this.log} its receipt could not be made, so the error is saved without one:`, receiptError);
        return undefined;
      },
    );
    const asked = await secretRequestFor(this.app.id, this.requestedSecrets).catch((secretsError: unknown) => {
      console.error(`${this.log} its secret request could not be checked, so the error is saved without one:`, secretsError);
      return {};
    });
    try {
      await this.saveMessage({ content, state: "error", error, receipt, metadata: metadataOf(started, provider, this.usage), ...asked }, alongside);
    } catch (saveError) {
      console.error(`${this.log} its error could not be saved${alongside.length ? "; refunding on its own" : ""}:`, saveError);
      if (alongside.length) await Credits.refund(this.job.user_id, this.job.charge).catch((refundError: unknown) => console.error(`${this.log} its refund failed too:`, refundError));
    }
    const mine = (app: AppMeta) => app.turn_id === this.job.assistant_message_id;
    let meta: AppMeta;
    try {
      meta = await Apps.update(this.app.id, { status: { state: "error", details: error.title, last_updated_date: new Date().toISOString() } }, true, mine);
    } catch (statusError) {
      if (isNotFound(statusError)) return this.endGone();
      console.error(`${this.log} the app's error status could not be written:`, statusError);
      return this.move("failed");
    }
    await AppEvents.publish(this.app.id, { app: { status: meta.status } });
    this.move("failed");
  }

  /** The tokens the model really used, counted once for the admin's analytics (the offline engine uses none). */
  private async countTokens() {
    if (this.tokensCounted) return;
    this.tokensCounted = true;
    await PlatformStats.tokensUsed(this.job.user_id, this.app.id, this.usage.inputTokens + this.usage.outputTokens).catch((err: unknown) =>
      console.error(`${this.log} its tokens could not be counted for the analytics:`, err),
    );
  }
}
