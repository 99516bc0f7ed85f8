/**
 * The model provider registry (DESIGN §4): which real model serves an app's
 * `AiModel`, built on the Vercel AI SDK provider packages (ai@6 and the matching
 * @ai-sdk/* majors, which run on Node 20).
 *
 * Configuration, by environment variable or in the admin portal's "Model providers" tab
 * (functions/core/providers/; nothing configured = the offline engine). The environment wins:
 * a provider the environment configures (its key, or Bedrock's model, or the OpenAI-compatible
 * URL and model) is served from the environment alone and its saved settings are ignored; a
 * provider it does not configure is served from the settings saved there. Likewise
 * KILN_DEFAULT_MODEL_PROVIDER, when set, wins over the `default` saved in the portal. Saved
 * settings are read at most every 15 s per process (SETTINGS_TTL_MS), so a change reaches
 * every turn within that.
 *
 *   ANTHROPIC_API_KEY              enables Anthropic (claude_sonnet_4, claude_3_7).
 *   ANTHROPIC_BASE_URL             optional; another endpoint speaking the Messages API
 *                                  (a proxy, a gateway, a test stand-in). Given with or
 *                                  without the trailing /v1, as Anthropic's own SDK takes it.
 *   ANTHROPIC_MODEL                optional; the model that serves `default` on Anthropic (claude-sonnet-4-20250514).
 *   GOOGLE_GENERATIVE_AI_API_KEY   enables Google Gemini (gemini_2_5_pro).
 *   GOOGLE_MODEL                   optional; the model that serves `default` on Google (gemini-2.5-pro).
 *   GOOGLE_BASE_URL                optional; defaults to https://generativelanguage.googleapis.com/v1beta
 *                                  (/v1beta is added when the URL names no API version).
 *   KILN_BEDROCK_MODEL             enables Amazon Bedrock; its value is the model (or inference
 *                                  profile) id that serves `default` on Bedrock, e.g.
 *                                  "us.anthropic.claude-sonnet-4-20250514-v1:0". Credentials come
 *                                  from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY(/AWS_SESSION_TOKEN)
 *                                  when set, else AWS_BEARER_TOKEN_BEDROCK (a Bedrock API key) when
 *                                  set, else the default AWS credential chain (profiles, SSO,
 *                                  container and instance roles); the region from KILN_BEDROCK_REGION,
 *                                  else AWS_REGION (or AWS_DEFAULT_REGION, else us-east-1).
 *   OPENAI_COMPATIBLE_BASE_URL     with OPENAI_COMPATIBLE_MODEL: any OpenAI-compatible chat
 *   OPENAI_COMPATIBLE_MODEL        completions endpoint, e.g. a local Ollama at
 *                                  http://localhost:11434/v1 with model "qwen2.5-coder:14b".
 *   OPENAI_COMPATIBLE_API_KEY      optional bearer key for that endpoint.
 *   OPENAI_COMPATIBLE_NUM_CTX      the context window in tokens, sent with every request as Ollama's
 *                                  `options.num_ctx` (Ollama's own default, 2,048, silently drops the
 *                                  start of the system prompt). Required when saved in the portal.
 *   KILN_DEFAULT_MODEL_PROVIDER    which configured provider serves `default`: anthropic, google,
 *                                  bedrock, openai-compatible, or offline (keep the offline engine
 *                                  for `default` even when keys are set). Unset, or naming a provider
 *                                  that is not configured: the first configured in the order
 *                                  anthropic, google, bedrock, openai-compatible.
 *   KILN_MODEL_MAX_RETRIES         optional; how often a failed request (429, 5xx, network) is
 *                                  retried before the turn fails. Default 2.
 *
 * Mapping:
 *   claude_sonnet_4 -> Anthropic "claude-sonnet-4-20250514"
 *                      (Bedrock's Claude Sonnet 4 inference profile when Anthropic is not configured but Bedrock is)
 *   claude_3_7      -> Anthropic "claude-3-7-sonnet-20250219" (likewise on Bedrock)
 *   gemini_2_5_pro  -> Google "gemini-2.5-pro"
 *   default         -> the default provider's model: ANTHROPIC_MODEL (else claude-sonnet-4-20250514),
 *                      GOOGLE_MODEL (else gemini-2.5-pro), KILN_BEDROCK_MODEL or OPENAI_COMPATIBLE_MODEL; the offline engine when
 *                      nothing is configured (or KILN_DEFAULT_MODEL_PROVIDER=offline).
 * A specific model whose provider is not configured falls back to `default`, so an app
 * whose owner picked Gemini still works on a server that only has an Anthropic key
 * (and on the offline engine when none is set).
 *
 * Nothing here loads the AI SDK: the first call routed to a model loads it (model-sdk.ts) and
 * that route's provider package, so the offline engine and a handler that never calls a model
 * stay small and start fast (each package is its own chunk in the bundle).
 */
