/**
 * What a call to a real model takes from the AI SDK, in one module that providers.ts loads with
 * the first call routed to a model: `ai` brings most of a turn's code (zod whole, with its
 * locales), which the offline engine and a handler that never calls a model should not load.
 */
import { APICallError, RetryError } from "ai";
import { ProviderError, classifyFailure } from "./provider-errors";
import type { ProviderName } from "./model-call";

export { generateText, streamText } from "ai";

const LABEL: Record<ProviderName, string> = {
  anthropic: "Anthropic",
  google: "Google",
  bedrock: "Amazon Bedrock",
  "openai-compatible": "The OpenAI-compatible endpoint",
};

/**
 * A provider failure as a ProviderError: its message the technical account ("Anthropic
 * answered 401: invalid x-api-key"), its summary what a person reads (provider-errors.ts).
 */
export function readableError(provider: ProviderName, error: unknown): ProviderError {
  const label = LABEL[provider];
  let err = error;
  if (RetryError.isInstance(err)) err = err.lastError;
  if (APICallError.isInstance(err)) {
    if (err.statusCode && err.statusCode < 300) {
      // the provider had answered and was streaming: the connection broke off mid-answer ("Failed to process successful response")
      const cause = err.cause instanceof Error ? `${err.cause.message}${err.cause.cause instanceof Error ? `: ${err.cause.cause.message}` : ""}` : "";
      return new ProviderError(`${label}'s answer broke off mid-stream: ${err.message}${cause ? ` (${cause})` : ""}`, "cut", { cause: error });
    }
    if (err.statusCode) {
      const detail = err.message && err.message !== "undefined" ? err.message : (err.responseBody ?? "").slice(0, 300) || "no details";
      const failure = classifyFailure(err.statusCode, undefined, `${detail} ${err.responseBody ?? ""}`);
      return new ProviderError(`${label} answered ${err.statusCode}: ${detail}`, failure, { cause: error });
    }
    return new ProviderError(`${label} could not be reached: ${err.message}`, "network", { cause: error });
  }
  if (err instanceof Error) {
    const unreachable = /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|socket|network|terminated/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? "")}`);
    return new ProviderError(`${label} failed: ${err.message}`, unreachable ? "network" : classifyFailure(undefined, "error", err.message), { cause: error });
  }
  if (err && typeof err === "object") {
    // An error event inside the stream, e.g. Anthropic's { type: "overloaded_error", message: "Overloaded" }.
    const o = err as { type?: unknown; message?: unknown; error?: { type?: unknown; message?: unknown } };
    const inner = o.error && typeof o.error === "object" ? o.error : o;
    const message = typeof inner.message === "string" ? inner.message : JSON.stringify(err);
    const type = typeof inner.type === "string" ? inner.type : undefined;
    return new ProviderError(`${label} reported ${type ? `${type}: ` : "an error: "}${message}`, classifyFailure(undefined, type ?? "error", message), { cause: error });
  }
  return new ProviderError(`${label} failed: ${String(err)}`, "provider_error", { cause: error });
}
