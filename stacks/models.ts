/// <reference path="../.sst/platform/config.d.ts" />

/**
 * The model providers' settings (functions/agent/providers.ts reads them from the environment, as
 * it does on one machine): one secret per setting, all empty until set, e.g.
 *   npx sst secret set AnthropicApiKey sk-ant-… --stage <stage>
 * An empty setting is unset, so a stage with none runs the offline engine. Passed as environment
 * variables of the same names to the functions that call models (stacks/functions.ts `models`).
 * AWS_* settings are left out: in Lambda, Bedrock is reached with the function's own role (below).
 */
export const modelSettingNames = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_MODEL",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GOOGLE_BASE_URL",
  "GOOGLE_MODEL",
  "KILN_BEDROCK_MODEL",
  "KILN_BEDROCK_REGION",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OPENAI_COMPATIBLE_MODEL",
  "OPENAI_COMPATIBLE_API_KEY",
  "OPENAI_COMPATIBLE_NUM_CTX",
  "KILN_DEFAULT_MODEL_PROVIDER",
  "KILN_MODEL_MAX_RETRIES",
] as const;

/** "ANTHROPIC_API_KEY" -> "AnthropicApiKey": the secret's name for `sst secret set`. */
export const secretNameOf = (env: string) =>
  env
    .toLowerCase()
    .split("_")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

export const modelSettings = Object.fromEntries(modelSettingNames.map((env) => [env, new sst.Secret(secretNameOf(env), "")]));

/** Export to GitHub (functions/core/export/github.ts) reads GITHUB_TOKEN; empty, the export answers that GitHub is not configured. */
export const githubToken = new sst.Secret("GithubToken", "");

const accountId = aws.getCallerIdentityOutput().accountId;

/**
 * Bedrock through the function's role: the foundation models, and the cross-region inference
 * profiles Claude 4 is served through (a profile may route to the model in any of its regions).
 */
export const bedrockInvoke: { actions: string[]; resources: $util.Input<string>[] } = {
  actions: ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"],
  resources: ["arn:aws:bedrock:*::foundation-model/*", $interpolate`arn:aws:bedrock:*:${accountId}:inference-profile/*`, $interpolate`arn:aws:bedrock:*:${accountId}:application-inference-profile/*`],
};
