import { afterEach, describe, expect, it, vi } from "vitest";
import { type Provider, configuredProviders, providerFor } from "../../functions/agent/providers";
import { OPENAI_ENV } from "./provider-fixtures";

/** The provider registry: which configured provider (or the offline engine) serves each model. */

afterEach(() => vi.unstubAllEnvs());

describe("providerFor: which model serves an app", () => {
  const route = (p: Provider) => (p.kind === "offline" ? "offline" : `${p.provider}:${p.modelId}`);

  it("is the offline engine for every model when nothing is configured", () => {
    for (const model of ["default", "claude_sonnet_4", "claude_3_7", "gemini_2_5_pro"] as const) {
      expect(providerFor(model, {})).toEqual({ kind: "offline" });
    }
    expect(configuredProviders({ ANTHROPIC_API_KEY: "   ", OPENAI_COMPATIBLE_BASE_URL: "http://x/v1" })).toEqual([]);
  });

  it("maps each model to its provider, and a model whose provider is missing to default", () => {
    const env = { ANTHROPIC_API_KEY: "a" };
    expect(route(providerFor("default", env))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("claude_sonnet_4", env))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("claude_3_7", env))).toBe("anthropic:claude-3-7-sonnet-20250219");
    expect(route(providerFor("gemini_2_5_pro", env))).toBe("anthropic:claude-sonnet-4-20250514");

    const google = { GOOGLE_GENERATIVE_AI_API_KEY: "g" };
    expect(route(providerFor("default", google))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("claude_sonnet_4", google))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("gemini_2_5_pro", google))).toBe("google:gemini-2.5-pro");
  });

  it("serves default from the first configured provider unless KILN_DEFAULT_MODEL_PROVIDER picks another", () => {
    const both = { ANTHROPIC_API_KEY: "a", GOOGLE_GENERATIVE_AI_API_KEY: "g", OPENAI_COMPATIBLE_BASE_URL: "http://o/v1", OPENAI_COMPATIBLE_MODEL: "llama3.1" };
    expect(configuredProviders(both)).toEqual(["anthropic", "google", "openai-compatible"]);
    expect(route(providerFor("default", both))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "google" }))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "openai-compatible" }))).toBe("openai-compatible:llama3.1");
    // A choice that is not configured is ignored.
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "bedrock" }))).toBe("anthropic:claude-sonnet-4-20250514");
    // "offline" keeps the offline engine for default while specific models still reach their providers.
    const offline = { ...both, KILN_DEFAULT_MODEL_PROVIDER: "offline" };
    expect(providerFor("default", offline)).toEqual({ kind: "offline" });
    expect(route(providerFor("claude_3_7", offline))).toBe("anthropic:claude-3-7-sonnet-20250219");
    expect(route(providerFor("gemini_2_5_pro", offline))).toBe("google:gemini-2.5-pro");
  });

  it("uses Bedrock's Claude inference profiles when only Bedrock is configured", () => {
    const env = { KILN_BEDROCK_MODEL: "us.meta.llama3-3-70b-instruct-v1:0", AWS_REGION: "us-west-2" };
    expect(configuredProviders(env)).toEqual(["bedrock"]);
    expect(route(providerFor("default", env))).toBe("bedrock:us.meta.llama3-3-70b-instruct-v1:0");
    expect(route(providerFor("claude_sonnet_4", env))).toBe("bedrock:us.anthropic.claude-sonnet-4-20250514-v1:0");
    expect(route(providerFor("claude_3_7", { ...env, AWS_REGION: "eu-central-1" }))).toBe("bedrock:eu.anthropic.claude-3-7-sonnet-20250219-v1:0");
    expect(route(providerFor("gemini_2_5_pro", env))).toBe("bedrock:us.meta.llama3-3-70b-instruct-v1:0");
    // With an Anthropic key as well, Claude goes to Anthropic.
    expect(route(providerFor("claude_sonnet_4", { ...env, ANTHROPIC_API_KEY: "a" }))).toBe("anthropic:claude-sonnet-4-20250514");
  });

  it("needs both the base URL and the model for an OpenAI-compatible endpoint", () => {
    expect(configuredProviders({ OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1" })).toEqual([]);
    expect(route(providerFor("default", OPENAI_ENV))).toBe("openai-compatible:qwen2.5-coder:14b");
  });

  it("reads process.env when no env is given", () => {
    for (const name of ["ANTHROPIC_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "KILN_BEDROCK_MODEL", "OPENAI_COMPATIBLE_BASE_URL", "OPENAI_COMPATIBLE_MODEL", "KILN_DEFAULT_MODEL_PROVIDER"]) {
      vi.stubEnv(name, "");
    }
    expect(providerFor("default")).toEqual({ kind: "offline" });
    vi.stubEnv("GOOGLE_GENERATIVE_AI_API_KEY", "g");
    expect(configuredProviders()).toEqual(["google"]);
    expect(route(providerFor("claude_sonnet_4"))).toBe("google:gemini-2.5-pro");
  });
});
