/**
 * What one call to a model is, in the words every side of it shares: the providers by name, the
 * turn sent, the stream that answers and its usage report. Types only, importing nothing, so the
 * registry (providers.ts), the cache marks (prompt-cache.ts) and the SDK glue (model-sdk.ts) all
 * build on it without importing one another.
 */

export type ProviderName = "anthropic" | "google" | "bedrock" | "openai-compatible";

export interface ModelTurn {
  system: string;
  /** the start of `system` that stays the same from turn to turn: cached where the provider offers it (prompt-cache.ts) */
  stableSystem?: string;
  messages: { role: "user" | "assistant"; content: string }[];
  signal: AbortSignal;
  maxOutputTokens?: number;
}

/** What the provider's cache did for one call, as its usage report tells it. */
export interface CacheUsage {
  /** input tokens read from the cache (a tenth of the price on Anthropic and Bedrock) */
  cacheReadTokens?: number;
  /** input tokens written to the cache (Anthropic's cache_creation_input_tokens, Bedrock's cacheWriteInputTokens) */
  cacheWriteTokens?: number;
}

export interface StreamEnd extends CacheUsage {
  /** every input token of the call, cached ones included */
  inputTokens?: number;
  outputTokens?: number;
  finishReason?: string;
}

export interface ModelStream {
  modelId: string;
  /** The answer's text as it arrives; throws a readable Error when the provider fails, the signal's reason when aborted. */
  textStream: AsyncIterable<string>;
  /**
   * Resolves once the stream has ended (with what the provider reported; empty when it failed or was stopped). Never rejects.
   * `finishReason` "length" means the answer was cut off at the model's output limit.
   */
  usage: Promise<StreamEnd>;
}

export type Provider =
  | { kind: "offline" }
  | { kind: "remote"; modelId: string; provider?: ProviderName; stream(turn: ModelTurn): ModelStream };
