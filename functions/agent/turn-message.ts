import type { AppMeta } from "../../schemas/app";
import type { ChatMessage, Receipt } from "../../schemas/chat";
import type { JobPayload } from "../../schemas/jobs";
import type { SecretRequestItem } from "../../schemas/secrets";
import { AppEvents } from "../core/apps/events";
import { Apps } from "../core/apps/apps";
import { Secrets } from "../core/backend/secrets";
import { Credits } from "../core/billing/credits";
import { secretRequestOf } from "./apply";
import { isNotFound } from "./turn-errors";
import type { Provider } from "./model-call";
import type { TurnUsage } from "./prompt-cache";

/* What a turn's final message carries besides its answer, and the follow-ups that come after it (turn-state.ts). */

/**
 * The receipt's charge line, and the refund written with the final save: a turn that changed
 * nothing because it could not (or failed) costs nothing; a discussion answer changes nothing by design.
 */
export function settlementOf(job: JobPayload<"ai-turn">, refund: boolean): { charge: Receipt["charge"]; alongside: object[] } {
  const charge = job.charge;
  if (!charge) return { charge: undefined, alongside: [] };
  if (!refund) return { charge: { credits: charge.credits, refunded: false }, alongside: [] };
  return { charge: { credits: charge.credits, refunded: true }, alongside: Credits.refundItems(job.user_id, charge) };
}

/** The final message's metadata: which model answered, how long it took, the tokens it used. */
export function metadataOf(started: number, provider: Provider, usage: TurnUsage): ChatMessage["metadata"] {
  return {
    created_date: new Date(started).toISOString(),
    created_by_email: null,
    model: provider.kind === "offline" ? "offline-engine" : provider.modelId,
    duration_ms: Date.now() - started,
    input_tokens: usage.inputTokens || undefined,
    output_tokens: usage.outputTokens || undefined,
    cache_read_tokens: usage.cacheReadTokens || undefined,
    cache_write_tokens: usage.cacheWriteTokens || undefined,
  };
}

/** The message's secret request: what the answer asked for that the app does not have yet (none: the field stays unset). */
export async function secretRequestFor(appId: string, requested: SecretRequestItem[]): Promise<Pick<ChatMessage, "secret_request">> {
  if (!requested.length) return {};
  const have = (await Secrets.names(appId)).map((s) => s.name);
  const missing = secretRequestOf(requested, have);
  return missing.length ? { secret_request: missing } : {};
}

/** Follow-ups are a courtesy: when they cannot be had the app is ready without them, and the log says why. */
export async function suggestionsOrNone(suggest: () => Promise<AppMeta["suggestions"]>, log: string): Promise<AppMeta["suggestions"]> {
  try {
    return await suggest();
  } catch (err) {
    console.error(`${log} its follow-up suggestions could not be made:`, err);
    return null;
  }
}

/** Whether follow-ups should be made for the app now: ready without them, and its last turn not stopped (Stop asks for nothing more). */
export function wantsSuggestions(app: AppMeta): boolean {
  return app.status.state === "ready" && !app.suggestions && !(app.turn_id && app.stop_requested === app.turn_id);
}

/** A model's suggestions, delivered on their own once the app is ready: asked for and kept only while the app is still as the turn left it (not stopped). */
export async function deliverSuggestions(appId: string, turnId: string, suggest: () => Promise<AppMeta["suggestions"]>, log: string) {
  const still = (app: AppMeta) => app.turn_id === turnId && app.status.state === "ready" && app.stop_requested !== turnId;
  const now = await Apps.get(appId);
  if (!now || !still(now)) return;
  const suggestions = await suggestionsOrNone(suggest, log);
  if (!suggestions) return;
  let meta: AppMeta;
  try {
    meta = await Apps.update(appId, { suggestions }, false, still);
  } catch (err) {
    // deleted since it was made ready: there is no app to suggest to
    if (!isNotFound(err)) console.error(`${log} its follow-up suggestions could not be saved:`, err);
    return;
  }
  if (still(meta) && meta.suggestions) await AppEvents.publish(appId, { app: { suggestions: meta.suggestions } });
}
