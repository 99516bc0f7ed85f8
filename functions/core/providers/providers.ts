import type { ConnectionTest, DefaultProviderBody, ModelProviders as ModelProvidersInfo, ProviderInfo, ProviderKind, SaveProviderBody } from "../../../schemas/providers";
import { ProviderKind as Kinds } from "../../../schemas/providers";
import { defaultModelOf, environmentSettingsOf, testConnection, withStored } from "../../agent/provider-settings";
import { configuredProviders, routeFor } from "../../agent/providers";
import { ModelProviderStore } from "./store";

type Env = Record<string, string | undefined>;

const LABELS: Record<ProviderKind, string> = {
  anthropic: "Anthropic",
  google: "Google Gemini",
  bedrock: "Amazon Bedrock",
  "openai-compatible": "OpenAI-compatible (Ollama, vLLM, LM Studio…)",
};

const last4 = (key: string | undefined | null) => (key ? key.slice(-4) : null);

/**
 * The admin portal's "Model providers" (issue 23): what serves models here and where each
 * setting comes from. Keys go in and never come out: an answer says whether one is set and
 * its last 4 characters. The environment wins over saved settings (functions/agent/providers.ts).
 */
export namespace ModelProviders {
  export async function list(env: Env = process.env): Promise<ModelProvidersInfo> {
    const stored = await ModelProviderStore.read();
    const serving = withStored(env, stored);
    const fromEnvironment = configuredProviders(env);
    const providers = Kinds.options.map((kind): ProviderInfo => {
      const base = { kind, label: LABELS[kind], serves_as: defaultModelOf(kind, serving) };
      if (fromEnvironment.includes(kind)) {
        const e = environmentSettingsOf(kind, env);
        const contextSize = Number(e.context_size);
        return {
          ...base,
          source: "environment",
          api_key: { set: Boolean(e.api_key), last4: last4(e.api_key) },
          base_url: e.base_url ?? null,
          model: e.model ?? null,
          region: e.region ?? null,
          context_size: Number.isInteger(contextSize) && contextSize > 0 ? contextSize : null,
          updated_date: null,
        };
      }
      const saved = stored.providers[kind];
      return {
        ...base,
        source: saved ? "stored" : "none",
        api_key: { set: Boolean(saved?.key_last4), last4: saved?.key_last4 ?? null },
        base_url: saved?.base_url ?? null,
        model: saved?.model ?? null,
        region: saved?.region ?? null,
        context_size: saved?.context_size ?? null,
        updated_date: saved?.updated_date ?? null,
      };
    });
    const route = routeFor("default", serving);
    return {
      providers,
      default: {
        provider: stored.default,
        from_environment: Boolean(env.KILN_DEFAULT_MODEL_PROVIDER?.trim()),
        serving: route ? { provider: route.provider, model: route.modelId } : null,
      },
    };
  }

  export const save = (kind: ProviderKind, body: SaveProviderBody) => ModelProviderStore.save(kind, body);
  export const remove = (kind: ProviderKind) => ModelProviderStore.remove(kind);
  export const setDefault = (provider: DefaultProviderBody["provider"]) => ModelProviderStore.setDefault(provider);

  /** A tiny real call to the provider as a turn would make it now (saved settings read fresh, not from the cache). */
  export async function test(kind: ProviderKind, env: Env = process.env): Promise<ConnectionTest> {
    return testConnection(kind, withStored(env, await ModelProviderStore.read()));
  }
}
