import type { AppMeta } from "../../schemas/app";
import type { FileTree } from "../../schemas/app-files";
import { ChatSuggestions } from "../../schemas/chat";
import type { JobPayload } from "../../schemas/jobs";
import { AppFiles } from "../core/apps/files";
import { Apps } from "../core/apps/apps";
import { Catalog } from "../core/catalog/catalog";
import { Packages } from "../core/catalog/packages";
import { Messages } from "../core/chat/messages";
import { Secrets } from "../core/backend/secrets";
import { toChatSuggestions } from "../core/chat/suggestions";
import { MAX_AUTOMATED_FIXES_PER_TURN } from "../../lib/tiers";
import { Turns } from "../core/chat/turns";
import { READ_ROUNDS, answerRequests, charsPerToken, ratioKey } from "./context";
import { changedPaths } from "./focus";
import { conversationBefore } from "./history";
import { actionsOf } from "../../lib/agent/parser";
import { userMessage as withAttachments } from "./prompt";
import { isFileRequest } from "../../lib/agent/protocol";
import type { Provider } from "./model-call";
import { modelProviderFor } from "./provider-settings";
import { completeText } from "./providers";
import { AppGone, DeadlinePassed, StreamCut } from "./turn-errors";
import { TurnState } from "./turn-state";
import { TurnCheck } from "./turn-verify";

export { FLUSH_INTERVAL_MS } from "./turn-state";
export { wantsSuggestions } from "./turn-message";
const STOP_POLL_MS = 400;

class Stopped extends Error {}

/**
 * One AI turn, run by the worker (DESIGN §4): stream the model's answer, parse
 * action tags as they arrive, apply each finished action at once, grow the
 * assistant message, push every change to the app's room, then set the app
 * ready with a receipt and three suggestions — or error with details. A job
 * delivered twice runs once; the turn aborts itself at its deadline, and ends
 * without a word once its app is deleted.
 */
export async function runTurn(job: JobPayload<"ai-turn">): Promise<void> {
  const started = Date.now();
  const app = await Apps.get(job.app_id);
  if (!app || app.turn_id !== job.assistant_message_id) return; // superseded or deleted
  if (!(await Messages.claimRun(app.id, job.assistant_message_id))) return; // delivered again: this turn already ran
  const userMessage = await Messages.get(app.id, job.user_message_id);
  const history = conversationBefore((await Messages.list(app.id, 12)).messages, userMessage.id);
  const before = await AppFiles.tree(app.id);
  const [integrations, secretNames] = await Promise.all([Catalog.promptsOf(app.integrations), Secrets.names(app.id).then((s) => s.map((x) => x.name))]);
  const provider = await modelProviderFor(app.model);
  const turn = new TurnState(app, job, before);
  const check = new TurnCheck(app.id, before);
  // One ratio for the whole turn, so the cached prompt stays the same across its model calls; the turn learns the next one.
  const ratio = provider.kind === "remote" ? charsPerToken(provider.provider, app.token_ratios?.[ratioKey(provider.provider, provider.modelId)]) : undefined;

  const abort = new AbortController();
  const stopWatch = setInterval(() => {
    Apps.get(app.id).then(
      (now) => {
        if (!now) abort.abort(new AppGone());
        else if (now.stop_requested === job.assistant_message_id) abort.abort(new Stopped());
      },
      (err: unknown) => console.warn(`[turn ${job.assistant_message_id}] could not look for Stop; looking again in ${STOP_POLL_MS} ms:`, err),
    );
  }, STOP_POLL_MS);
  const left = Date.parse(job.deadline_at) - Date.now();
  const deadline = setTimeout(() => abort.abort(new DeadlinePassed(Turns.deadlineMs())), Math.max(0, left));

  try {
    const params = userMessage.additional_message_params ?? {};
    const element = userMessage.custom_context?.find((c) => c.type === "element");
    let request = userMessage.content;
    let fileUrls = userMessage.file_urls;
    // Set once an automated fix round begins: its calls show only the files the problems concern (focus.ts).
    let fixing = false;
    // The text whose named files are shown whole: the person's request, then a fix round's problem list (the same in its read rounds).
    let focus = userMessage.content;
    // This turn's read rounds, kept apart from the history so each call repeats the one before it byte for byte (the prompt cache's prefix).
    const rounds: { role: "user" | "assistant"; content: string }[] = [];
    for (let round = 0, reads = 0; ; round++) {
      const from = turn.raw.length;
      const streamed = turn.stream(provider, abort.signal, {
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
        packages: Packages.promptOf(app),
        backendFunctions: app.has_backend_functions_enabled === true,
        history,
        rounds,
        message: request,
        focus,
        fileUrls,
        provider: provider.kind === "remote" ? provider.provider : undefined,
        charsPerToken: ratio,
        fix: fixing,
        changed: changedPaths(before, turn.files),
      });
      try {
        await streamed;
      } catch (err) {
        // a second cut is thrown as the turn's error by the turn itself (TurnStream.cutShort)
        if (!(err instanceof StreamCut)) throw err;
        // A dropped connection is retried once, as a continuation rather than a fresh start: what the model finished is
        // already applied (and pushed to the preview), so it is shown its answer so far and asked for the rest, with the
        // action it was inside (taken back out of the answer) written again whole. Nothing finished yet: the same call again.
        const sofar = turn.raw.slice(from);
        if (sofar.trim()) {
          rounds.push({ role: "user", content: withAttachments({ message: request, fileUrls }) }, { role: "assistant", content: sofar });
          request = resumeRequest(err.inside);
          fileUrls = undefined;
          turn.say("\n\n");
        }
        round--;
        continue;
      }
      // Files the model asked to see are answered in its next call, free and at most READ_ROUNDS times; that call is no fix attempt.
      const asked = actionsOf(turn.raw.slice(from)).filter(isFileRequest);
      if (asked.length && reads < READ_ROUNDS && !turn.cutOff && provider.kind === "remote" && !params.discussion_mode) {
        rounds.push({ role: "user", content: withAttachments({ message: request, fileUrls }) }, { role: "assistant", content: turn.raw.slice(from) });
        request = answerRequests(turn.files, asked, ratio);
        fileUrls = undefined;
        reads++;
        round--;
        turn.say("\n\n");
        continue;
      }
      // An answer that applied cleanly is checked in a browser; what fails there gets the same free automated fix, within the same rounds.
      if (!turn.problems.length && !turn.cutOff && !params.discussion_mode && TurnCheck.enabled()) {
        const fix = await check.check(turn.files, () => turn.step("Checking the app in a browser"));
        if (fix && provider.kind === "remote" && round < MAX_AUTOMATED_FIXES_PER_TURN) {
          request = fix;
          fixing = true;
          focus = fix;
          turn.beginFixRound();
          turn.say("\n\n");
          continue;
        }
        break;
      }
      // Actions that failed to apply get an automated fix: free, and at most MAX_AUTOMATED_FIXES_PER_TURN times.
      if (!turn.problems.length || turn.cutOff || provider.kind === "offline" || params.discussion_mode) break;
      if (round >= MAX_AUTOMATED_FIXES_PER_TURN) {
        turn.say(`\n\nI stopped after ${MAX_AUTOMATED_FIXES_PER_TURN} automatic attempts to fix these problems; please tell me how to proceed.`);
        break;
      }
      request = `Some of your actions could not be applied:\n- ${turn.problems.join("\n- ")}\nFix this with new actions against the files as they are now.`;
      turn.problems = [];
      fixing = true;
      focus = request;
      turn.beginFixRound();
      turn.say("\n\n");
    }
    await turn.finish("done", started, provider, () => suggestionsFor(turn.files, app, provider), Boolean(params.discussion_mode), check.receipt());
  } catch (err) {
    const reason: unknown = abort.signal.aborted ? abort.signal.reason : undefined;
    if (reason instanceof AppGone || turn.gone || !(await stillThere(app)))
      console.info(`[turn ${job.assistant_message_id}] its app was deleted, so the turn ended`);
    else if (reason instanceof Stopped) await turn.finish("stopped", started, provider, async () => null);
    else await turn.fail(reason instanceof DeadlinePassed ? reason : err, started, provider);
  } finally {
    clearInterval(stopWatch);
    clearTimeout(deadline);
    await Turns.clear(app.id, job.assistant_message_id).catch((err) => console.error("[turn] could not clear the running turn:", err));
  }
  await scanChanged(app.id, before);
}

