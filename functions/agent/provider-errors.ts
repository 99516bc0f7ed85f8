/**
 * What a model provider's failure means to a person, decided in one place: the
 * common HTTP statuses and error types of Anthropic, Google, Bedrock and
 * OpenAI-compatible endpoints, read as a short sentence and whether trying the
 * same message again may work. The technical text stays in the error's message
 * (shown under "Details").
 */
export type ProviderFailure = "overloaded" | "rate_limited" | "auth" | "context_too_long" | "network" | "cut" | "provider_error" | "refused";

export const FAILURE_TEXT: Record<ProviderFailure, { summary: string; retryable: boolean }> = {
  overloaded: { summary: "The model is overloaded, try again", retryable: true },
  rate_limited: { summary: "The model is getting too many requests right now. Wait a minute, then try again", retryable: true },
  auth: { summary: "The model provider refused the server's API key. Ask whoever runs this Kiln to check it", retryable: false },
  context_too_long: { summary: "This request and the app's files are more than the model can read at once. Ask for a smaller change, or name fewer files", retryable: false },
  network: { summary: "Kiln could not reach the model provider. Check the connection, then try again", retryable: true },
  /** the answer had begun (the provider said 200) and its connection broke off mid-stream */
  cut: { summary: "The connection to the model dropped in the middle of its answer, try again", retryable: true },
  provider_error: { summary: "The model provider had a problem answering, try again", retryable: true },
  refused: { summary: "The model provider refused this request", retryable: false },
};

const TOO_LONG = /prompt is too long|context (length|window)|maximum context|too many (input )?tokens|input is too long|exceeds the (maximum|model's)|request_too_large/i;

/** The kind of failure from what the provider said: an HTTP status (none when it was never reached), an error type, a message. */
export function classifyFailure(status: number | undefined, type: string | undefined, message: string): ProviderFailure {
  const text = `${type ?? ""} ${message}`;
  if (status === 529 || status === 503 || /overloaded/i.test(text)) return "overloaded";
  if (status === 429 || /rate_limit|rate limit|throttl|resource_exhausted|quota/i.test(text)) return "rate_limited";
  if (status === 401 || status === 403 || /authentication_error|permission_error|invalid x-api-key|api key not valid|unauthori[sz]ed/i.test(text)) return "auth";
  if (status === 413 || TOO_LONG.test(text)) return "context_too_long";
  if (status === undefined) return type ? "provider_error" : "network";
  return status >= 500 ? "provider_error" : "refused";
}

/** A provider failure: `message` is the technical account, `summary` what the chat shows. */
export class ProviderError extends Error {
  readonly summary: string;
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly failure: ProviderFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderError";
    this.summary = FAILURE_TEXT[failure].summary;
    this.retryable = FAILURE_TEXT[failure].retryable;
  }
}
