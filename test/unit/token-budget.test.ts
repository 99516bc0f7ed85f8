import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, LEARNED_RATIO, charsPerToken, countedChars, learnRatio, promptChars, ratioKey } from "../../functions/agent/context";
import { FILE_TREE_TOKENS, type PromptInput, buildPrompt, fileTreeSection } from "../../functions/agent/prompt";
import { type CacheUsage, noUsage } from "../../functions/agent/prompt-cache";
import type { ModelTurn, Provider } from "../../functions/agent/providers";
import { remoteChunks } from "../../functions/agent/turn-chunks";

/** The file tree's token budget counted with the provider's own count: learned from the usage a model call reports, clamped, used for the next turn. */

/** `n` characters of code-like text with no long run of one character, so countedChars(code(n)) === n. */
const code = (n: number) => "const value = items.map((x) => x.id);\n".repeat(Math.ceil(n / 38)).slice(0, n);

// 20k..40k characters: 180,000 in all, exactly FILE_TREE_TOKENS at 5 characters per token.
const sizes = [20_000, 24_000, 28_000, 32_000, 36_000, 40_000];
const files = Object.fromEntries(sizes.map((n) => [`pages/Size${n / 1000}k`, code(n)]));

const input = (over: Partial<PromptInput> = {}): PromptInput => ({
  appName: "Catalogue",
  files,
  customInstructions: "",
  frozenFiles: [],
  discussion: false,
  history: [],
  message: "make it nicer",
  provider: "anthropic",
  ...over,
});

const shownIn = (section: string) => [...section.matchAll(/<file path="([^"]+)">/g)].map((m) => m[1]);

/** A remote provider whose stream answers "Done." and reports `inputTokens` (and `cache`) as its usage; it keeps the prompts it was sent. */
function stubProvider(inputTokens: number | undefined, cache: CacheUsage = {}) {
  const sent: ModelTurn[] = [];
  const provider: Extract<Provider, { kind: "remote" }> = {
    kind: "remote",
    modelId: "claude-sonnet-4-20250514",
    provider: "anthropic",
    stream(turn) {
      sent.push(turn);
      async function* text() {
        yield "Done.";
      }
      return { modelId: this.modelId, textStream: text(), usage: Promise.resolve({ inputTokens, outputTokens: 3, finishReason: "stop", ...cache }) };
    },
  };
  return { provider, sent };
}

async function call(provider: Extract<Provider, { kind: "remote" }>, prompt: PromptInput, calibration: { charsPerToken?: number }) {
  const usage = noUsage();
  let text = "";
  for await (const chunk of remoteChunks(provider, prompt, new AbortController().signal, usage, {}, calibration)) text += chunk;
  return { text, usage };
}

