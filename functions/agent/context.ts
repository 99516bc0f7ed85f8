/**
 * What a model can reach beyond its prompt (issue 15): the files that did not fit are
 * listed by path, and the model asks for them with <kiln-list>, <kiln-read> and
 * <kiln-search> (protocol.ts). The turn ends that model call, answers every request
 * here (bounded), and calls the model again in the same turn, free of charge and at
 * most READ_ROUNDS times; each next call repeats the one before byte for byte, so the provider's
 * prompt cache serves that part (prompt-cache.ts). Budgets are in tokens: counted with the ratio of characters to
 * tokens the provider itself reported for the app's last call to that model (learnRatio),
 * else estimated per provider family.
 */
import type { FileTree } from "../../schemas/app-files";
import type { FileRequest } from "../../lib/agent/protocol";
import type { ProviderName } from "./model-call";

/** How many times one turn may answer file requests and call the model again. */
export const READ_ROUNDS = 4;
/** The most tokens one round's answers may carry, so a request for everything cannot flood the context. */
export const ANSWER_TOKEN_BUDGET = 30_000;
/** The most matching lines one search answers with. */
export const SEARCH_HITS = 40;

/**
 * Characters per token of source code, per provider family. The providers' own guidance
 * is about 4 characters per token of English prose; code (JSX, JSON, identifiers and
 * punctuation) splits finer, so these ratios sit below it and err toward counting more
 * tokens. Claude (Anthropic or Bedrock) splits code finest; unknown endpoints get the most cautious ratio.
 */
export const CHARS_PER_TOKEN: Record<ProviderName | "unknown", number> = {
  anthropic: 3.2,
  bedrock: 3.2, // Claude through Bedrock: the same tokenizer
  google: 3.6,
  "openai-compatible": 3.5,
  unknown: 3,
};

/** A learned ratio stays within these bounds, so one odd usage report (a proxy's guess, a count missing its cached part) cannot blow the budget. */
export const LEARNED_RATIO = { min: 2, max: 5 } as const;
/** Below this many characters a prompt says little about the tokenizer: the request's fixed overhead dominates. */
export const MIN_CALIBRATION_CHARS = 2_000;

/** The characters of `text` a token budget counts: long runs of one character (indentation, rules) compress, so they count once per 8. */
export function countedChars(text: string): number {
  return text.replace(/(.)\1{8,}/g, (run) => run.slice(0, Math.ceil(run.length / 8))).length;
}

/** The characters of a whole prompt as sent (system and messages), as countedChars counts them. */
export function promptChars(prompt: { system: string; messages: { content: string }[] }): number {
  return prompt.messages.reduce((n, m) => n + countedChars(m.content), countedChars(prompt.system));
}

const clampRatio = (ratio: number) => Math.min(LEARNED_RATIO.max, Math.max(LEARNED_RATIO.min, ratio));

/**
 * The characters per token a model call shows: its prompt's counted characters over the input
 * tokens the provider reported for it, clamped to LEARNED_RATIO; `prev` when there is no usable
 * report (none, zero) or the prompt was too small to tell.
 */
export function learnRatio(prev: number | undefined, chars: number, reportedTokens: number | undefined): number | undefined {
  if (!reportedTokens || !Number.isFinite(reportedTokens) || reportedTokens <= 0 || chars < MIN_CALIBRATION_CHARS) return prev;
  return clampRatio(chars / reportedTokens);
}

/** The characters per token a budget uses: the ratio learned from the app's last call to this model (clamped), else the provider family's. */
export function charsPerToken(provider?: ProviderName, learned?: number): number {
  return learned && Number.isFinite(learned) ? clampRatio(learned) : CHARS_PER_TOKEN[provider ?? "unknown"];
}

/** Where an app keeps the ratio learned for one provider model (AppMeta.token_ratios). */
export function ratioKey(provider: ProviderName | undefined, modelId: string): string {
  return `${provider ?? "unknown"}/${modelId}`;
}

/** A provider's own token count for `text`, estimated with a ratio (charsPerToken) or its family's. */
export function estimateTokens(text: string, per?: ProviderName | number): number {
  const ratio = typeof per === "number" ? per : CHARS_PER_TOKEN[per ?? "unknown"];
  return Math.ceil(countedChars(text) / ratio);
}

function fileBlock(path: string, content: string): string {
  return `<file path="${path}">\n${content}\n</file>`;
}

function answerOne(files: FileTree, request: FileRequest): string {
  const paths = Object.keys(files).sort();
  switch (request.type) {
    case "read":
      return request.path in files
        ? fileBlock(request.path, files[request.path])
        : `There is no file ${request.path}. The app's files: ${paths.join(", ")}`;
    case "list": {
      const under = request.under ? `${request.under}/` : "";
      const listed = paths.filter((p) => p.startsWith(under));
      const head = `Files${under ? ` under ${request.under}` : ""} (${listed.length}):`;
      return [head, ...listed.map((p) => `- ${p} (${files[p].length.toLocaleString("en-US")} characters)`)].join("\n");
    }
    case "search": {
      const needle = request.query.toLowerCase();
      const hits: string[] = [];
      for (const path of paths) {
        const lines = files[path].split("\n");
        for (let i = 0; i < lines.length && hits.length <= SEARCH_HITS; i++) {
          if (lines[i].toLowerCase().includes(needle)) hits.push(`${path}:${i + 1}: ${lines[i].trim().slice(0, 200)}`);
        }
      }
      if (!hits.length) return `No file contains "${request.query}".`;
      const more = hits.length > SEARCH_HITS ? `\n(more matches left out: search for something narrower)` : "";
      return `Lines containing "${request.query}":\n${hits.slice(0, SEARCH_HITS).join("\n")}${more}`;
    }
  }
}

/** Kiln's answer to one model call's file requests, as the next user message: each answered in order while the token budget lasts. */
export function answerRequests(files: FileTree, requests: FileRequest[], per?: ProviderName | number, budget = ANSWER_TOKEN_BUDGET): string {
  const parts: string[] = [];
  let used = 0;
  const skipped: string[] = [];
  for (const request of requests) {
    const answer = answerOne(files, request);
    const cost = estimateTokens(answer, per);
    if (cost > budget && request.type === "read") {
      parts.push(`${request.path} is too large to send whole (about ${cost.toLocaleString("en-US")} tokens): find the lines you need with <kiln-search query="…" />.`);
      continue;
    }
    if (used + cost > budget) {
      skipped.push(request.type === "read" ? request.path : request.type === "search" ? `search "${request.query}"` : "list");
      continue;
    }
    used += cost;
    parts.push(answer);
  }
  if (skipped.length) parts.push(`Not answered, to keep within the context (ask again, fewer at a time): ${skipped.join(", ")}`);
  return `Here is what you asked for. Continue the task with actions against these files.\n\n${parts.join("\n\n")}`;
}