import type { LanguageModel } from "ai";
import type { AiModel } from "../../schemas/app";
import type { ModelStream, ModelTurn, Provider, ProviderName, StreamEnd } from "./model-call";
import { cacheUsageOf, promptFor } from "./prompt-cache";
import { ProviderError } from "./provider-errors";

type Env = Record<string, string | undefined>;

export type { ModelStream, ModelTurn, Provider, ProviderName, StreamEnd } from "./model-call";

export const PROVIDER_ORDER: readonly ProviderName[] = ["anthropic", "google", "bedrock", "openai-compatible"];

const ANTHROPIC_MODELS = { claude_sonnet_4: "claude-sonnet-4-20250514", claude_3_7: "claude-3-7-sonnet-20250219" } as const;
const GEMINI_2_5_PRO = "gemini-2.5-pro";

export const setting = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

/** The providers this environment configures, in preference order (for diagnostics). */
export function configuredProviders(env: Env = process.env): ProviderName[] {
  const on: Record<ProviderName, boolean> = {
    anthropic: Boolean(setting(env, "ANTHROPIC_API_KEY")),
    google: Boolean(setting(env, "GOOGLE_GENERATIVE_AI_API_KEY")),
    bedrock: Boolean(setting(env, "KILN_BEDROCK_MODEL")),
    "openai-compatible": Boolean(setting(env, "OPENAI_COMPATIBLE_BASE_URL") && setting(env, "OPENAI_COMPATIBLE_MODEL")),
  };
  return PROVIDER_ORDER.filter((p) => on[p]);
}

/** Bedrock serves Claude 4 models through cross-region inference profiles: "us.", "eu." or "apac.". */
function bedrockClaudeId(anthropicId: string, env: Env): string {
  const region = bedrockRegion(env);
  const geo = region.startsWith("eu-") ? "eu" : region.startsWith("ap-") ? "apac" : "us";
  return `${geo}.anthropic.${anthropicId}-v1:0`;
}

export function bedrockRegion(env: Env): string {
  return setting(env, "KILN_BEDROCK_REGION") ?? setting(env, "AWS_REGION") ?? setting(env, "AWS_DEFAULT_REGION") ?? "us-east-1";
}

interface Route {
  provider: ProviderName;
  modelId: string;
}

/**
 * Output limits set explicitly where the SDK would otherwise pick a low one (it caps
 * models it does not know, such as Claude 3.7, at 4,096 tokens, which cuts a whole
 * app short). Others keep the provider's own default.
 */
function maxOutputFor(route: Route): number | undefined {
  return /claude-(3-7-sonnet|sonnet-4-)/.test(route.modelId) ? 64_000 : undefined;
}

export function bestOf(provider: ProviderName, env: Env): Route {
  switch (provider) {
    case "anthropic":
      return { provider, modelId: setting(env, "ANTHROPIC_MODEL") ?? ANTHROPIC_MODELS.claude_sonnet_4 };
    case "google":
      return { provider, modelId: setting(env, "GOOGLE_MODEL") ?? GEMINI_2_5_PRO };
    case "bedrock":
      return { provider, modelId: setting(env, "KILN_BEDROCK_MODEL")! };
    case "openai-compatible":
      return { provider, modelId: setting(env, "OPENAI_COMPATIBLE_MODEL")! };
  }
}

