/**
 * The answer to a follow-up message: each request in it carried out in turn on the
 * files as the previous ones left them, frozen files never touched, and words that
 * say exactly what was done, what was not and why.
 */
import { applyAction } from "../apply";
import { type Action, serialize, targetOf } from "../../../lib/agent/protocol";
import { diffModels } from "./changes";
import { normalise, type Outcome, recognise } from "./followups";
import { readModel } from "./model";
import { listing } from "./naming";
import { splitRequests } from "./requests";
import { isBackground, restatesPrevious, withAntecedent } from "./followup/pronouns";
import { discussedIn } from "./followup/target";
import { CONFIGURE, cannotDo } from "./texts";

export interface FollowUpInput {
  message: string;
  files: Record<string, string>;
  appName: string;
  currentPage?: string | null;
  /** files the owner froze: no action touches them */
  frozen?: string[];
  /** backend functions are activated for the app */
  backendFunctions?: boolean;
  /** the names of the app's secrets */
  secretNames?: string[];
  /** the user's earlier messages in this chat, oldest first */
  earlier?: string[];
}

/** One request's result: what it did (actions already cleared of frozen files), or why it did nothing. */
type Step =
  | { kind: "change"; request: string; plan: string; done: string; actions: Action[]; notes: string[]; blocked: string[]; stuck: boolean }
  | { kind: "reply"; request: string; text: string }
  | { kind: "unknown"; request: string };

/** The frozen files an action would change. */
function frozenTouched(action: Action, frozen: ReadonlySet<string>): string[] {
  const paths = action.type === "rename" ? [action.from, action.to] : [targetOf(action)];
  return paths.filter((p): p is string => p !== null && frozen.has(p));
}

export const NOT_CHARGED = "Nothing in the app changed, so this message is not charged.";

function frozenWhy(blocked: string[]): string {
  const one = blocked.length === 1;
  return `${listing(blocked)} ${one ? "is" : "are"} frozen, so I left ${one ? "it" : "them"} unchanged (unfreeze ${one ? "it" : "them"} in AI Controls to let me change ${one ? "it" : "them"}).`;
}

function carryOut(request: string, files: Record<string, string>, input: FollowUpInput): Step {
  const { model, broken } = readModel(files, input.appName);
  model.discussed = discussedIn(input.earlier ?? [], model);
  const outcome: Outcome = recognise(normalise(request), model, {
    files,
    currentPage: input.currentPage,
    backendFunctions: input.backendFunctions,
    secretNames: input.secretNames,
  });
  if (!outcome) return { kind: "unknown", request };
  if ("reply" in outcome) return { kind: "reply", request, text: outcome.reply };
  let actions: Action[];
  const notes = [...(outcome.notes ?? [])];
  let stuck = false;
  if ("after" in outcome) {
    const changes = diffModels(files, model, outcome.after, outcome.renamed);
    actions = changes.actions;
    if (changes.skipped.length) {
      stuck = true;
      notes.push(
        `${listing(changes.skipped)} ${changes.skipped.length === 1 ? "was" : "were"} changed by hand in a way my ` +
          `edits don't fit, so I left ${changes.skipped.length === 1 ? "it" : "them"} alone; make the matching change there yourself.`,
      );
    }
  } else actions = outcome.actions;
  if (broken.length) notes.push(`${listing(broken)} ${broken.length === 1 ? "is" : "are"} not valid JSON, so I ignored ${broken.length === 1 ? "it" : "them"}.`);
  // A frozen file is never changed, and the answer never claims it was.
  const frozen = new Set(input.frozen ?? []);
  const blocked = [...new Set(actions.flatMap((a) => frozenTouched(a, frozen)))];
  // a page whose rename was refused is not there under its new name: its edits are not written either
  const unmoved = new Set(actions.flatMap((a) => (a.type === "rename" && frozenTouched(a, frozen).length ? [a.to] : [])));
  const held = [...unmoved].filter((to) => actions.some((a) => a.type !== "rename" && targetOf(a) === to));
  if (held.length) notes.push(`The changes to ${listing(held)} were not written either, since the frozen page keeps its old name.`);
  actions = actions.filter((a) => !frozenTouched(a, frozen).length && !(a.type !== "rename" && unmoved.has(targetOf(a) ?? "")));
  return { kind: "change", request, plan: outcome.plan, done: outcome.done, actions, notes, blocked, stuck };
}

