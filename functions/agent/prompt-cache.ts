/**
 * Prompt caching (issue 15): what a builder turn's model calls send again is read from the
 * provider's cache instead of being processed anew. A call's prompt is the stable system part
 * (protocol, conventions, settings, file tree: prompt.ts `stableSystem`), this turn's context,
 * then the conversation; a read round (turn.ts, context.ts) calls the model again with the same
 * prompt plus the model's answer and the files it asked for. So the cache is marked:
 *
 *   - after the rules (the stable system part up to the file tree), which the app's next turn repeats;
 *   - after the file tree (the rest of the stable system part), which the next call of the turn repeats;
 *   - after the conversation's last message, which the next call of a read round repeats;
 *   - after the message before the last exchange (the last message of the previous call, when
 *     this call is a read round's), so this call reads what the previous one wrote.
 *
 * Four breakpoints at most, Anthropic's (and Bedrock's) limit per request.
 * Anthropic marks with `cacheControl`; Bedrock with its cache points, only on the models whose
 * prompt caching it supports (it rejects a cache point on any other). Google Gemini 2.5 and
 * OpenAI-compatible servers cache repeated prefixes implicitly, with nothing to mark: the prompt
 * keeps the stable part first, byte-identical across the calls of a turn, for them too.
 */
import type { LanguageModelUsage, ModelMessage, SystemModelMessage } from "ai";
import type { CacheUsage, ModelTurn, ProviderName, StreamEnd } from "./model-call";
import { FILES_HEADING } from "./prompt";

export type { CacheUsage } from "./model-call";

/** The most cache breakpoints one request may carry (Anthropic and Bedrock alike). */
export const MAX_CACHE_BREAKPOINTS = 4;

type Mark = NonNullable<SystemModelMessage["providerOptions"]>;

const ANTHROPIC_MARK: Mark = { anthropic: { cacheControl: { type: "ephemeral" } } };
const BEDROCK_MARK: Mark = { bedrock: { cachePoint: { type: "default" } } };

/**
 * Bedrock models with prompt caching: Claude 3.5 Haiku, 3.7 Sonnet and every Claude 4 (by id or
 * inference profile, e.g. "us.anthropic.claude-sonnet-4-20250514-v1:0"), and Amazon Nova.
 */
const BEDROCK_CACHING = /anthropic\.claude-(3-5-haiku|3-7-sonnet|(opus|sonnet|haiku)-4)|amazon\.nova-(micro|lite|pro|premier)/;

/** How a provider and model are marked for the cache; null where the cache is implicit or absent. */
export function cacheMarkFor(provider: ProviderName, modelId: string): Mark | null {
  if (provider === "anthropic") return ANTHROPIC_MARK;
  if (provider === "bedrock" && BEDROCK_CACHING.test(modelId)) return BEDROCK_MARK;
  return null;
}

/** The messages marked: the last, and the one that ended the previous call (before the last exchange of answer and reply). */
export function cachedMessageIndexes(count: number): number[] {
  return count >= 3 ? [count - 3, count - 1] : count ? [count - 1] : [];
}

/**
 * The stable system part as the blocks marked for the cache: the rules (protocol, conventions, the owner's settings), which
 * every turn of the app repeats, then the file tree, which a turn's calls repeat but the app's next turn changes. Two marks, so
 * a new turn still reads the rules from the cache though its files differ (issue 24 §4).
 */
const FILE_TREE_START = new RegExp(`\n\n${FILES_HEADING.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(|\n)`);

export function stableBlocks(stable: string): string[] {
  const at = stable.search(FILE_TREE_START);
  return at > 0 ? [stable.slice(0, at), stable.slice(at + 2)] : [stable];
}

/** The system prompt and messages as the SDK takes them, marked for the provider's prompt cache. */
export function promptFor(route: { provider: ProviderName; modelId: string }, turn: ModelTurn): { system: string | SystemModelMessage[]; messages: ModelMessage[] } {
  const mark = cacheMarkFor(route.provider, route.modelId);
  if (!mark) return { system: turn.system, messages: turn.messages };
  const stable = turn.stableSystem;
  let system: string | SystemModelMessage[] = turn.system;
  if (stable && turn.system.startsWith(stable)) {
    const rest = turn.system.slice(stable.length).trim();
    system = [...stableBlocks(stable).map((content) => ({ role: "system" as const, content, providerOptions: mark })), ...(rest ? [{ role: "system" as const, content: rest }] : [])];
  }
  const marked = new Set(cachedMessageIndexes(turn.messages.length));
  return { system, messages: turn.messages.map((m, i) => (marked.has(i) ? { ...m, providerOptions: mark } : m)) };
}

/** The cache reads and writes of an AI SDK usage report, where there were any; its `inputTokens` stays the total, cached tokens included. */
export function cacheUsageOf(usage: LanguageModelUsage): CacheUsage {
  const read = usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens;
  const written = usage.inputTokenDetails?.cacheWriteTokens;
  return { ...(read ? { cacheReadTokens: read } : {}), ...(written ? { cacheWriteTokens: written } : {}) };
}

/** A turn's tokens over all its model calls: input counts every token sent (cached ones included), the cache's share beside it. */
export interface TurnUsage extends Required<CacheUsage> {
  inputTokens: number;
  outputTokens: number;
}

export const noUsage = (): TurnUsage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** Adds one model call's usage report to its turn's. */
export function addUsage(total: TurnUsage, used: StreamEnd): void {
  total.inputTokens += used.inputTokens ?? 0;
  total.outputTokens += used.outputTokens ?? 0;
  total.cacheReadTokens += used.cacheReadTokens ?? 0;
  total.cacheWriteTokens += used.cacheWriteTokens ?? 0;
}
