import { learnRatio, promptChars } from "./context";
import type { Provider } from "./model-call";
import { type TurnUsage, addUsage } from "./prompt-cache";
import { buildPrompt } from "./prompt";

export type PromptInput = Parameters<typeof buildPrompt>[0];

/** The offline engine's chunks, yielding to the event loop between them so Stop and flushes get their turn. */
export async function* offlineChunks(prompt: PromptInput): AsyncGenerator<string> {
  // loaded by the first offline turn only: a turn through a model never evaluates the engine
  const { runOfflineEngine } = await import("./offline");
  for (const chunk of runOfflineEngine({
    message: prompt.message,
    files: prompt.files,
    appName: prompt.appName,
    style: prompt.style,
    discussion: prompt.discussion,
    currentPage: prompt.currentPage,
    frozen: prompt.frozenFiles,
    backendFunctions: prompt.backendFunctions,
    secretNames: prompt.secretNames,
    earlier: prompt.history.filter((m) => m.role === "user").map((m) => m.content),
  })) {
    yield chunk;
    await new Promise((r) => setImmediate(r));
  }
}

/** A model call's chunks; its usage lands in `usage`, and the characters per token its report shows in `calibration`. */
export async function* remoteChunks(
  provider: Extract<Provider, { kind: "remote" }>,
  prompt: PromptInput,
  signal: AbortSignal,
  usage: TurnUsage,
  end: { finishReason?: string },
  calibration: { charsPerToken?: number },
): AsyncGenerator<string> {
  const built = buildPrompt(prompt);
  const stream = provider.stream({ ...built, signal });
  for await (const chunk of stream.textStream) yield chunk;
  const used = await stream.usage;
  calibration.charsPerToken = learnRatio(calibration.charsPerToken, promptChars(built), used.inputTokens);
  addUsage(usage, used);
  end.finishReason = used.finishReason;
}