/**
 * A turn that changed the app is security-scanned at its end (issue 24 §3), once the app is ready: the Security
 * view and publishing find a scan that matches. Here, in the worker, not as a job of its own (a job cannot queue
 * another in the cloud); a failed scan is logged and never touches the turn.
 */
async function scanChanged(appId: string, before: FileTree): Promise<void> {
  try {
    const [app, files] = await Promise.all([Apps.get(appId), AppFiles.tree(appId)]);
    if (!app || app.status.state === "processing" || !changedPaths(before, files).length) return;
    const { SecurityScans } = await import("../core/security/scan");
    await SecurityScans.runNow(app, files);
  } catch (err) {
    console.warn(`[turn] the security scan after the turn failed (the Security view scans again on request):`, err);
  }
}


/** What the model is asked after its answer broke off: the rest, with the action it was inside written again whole. */
function resumeRequest(inside: string | null): string {
  const redo = inside ? ` It broke off inside ${inside}, which was not applied: write that action again whole, then` : " Now";
  return `Your answer above was cut off: the connection dropped. Everything before the cut was applied.${redo} go on with the rest of what this message asked for. Do not repeat the actions already applied.`;
}

/** Whether the turn's app still exists; when that cannot be read, it is taken to (the turn's error is then saved, not dropped). */
async function stillThere(app: AppMeta): Promise<boolean> {
  try {
    return Boolean(await Apps.get(app.id));
  } catch (err) {
    console.error(`[turn] could not tell whether app ${app.id} still exists, so its turn's error is saved:`, err);
    return true;
  }
}

/** Three follow-ups: the offline engine's own, or the model's (as JSON). */
export async function suggestionsFor(files: FileTree, app: AppMeta, provider: Provider) {
  if (provider.kind === "offline") return toChatSuggestions((await import("./offline")).suggestOffline(files, app.name));
  const text = await completeText(provider, {
    system: 'Suggest three short next steps for this app. Answer with JSON only: [{"title": "...", "prompt": "..."}, ...] — titles under 40 characters.',
    messages: [{ role: "user", content: `App "${app.name}". Files: ${Object.keys(files).join(", ")}` }],
    signal: AbortSignal.timeout(30_000),
  });
  const list = JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1));
  return ChatSuggestions.parse(toChatSuggestions(list));
}
