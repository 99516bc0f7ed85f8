import * as z from "zod";

/**
 * Model providers an admin configures in the admin portal (issue 23): one stored setting per
 * provider kind, the API key write-only (answers say only whether one is set and its last 4
 * characters). The kinds are the ones functions/agent/providers.ts serves.
 */
export const ProviderKind = z.enum(["anthropic", "google", "bedrock", "openai-compatible"]);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** Ollama's own default context (2,048 tokens) silently drops the start of Kiln's system prompt: a local model's size is set explicitly. */
export const CONTEXT_SIZE_MIN = 4096;
export const CONTEXT_SIZE_MAX = 1_048_576;

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "Must be an http:// or https:// URL");

/**
 * Saving one provider. `api_key` absent keeps the stored key, `null` removes it. Which fields a
 * kind needs (a model for Bedrock and OpenAI-compatible, a base URL and a context size for
 * OpenAI-compatible) is checked against the kind in the path.
 */
export const SaveProviderBody = z.strictObject({
  api_key: z.string().trim().min(1).max(4096).nullable().optional(),
  base_url: httpUrl.nullable().optional(),
  /** the model that serves `default` on this provider (Bedrock: a model or inference profile id; Ollama: e.g. "qwen2.5-coder:14b") */
  model: z.string().trim().min(1).max(200).nullable().optional(),
  /** Bedrock's AWS region */
  region: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, "Must be an AWS region such as us-east-1")
    .nullable()
    .optional(),
  /** OpenAI-compatible only, and required there: the context window sent to Ollama as options.num_ctx */
  context_size: z.number().int().min(CONTEXT_SIZE_MIN).max(CONTEXT_SIZE_MAX).nullable().optional(),
});
export type SaveProviderBody = z.infer<typeof SaveProviderBody>;

/** Which configured provider serves the `default` model: a kind, "offline" for the offline engine, or null for the first configured. */
export const DefaultProviderBody = z.strictObject({ provider: z.union([ProviderKind, z.literal("offline")]).nullable() });
export type DefaultProviderBody = z.infer<typeof DefaultProviderBody>;

/** Where a provider's settings come from: the server's environment wins over settings saved here (README "Configure"). */
export const ProviderSource = z.enum(["environment", "stored", "none"]);

export const ProviderInfo = z.object({
  kind: ProviderKind,
  label: z.string(),
  source: ProviderSource,
  api_key: z.object({ set: z.boolean(), last4: z.string().nullable() }),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  region: z.string().nullable(),
  context_size: z.number().nullable(),
  /** the model id that serves `default` when this provider does */
  serves_as: z.string().nullable(),
  updated_date: z.string().nullable(),
});
export type ProviderInfo = z.infer<typeof ProviderInfo>;

export const ModelProviders = z.object({
  providers: z.array(ProviderInfo),
  default: z.object({
    /** the saved choice (null: the first configured) */
    provider: z.union([ProviderKind, z.literal("offline")]).nullable(),
    /** set by KILN_DEFAULT_MODEL_PROVIDER, which wins over the saved choice */
    from_environment: z.boolean(),
    /** what serves `default` now: null is the offline engine */
    serving: z.object({ provider: ProviderKind, model: z.string() }).nullable(),
  }),
});
export type ModelProviders = z.infer<typeof ModelProviders>;

/** A test connection: a tiny real call through the turn's own path; the provider's readable error when it fails, never the key. */
export const ConnectionTest = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), model: z.string(), latency_ms: z.number() }),
  z.object({ ok: z.literal(false), model: z.string().nullable(), error: z.string() }),
]);
export type ConnectionTest = z.infer<typeof ConnectionTest>;
