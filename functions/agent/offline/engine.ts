/**
 * Kiln's offline engine: the `default` model when no provider is configured. A
 * deterministic planner, not a language model: it turns a description into an app
 * and carries out common follow-ups, streaming the same action protocol a model
 * would, and says plainly when something is beyond it.
 */
import { firstTurn } from "./build";
import { discuss } from "./discussion";
import { followUp, NOT_CHARGED } from "./answer";
import { readModel } from "./model";
import { cannotDo } from "./texts";

export interface EngineInput {
  /** the user's message; on the first turn the app's description, possibly followed by a "---" line and a style preset's prompt */
  message: string;
  /** the app's current files (path -> content); empty on the first turn */
  files: Record<string, string>;
  appName: string;
  /** neo-brutalism, neumorphism, glassmorphism, material-design, claymorphism, or null */
  style?: string | null;
  /** answer in words only, never actions */
  discussion?: boolean;
  currentPage?: string | null;
  /** files the owner froze: never changed, and the answer says so */
  frozen?: string[];
  /** backend functions are activated for the app: a function written can run */
  backendFunctions?: boolean;
  /** the names of the app's secrets (never their values) */
  secretNames?: string[];
  /** the user's earlier messages in this chat, oldest first: what a request that names no records is about */
  earlier?: string[];
}

/** The whole answer. */
export function planOffline(input: EngineInput): string {
  const files = input.files ?? {};
  const appName = input.appName ?? "";
  const message = String(input.message ?? "");
  try {
    if (input.discussion) return discuss(message, files, appName, input.currentPage);
    if (!Object.keys(files).length) {
      if (!message.trim()) return cannotDo(null, 'Describe the app you want, for example "A CRM to track customers, deals and follow-up tasks", and I\'ll build a first version.');
      return firstTurn(message, appName, input.style);
    }
    return followUp({
      message,
      files,
      appName,
      currentPage: input.currentPage,
      frozen: input.frozen ?? [],
      backendFunctions: input.backendFunctions,
      secretNames: input.secretNames,
      earlier: input.earlier,
    });
  } catch {
    const model = (() => {
      try {
        return readModel(files, appName).model;
      } catch {
        return null;
      }
    })();
    const why = cannotDo(model, "Something in the current files kept me from working out that change, so I made none.");
    // a discussion answer is charged like any other (turn-state.ts); a turn that changed nothing is not
    return input.discussion ? why : [why, "", NOT_CHARGED].join("\n");
  }
}

const SIZES = [64, 120, 48, 160, 96, 200, 80, 140];
const MIN = 40;

/** Splits text into stream chunks of about 40-200 characters, at spaces or line ends where possible. */
export function chunkText(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let k = 0; at < text.length; k++) {
    const size = SIZES[k % SIZES.length];
    if (text.length - at <= size) {
      out.push(text.slice(at));
      break;
    }
    const window = text.slice(at + MIN, at + size);
    const gap = Math.max(window.lastIndexOf(" "), window.lastIndexOf("\n"));
    const cut = gap >= 0 ? at + MIN + gap + 1 : at + size;
    out.push(text.slice(at, cut));
    at = cut;
  }
  return out;
}

/** The answer as a stream of text chunks, as a streaming model would send it. */
export function* runOfflineEngine(input: EngineInput): Generator<string> {
  for (const chunk of chunkText(planOffline(input))) yield chunk;
}