/** The words for one request that changed nothing or only part of what it meant to. */
function wordsFor(step: Step): string {
  if (step.kind === "unknown") return "I didn't understand this request.";
  if (step.kind === "reply") return step.text;
  if (step.blocked.length)
    return [`${step.actions.length ? "I made only part of this change" : "I couldn't make this change"}: ${frozenWhy(step.blocked)}`, ...step.notes].join(" ");
  if (!step.actions.length) return step.stuck ? `I couldn't make this change: ${step.notes.join(" ")}` : [`Nothing needed to change. ${step.done}`, ...step.notes].join(" ");
  return [step.done, ...step.notes].join(" ");
}

function single(step: Step, model: ReturnType<typeof readModel>["model"]): string {
  if (step.kind === "unknown") return [cannotDo(model), "", NOT_CHARGED].join("\n");
  if (step.kind === "reply") return [step.text, NOT_CHARGED].join("\n\n");
  if (!step.actions.length) {
    if (step.blocked.length) return [`I couldn't make this change: ${frozenWhy(step.blocked)}`, ...step.notes, NOT_CHARGED].join("\n\n");
    if (step.stuck) return [`I couldn't make this change: ${step.notes.join(" ")}`, `To have it done anyway, ${CONFIGURE}.`, NOT_CHARGED].join("\n\n");
    return [`Nothing needed to change. ${step.done}`, ...step.notes, NOT_CHARGED].join("\n\n");
  }
  return [serialize({ type: "plan", content: step.plan }), ...step.actions.map(serialize), "", wordsFor(step)].join("\n");
}

export function followUp(input: FollowUpInput): string {
  // "…, rename it": a part that only says "do the above" is the request before it
  const requests = splitRequests(input.message).filter((r, i) => i === 0 || !restatesPrevious(r));
  let files = input.files;
  const all: Step[] = [];
  for (const [i, said] of requests.entries()) {
    const request = withAntecedent(said, requests[i - 1], readModel(files, input.appName).model);
    const step = carryOut(request, files, input);
    if (step.kind === "change") for (const action of step.actions) files = applyAction(files, action, new Set()).files;
    all.push(step);
  }
  // "we have two testing rooms, add rooms …": a statement beside requests that were carried out is their background
  const carried = all.some((s) => s.kind === "change" && s.actions.length > 0);
  const background = carried ? all.filter((s) => s.kind === "unknown" && isBackground(s.request)) : [];
  const steps = all.filter((s) => !background.includes(s));
  const aside = background.length
    ? `\n\nI took ${listing(background.map((s) => `"${normalise(s.request)}"`))} as background to ${steps.length === 1 ? "the request" : "the requests"}, so nothing changed for ${background.length === 1 ? "it" : "them"}; if ${background.length === 1 ? "it asks" : "they ask"} for something, say it as a request.`
    : "";
  const { model } = readModel(input.files, input.appName);
  if (steps.length === 1) return single(steps[0], model) + aside;
  if (steps.every((s) => s.kind === "unknown")) return [cannotDo(model), "", NOT_CHARGED].join("\n");
  const changed = steps.filter((s): s is Extract<Step, { kind: "change" }> => s.kind === "change" && s.actions.length > 0);
  const status = (s: Step) => (s.kind !== "change" || !s.actions.length ? "not done" : s.blocked.length ? "partly done" : "done");
  const done = steps.filter((s) => status(s) === "done").length;
  const partly = steps.filter((s) => status(s) === "partly done").length;
  const report = [
    `This message had ${steps.length} requests${done === steps.length ? ", and I did each" : `; I did ${done} of them${partly ? ` and part of ${partly} more` : ""}`}:`,
    ...steps.map((s, i) => `${i + 1}. "${normalise(s.request)}": ${status(s)}. ${wordsFor(s)}`),
  ];
  if (steps.some((s) => s.kind === "unknown"))
    report.push("", `What I didn't understand is beyond Kiln's offline engine (a rule-based planner, no AI model); to have it done, ${CONFIGURE}.`);
  if (!changed.length) return [...report, "", NOT_CHARGED].join("\n");
  const plan = changed.map((s) => s.plan).join(" ");
  return [serialize({ type: "plan", content: plan }), ...changed.flatMap((s) => s.actions.map(serialize)), "", ...report].join("\n") + aside;
}