function defaultRoute(env: Env, configured: ProviderName[]): Route | null {
  const chosen = setting(env, "KILN_DEFAULT_MODEL_PROVIDER")?.toLowerCase();
  if (chosen === "offline") return null;
  const provider = configured.find((p) => p === chosen) ?? configured[0];
  return provider ? bestOf(provider, env) : null;
}

/** Which provider and model id serve this AiModel here, or null for the offline engine. */
export function routeFor(model: AiModel, env: Env = process.env): Route | null {
  const configured = configuredProviders(env);
  switch (model) {
    case "claude_sonnet_4":
    case "claude_3_7":
      if (configured.includes("anthropic")) return { provider: "anthropic", modelId: ANTHROPIC_MODELS[model] };
      if (configured.includes("bedrock")) return { provider: "bedrock", modelId: bedrockClaudeId(ANTHROPIC_MODELS[model], env) };
      break;
    case "gemini_2_5_pro":
      if (configured.includes("google")) return { provider: "google", modelId: GEMINI_2_5_PRO };
      break;
  }
  return defaultRoute(env, configured);
}

/** "https://api.anthropic.com" or ".../v1" -> ".../v1" (the AI SDK's baseURL includes the version). */
function anthropicBaseURL(env: Env): string {
  const url = (setting(env, "ANTHROPIC_BASE_URL") ?? "https://api.anthropic.com").replace(/\/+$/, "");
  return /\/v1$/.test(url) ? url : `${url}/v1`;
}

function googleBaseURL(env: Env): string {
  const url = (setting(env, "GOOGLE_BASE_URL") ?? "https://generativelanguage.googleapis.com").replace(/\/+$/, "");
  return /\/v1(alpha|beta)?\d*$/.test(url) ? url : `${url}/v1beta`;
}

/** The default AWS credential chain, loaded only when Bedrock is used without keys in the environment. */
async function awsCredentialChain(): Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> {
  // A CommonJS package: its named export sits on `default` when loaded from ESM.
  const mod = (await import("@aws-sdk/credential-provider-node")) as unknown as {
    defaultProvider?: () => () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
    default?: { defaultProvider: () => () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> };
  };
  const defaultProvider = mod.defaultProvider ?? mod.default!.defaultProvider;
  const { accessKeyId, secretAccessKey, sessionToken } = await defaultProvider()();
  return { accessKeyId, secretAccessKey, sessionToken };
}

/** The route's provider package is loaded here, by the first call routed to it: never one the server does not use. */
export async function languageModel(route: Route, env: Env): Promise<LanguageModel> {
  switch (route.provider) {
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey: setting(env, "ANTHROPIC_API_KEY"), baseURL: anthropicBaseURL(env) })(route.modelId);
    }
    case "google": {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return createGoogleGenerativeAI({ apiKey: setting(env, "GOOGLE_GENERATIVE_AI_API_KEY"), baseURL: googleBaseURL(env) })(route.modelId);
    }
    case "bedrock": {
      const { createAmazonBedrock } = await import("@ai-sdk/amazon-bedrock");
      const accessKeyId = setting(env, "AWS_ACCESS_KEY_ID");
      const secretAccessKey = setting(env, "AWS_SECRET_ACCESS_KEY");
      const apiKey = setting(env, "AWS_BEARER_TOKEN_BEDROCK");
      const region = bedrockRegion(env);
      const bedrock =
        accessKeyId && secretAccessKey
          ? createAmazonBedrock({ region, accessKeyId, secretAccessKey, sessionToken: setting(env, "AWS_SESSION_TOKEN") })
          : apiKey
            ? createAmazonBedrock({ region, apiKey })
            : createAmazonBedrock({ region, credentialProvider: awsCredentialChain });
      return bedrock(route.modelId);
    }
    case "openai-compatible": {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      const numCtx = contextSizeOf(env);
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: setting(env, "OPENAI_COMPATIBLE_BASE_URL")!.replace(/\/+$/, ""),
        apiKey: setting(env, "OPENAI_COMPATIBLE_API_KEY"),
        includeUsage: true,
        // Ollama reads the context window from `options.num_ctx`; without it a long system prompt is cut silently
        ...(numCtx ? { transformRequestBody: (body: Record<string, unknown>) => ({ ...body, options: { ...(body.options as object | undefined), num_ctx: numCtx } }) } : {}),
      })(route.modelId);
    }
  }
}

