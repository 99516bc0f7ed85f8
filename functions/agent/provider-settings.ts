/**
 * The admin portal's saved model providers laid over the environment (the rule is in providers.ts's
 * top comment: the environment wins per provider), what serves a turn now, and a test connection.
 */
import type { LanguageModel } from "ai";
import type { AiModel } from "../../schemas/app";
import type { ConnectionTest } from "../../schemas/providers";
import type { StoredProvider, StoredSettings } from "../core/providers/store";
import type { Provider, ProviderName } from "./model-call";
import { bedrockRegion, bestOf, configuredProviders, languageModel, maxRetriesOf, providerFor, remote, routeFor, setting } from "./providers";

type Env = Record<string, string | undefined>;

/** The variables each provider is configured by: a saved provider stands in for all of its own. */
const VARIABLES: Record<ProviderName, readonly string[]> = {
  anthropic: ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"],
  google: ["GOOGLE_GENERATIVE_AI_API_KEY", "GOOGLE_BASE_URL", "GOOGLE_MODEL"],
  bedrock: ["KILN_BEDROCK_MODEL", "KILN_BEDROCK_REGION", "AWS_BEARER_TOKEN_BEDROCK"],
  "openai-compatible": ["OPENAI_COMPATIBLE_BASE_URL", "OPENAI_COMPATIBLE_MODEL", "OPENAI_COMPATIBLE_API_KEY", "OPENAI_COMPATIBLE_NUM_CTX"],
};

/** A saved provider in the environment's words, one value per variable in VARIABLES (in that order). */
function variablesOf(p: StoredProvider): (string | number | null)[] {
  switch (p.kind) {
    case "anthropic":
    case "google":
      return [p.api_key, p.base_url, p.model];
    case "bedrock":
      return [p.model, p.region, p.api_key];
    case "openai-compatible":
      return [p.base_url, p.model, p.api_key, p.context_size];
  }
}

/**
 * The environment with the saved providers laid over it, by the rule in the top comment: a
 * provider the environment configures keeps its variables; any other saved provider sets all of
 * its own (unset where it has no value); the saved `default` applies unless KILN_DEFAULT_MODEL_PROVIDER is set.
 */
export function withStored(env: Env, stored: StoredSettings): Env {
  const fromEnvironment = configuredProviders(env);
  const out: Env = { ...env };
  for (const saved of Object.values(stored.providers)) {
    if (!saved || fromEnvironment.includes(saved.kind)) continue;
    const values = variablesOf(saved);
    VARIABLES[saved.kind].forEach((name, i) => (out[name] = values[i] == null ? undefined : String(values[i])));
  }
  if (!setting(env, "KILN_DEFAULT_MODEL_PROVIDER") && stored.default) out.KILN_DEFAULT_MODEL_PROVIDER = stored.default;
  return out;
}

/** What this server serves models with now: process.env over the admin portal's saved providers (read at most every 15 s). */
export async function servingEnv(env: Env = process.env): Promise<Env> {
  const { ModelProviderStore } = await import("../core/providers/store");
  return withStored(env, await ModelProviderStore.current());
}

/** The provider that serves this app model for a turn: providerFor over servingEnv(). */
export async function modelProviderFor(model: AiModel): Promise<Provider> {
  return providerFor(model, await servingEnv());
}

/** The values the environment configures a provider with (for the admin portal, which shows the key's last 4 characters only). */
export function environmentSettingsOf(kind: ProviderName, env: Env = process.env): Record<"api_key" | "base_url" | "model" | "region" | "context_size", string | undefined> {
  const [a, b, c, d] = VARIABLES[kind].map((name) => setting(env, name));
  switch (kind) {
    case "anthropic":
    case "google":
      return { api_key: a, base_url: b, model: c, region: undefined, context_size: undefined };
    case "bedrock":
      return { api_key: c, base_url: undefined, model: a, region: b ?? bedrockRegion(env), context_size: undefined };
    case "openai-compatible":
      return { api_key: c, base_url: a, model: b, region: undefined, context_size: d };
  }
}

/** The model id this provider serves `default` with under `env`, or null when `env` does not configure it. */
export function defaultModelOf(kind: ProviderName, env: Env): string | null {
  return configuredProviders(env).includes(kind) ? bestOf(kind, env).modelId : null;
}

/** Under the API function's own 20 s limit, so a silent endpoint answers a readable error, not a gateway timeout. */
const TEST_TIMEOUT_MS = 15_000;

/**
 * A test connection: one tiny streamed call to this provider's default model through the
 * turn's own path (remote().stream), with no retries. A failure answers the provider's readable
 * error with every secret of the configuration masked, so a key echoed back never leaves.
 */
export async function testConnection(kind: ProviderName, env: Env): Promise<ConnectionTest> {
  const modelId = defaultModelOf(kind, env);
  if (!modelId) return { ok: false, model: null, error: "This provider is not configured" };
  const secrets = ["ANTHROPIC_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "AWS_BEARER_TOKEN_BEDROCK", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "OPENAI_COMPATIBLE_API_KEY"]
    .map((name) => setting(env, name))
    .filter((v): v is string => Boolean(v));
  const mask = (text: string) => secrets.reduce((t, secret) => t.split(secret).join("••••"), text);
  const started = Date.now();
  try {
    const provider = remote({ provider: kind, modelId }, { ...env, KILN_MODEL_MAX_RETRIES: "0" });
    const stream = provider.stream({
      system: "You are checking that a connection works.",
      messages: [{ role: "user", content: "Reply with the single word OK." }],
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
      maxOutputTokens: 16,
    });
    for await (const chunk of stream.textStream) void chunk;
    return { ok: true, model: modelId, latency_ms: Date.now() - started };
  } catch (err) {
    const message = err instanceof Error ? (err.name === "TimeoutError" ? `No answer within ${TEST_TIMEOUT_MS / 1000} s` : err.message) : String(err);
    return { ok: false, model: modelId, error: mask(message).slice(0, 1000) };
  }
}

/**
 * The AI SDK model that serves this app model here, for one-shot calls outside a builder
 * turn (a generated app's InvokeLLM); null when only the offline engine is available.
 * `env` defaults to the environment with the admin portal's saved providers (servingEnv).
 */
export async function languageModelFor(
  model: AiModel,
  given?: Env,
): Promise<{ provider: ProviderName; modelId: string; model: LanguageModel; maxRetries: number } | null> {
  const env = given ?? (await servingEnv());
  const route = routeFor(model, env);
  return route ? { provider: route.provider, modelId: route.modelId, model: await languageModel(route, env), maxRetries: maxRetriesOf(env) } : null;
}