describe("learning the ratio from the provider's reported usage", () => {
  it("records the prompt's characters over the input tokens the call reported, through the turn's model call", async () => {
    const prompt = input({ charsPerToken: 5 });
    const chars = promptChars(buildPrompt(prompt));
    expect(chars).toBeGreaterThan(180_000);
    const { provider, sent } = stubProvider(50_000);
    const calibration: { charsPerToken?: number } = {};
    const { text, usage } = await call(provider, prompt, calibration);
    expect(text).toBe("Done.");
    expect(usage).toEqual({ inputTokens: 50_000, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(promptChars(sent[0])).toBe(chars);
    expect(calibration.charsPerToken).toBeCloseTo(chars / 50_000, 10);
    expect(calibration.charsPerToken).toBeGreaterThan(3.6);
    expect(calibration.charsPerToken).toBeLessThan(4);
  });

  it("learns from every input token the call reported, those read from or written to the prompt cache included, and adds the cache's share to the turn's usage", async () => {
    const prompt = input({ charsPerToken: 5 });
    const chars = promptChars(buildPrompt(prompt));
    const calibration: { charsPerToken?: number } = {};
    const { usage } = await call(stubProvider(50_000, { cacheReadTokens: 45_000, cacheWriteTokens: 4_000 }).provider, prompt, calibration);
    expect(calibration.charsPerToken).toBeCloseTo(chars / 50_000, 10);
    expect(usage).toEqual({ inputTokens: 50_000, outputTokens: 3, cacheReadTokens: 45_000, cacheWriteTokens: 4_000 });
  });

  it("keeps the ratio it had when a call reports no input tokens", async () => {
    const calibration = { charsPerToken: 4.2 };
    await call(stubProvider(undefined).provider, input(), calibration);
    expect(calibration.charsPerToken).toBe(4.2);
    await call(stubProvider(0).provider, input(), calibration);
    expect(calibration.charsPerToken).toBe(4.2);
  });

  it("counts characters as the budget does: a long run of one character counts once per 8", () => {
    expect(countedChars("abc")).toBe(3);
    expect(countedChars(" ".repeat(800))).toBe(100);
    expect(promptChars({ system: "abcd", messages: [{ content: "ef" }, { content: "g".repeat(16) }] })).toBe(8);
  });

  it("keys the ratio by provider and model", () => {
    expect(ratioKey("anthropic", "claude-sonnet-4-20250514")).toBe("anthropic/claude-sonnet-4-20250514");
    expect(ratioKey(undefined, "x")).toBe("unknown/x");
  });
});

describe("clamping", () => {
  it("holds a learned ratio within LEARNED_RATIO, whatever one answer reports", () => {
    expect(LEARNED_RATIO).toEqual({ min: 2, max: 5 });
    expect(learnRatio(undefined, 100_000, 1_000)).toBe(5);
    expect(learnRatio(undefined, 100_000, 1_000_000)).toBe(2);
    expect(learnRatio(3.1, 100_000, 25_000)).toBe(4);
  });

  it("learns nothing from a prompt too small to tell or a report that is missing, zero or not a number", () => {
    expect(learnRatio(3.1, 1_999, 500)).toBe(3.1);
    expect(learnRatio(3.1, 10_000, 0)).toBe(3.1);
    expect(learnRatio(3.1, 10_000, Number.NaN)).toBe(3.1);
    expect(learnRatio(undefined, 10_000, undefined)).toBeUndefined();
  });

  it("chooses the learned ratio, clamped, else the provider family's", () => {
    expect(charsPerToken("anthropic", 4.1)).toBe(4.1);
    expect(charsPerToken("google", 99)).toBe(5);
    expect(charsPerToken("google", 0.5)).toBe(2);
    expect(charsPerToken("google")).toBe(CHARS_PER_TOKEN.google);
    expect(charsPerToken("bedrock", Number.NaN)).toBe(CHARS_PER_TOKEN.bedrock);
    expect(charsPerToken(undefined)).toBe(CHARS_PER_TOKEN.unknown);
  });
});

describe("the file tree's budget with a learned ratio", () => {
  it("admits every file whole when the learned ratio puts the tree exactly at the budget", () => {
    const section = fileTreeSection(input({ charsPerToken: charsPerToken("anthropic", 7) }));
    expect(180_000 / 5).toBe(FILE_TREE_TOKENS);
    expect(shownIn(section)).toEqual(Object.keys(files).sort());
    expect(section).toContain("(all 6, with their current contents)");
  });

  it("admits the smallest files while they fit at the learned ratio, and lists the rest by path", () => {
    // at 4.5 characters per token: 4,445 + 5,334 + 6,223 + 7,112 + 8,000 = 31,114 tokens fit; the 40k file (8,889 more) does not
    const section = fileTreeSection(input({ charsPerToken: 4.5 }));
    expect(shownIn(section).sort()).toEqual(["pages/Size20k", "pages/Size24k", "pages/Size28k", "pages/Size32k", "pages/Size36k"]);
    expect(section).toContain("- pages/Size40k (40,000 characters)");
  });

  it("falls back to the family's ratio when none is learned: fewer files fit", () => {
    // at Anthropic's 3.2: 6,250 + 7,500 + 8,750 + 10,000 = 32,500 tokens fit; the 36k file (11,250 more) does not
    const section = fileTreeSection(input());
    expect(shownIn(section).sort()).toEqual(["pages/Size20k", "pages/Size24k", "pages/Size28k", "pages/Size32k"]);
  });

  it("uses the ratio the last call reported for the next turn's budget", async () => {
    const first = input();
    const calibration: { charsPerToken?: number } = {};
    await call(stubProvider(Math.round(promptChars(buildPrompt(first)) / 4.5)).provider, first, calibration);
    expect(calibration.charsPerToken).toBeCloseTo(4.5, 3);
    const next = fileTreeSection(input({ charsPerToken: charsPerToken("anthropic", calibration.charsPerToken) }));
    expect(shownIn(next)).toHaveLength(5);
  });
});
