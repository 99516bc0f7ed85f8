import type { FileTree } from "../../schemas/app-files";
import type { Receipt } from "../../schemas/chat";
import { parseMessage } from "../../lib/agent/parser";
import { serialize } from "../../lib/agent/protocol";

/** What a turn ended for running out of time shows: by its worker at the deadline, or by the sweeper after a crash. */
export const RAN_OUT_OF_TIME = "This change ran out of time, try again";

/** Why a turn's answer ended before it was whole. */
export type CutReason = "stopped" | "output_limit" | "error" | "ended" | "deadline";

const CUT: Record<CutReason, string> = {
  stopped: "cut off by Stop",
  output_limit: "cut off at the model's output limit",
  error: "cut off by an error",
  ended: "cut off: the answer ended before its closing tag",
  deadline: "cut off when the turn ran out of time",
};

/** An action the turn tried and the app refused (frozen, an edit that did not match, an invalid schema). */
export interface Failure {
  /** the action as protocol text (protocol.ts `serialize`), to find it in the message */
  action: string;
  path: string | null;
  reason: string;
  /** the automated fix round it happened in (0: the answer to the message itself) */
  round: number;
}

export type NotApplied = NonNullable<Receipt["not_applied"]>[number];

/** The sentence for a file action the answer was cut off in: the app keeps the file as it was. */
export function cutOffReason(path: string | null, cut: CutReason, before: FileTree): string {
  const what = path ?? "A file action";
  return path && path in before ? `${what} was ${CUT[cut]}, so it was not saved; the app keeps it as it was.` : `${what} was ${CUT[cut]}, so it was not added.`;
}

/**
 * Every action of a finished message that did not reach the app, with why, keyed by its
 * place among the message's actions (parseMessage's `open.id`, which the chat reads too):
 * actions left unclosed (cut off), actions that could not be read, and refused ones.
 */
export function notApplied(content: string, failures: Failure[], cut: CutReason, before: FileTree): NotApplied[] {
  const invalid = new Map<number, string>();
  const segments = parseMessage(content, (open, reason) => {
    if (open) invalid.set(open.id, reason);
  });
  const unmatched = [...failures];
  const out: NotApplied[] = [];
  for (const s of segments) {
    if (s.kind !== "action") continue;
    const path = (s.open.type === "rename" ? s.open.to : s.open.path) ?? null;
    const secrets = s.open.type === "secrets";
    if (!s.complete) out.push({ path, reason: secrets ? `The secret request was ${CUT[cut]}, so it was not made.` : cutOffReason(path, cut, before), action_index: s.open.id });
    else if (!s.action) out.push({ path, reason: `${secrets ? "The secret request" : (path ?? "An action")} could not be read (${invalid.get(s.open.id) ?? "it is malformed"}), so it was not ${secrets ? "made" : "applied"}.`, action_index: s.open.id });
    else {
      const at = unmatched.findIndex((f) => f.action === serialize(s.action!));
      if (at >= 0) out.push({ path, reason: unmatched.splice(at, 1)[0].reason, action_index: s.open.id });
    }
  }
  for (const f of unmatched) out.push({ path: f.path, reason: f.reason });
  return out;
}
