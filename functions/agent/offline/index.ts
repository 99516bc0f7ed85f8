/** Kiln's offline engine (DESIGN §4): the `default` model when no provider is configured. */
export { type EngineInput, chunkText, planOffline, runOfflineEngine } from "./engine";
export { nameFromDescription } from "./build";
export { type Suggestion, suggestOffline } from "./suggest";