function contextSizeOf(env: Env): number | undefined {
  const size = Number(setting(env, "OPENAI_COMPATIBLE_NUM_CTX"));
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

const completers = new WeakMap<object, (turn: ModelTurn) => Promise<string>>();

export function maxRetriesOf(env: Env): number {
  const retries = Number(setting(env, "KILN_MODEL_MAX_RETRIES") ?? 2);
  return Number.isInteger(retries) && retries >= 0 ? retries : 2;
}

export function remote(route: Route, env: Env): Extract<Provider, { kind: "remote" }> {
  const maxRetries = maxRetriesOf(env);
  // the SDK and the route's provider package load with this provider's first call, then stay loaded
  let loading: Promise<[typeof import("./model-sdk"), LanguageModel]> | undefined;
  const load = () => (loading ??= Promise.all([import("./model-sdk"), languageModel(route, env)]));

  const stream = (turn: ModelTurn): ModelStream => {
    let settle!: (end: StreamEnd) => void;
    const usage = new Promise<StreamEnd>((resolve) => (settle = resolve));
    async function* text(): AsyncGenerator<string> {
      let sdk: typeof import("./model-sdk") | undefined;
      try {
        if (turn.signal.aborted) throw abortError(turn.signal);
        const [loaded, model] = await load();
        sdk = loaded;
        const result = sdk.streamText({
          model,
          ...promptFor(route, turn),
          abortSignal: turn.signal,
          maxOutputTokens: turn.maxOutputTokens ?? maxOutputFor(route),
          maxRetries,
          onError: () => undefined, // surfaced below as a thrown error, not logged by the SDK
        });
        for await (const part of result.fullStream) {
          switch (part.type) {
            case "text-delta":
              if (part.text) yield part.text;
              break;
            case "error":
              throw turn.signal.aborted ? abortError(turn.signal) : sdk.readableError(route.provider, part.error);
            case "abort":
              throw abortError(turn.signal);
            case "finish":
              settle({ inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens, finishReason: part.finishReason, ...cacheUsageOf(part.totalUsage) });
              break;
          }
        }
        if (turn.signal.aborted) throw abortError(turn.signal);
      } catch (err) {
        if (turn.signal.aborted) throw abortError(turn.signal);
        // the stream itself broke (not an error event in it): read like any provider failure, e.g. a connection dropped mid-answer
        throw sdk && !(err instanceof ProviderError) ? sdk.readableError(route.provider, err) : err;
      } finally {
        settle({});
      }
    }
    return { modelId: route.modelId, textStream: text(), usage };
  };

  const provider = { kind: "remote" as const, modelId: route.modelId, provider: route.provider, stream };
  completers.set(provider, async (turn) => {
    const [sdk, model] = await load();
    try {
      const result = await sdk.generateText({
        model,
        system: turn.system,
        messages: turn.messages,
        abortSignal: turn.signal,
        maxOutputTokens: turn.maxOutputTokens ?? 4096,
        maxRetries,
      });
      return result.text;
    } catch (err) {
      if (turn.signal.aborted) throw abortError(turn.signal);
      throw sdk.readableError(route.provider, err);
    }
  });
  return provider;
}

/** The provider that serves this app model here (see the mapping above). `env` defaults to process.env. */
export function providerFor(model: AiModel, env: Env = process.env): Provider {
  const route = routeFor(model, env);
  return route ? remote(route, env) : { kind: "offline" };
}

/** A whole answer at once (suggestions and other short asks). */
export async function completeText(provider: Provider, turn: ModelTurn): Promise<string> {
  if (provider.kind === "offline") throw new Error("No model provider is configured: the offline engine does not answer free-form requests.");
  const complete = completers.get(provider);
  if (complete) return complete(turn);
  // A provider made elsewhere (e.g. a test double): read its stream to the end.
  let text = "";
  for await (const chunk of provider.stream(turn).textStream) text += chunk;
  return text;
}
