import { FunctionMessages, type FunctionList } from "../../../../../schemas/functions";
import type { FunctionAnswer } from "../../../api/functions";

/** Pure helpers of the code workspace's function tools (spec 02 §2, §5, §8): test/unit/function-display.test.ts. */

const PREFIX = "functions/";

/** "functions/sendEmail" → "sendEmail"; any other file → null. */
export const functionNameOf = (path: string | null): string | null => (path?.startsWith(PREFIX) ? path.slice(PREFIX.length) : null);

export const DEFAULT_PAYLOAD = "{}";

export type ParsedPayload = { ok: true; value: unknown } | { ok: false; error: string };

/** Spec 02 §5: the test payload must parse as JSON (Run is disabled until it does). */
export function parsePayload(text: string): ParsedPayload {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: `The payload is not valid JSON: ${(err as Error).message}` };
  }
}

/** A body as the tools show it: JSON pretty-printed, text as it came, nothing as "(empty)". */
export function shownBody(body: unknown): string {
  if (body === null || body === undefined) return "(empty)";
  return typeof body === "string" ? body : JSON.stringify(body, null, 2);
}

export interface TestOutcome {
  ok: boolean;
  /** spec 02 §8: the answer's error, else its message, else the generic line (failures only) */
  error: string | null;
  /** the raw JSON response, shown in both cases */
  raw: string;
}

const textField = (body: unknown, key: "error" | "message"): string | null => {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() ? value : null;
};

/** What a test call's answer says: a 2xx is the function's result; anything else is its failure, explained. */
export function testOutcome(answer: FunctionAnswer): TestOutcome {
  const ok = answer.status >= 200 && answer.status < 300;
  const error = ok ? null : (textField(answer.body, "error") ?? textField(answer.body, "message") ?? FunctionMessages.TEST_FAILED);
  return { ok, error, raw: shownBody(answer.body) };
}

/** Spec 02 §3 Function log: the region is shown without its "gcp-" prefix. */
export const regionLabel = (region: string) => region.replace(/^gcp-/, "");

/** The badge colour of a log level (spec 02 §3: error, warn/warning, info, debug). */
export function levelPalette(level: string): string {
  switch (level.toLowerCase()) {
    case "error":
      return "red";
    case "warn":
    case "warning":
      return "orange";
    case "info":
      return "blue";
    default:
      return "gray";
  }
}

/** How often the tools ask for the function list while a saved change is not deployed yet. */
export const STALE_POLL_MS = 2_000;

/** A saved change is deployed by a job (or the next call): ask again while this function's deployment lags its code. */
export const stalePoll = (list: FunctionList | undefined, name: string): number | false =>
  list?.functions.some((f) => f.name === name && !f.up_to_date) ? STALE_POLL_MS : false;
