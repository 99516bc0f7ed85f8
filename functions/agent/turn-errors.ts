import type { ChatMessage } from "../../schemas/chat";
import { VisibleError } from "../core/errors";
import { RAN_OUT_OF_TIME } from "./outcomes";
import { ProviderError } from "./provider-errors";

/** The turn passed its deadline (functions/core/chat/turns.ts) and aborted itself. */
export class DeadlinePassed extends Error {
  constructor(ms: number) {
    super(`The assistant's turn did not finish within its time limit (${Math.round(ms / 1000)} seconds) and was ended.`);
  }
}

/**
 * The model's answer broke off mid-stream (its connection dropped): what it had finished is applied, the
 * action it was inside is taken back out of the answer, and the turn may ask the model once to go on.
 */
export class StreamCut extends Error {
  constructor(
    readonly error: ProviderError,
    /** the action the answer was inside, in words ("the write of pages/Leads"), or null between actions */
    readonly inside: string | null,
  ) {
    super(error.message, { cause: error });
  }
}

/** The turn's app was deleted while it ran: the turn ends there, writing nothing more. */
export class AppGone extends Error {}

/** The error a failed turn shows: what a person should read, the technical account under Details, and whether Retry may help. */
export function errorOf(err: unknown): NonNullable<ChatMessage["error"]> {
  const details = err instanceof Error ? err.message : String(err);
  if (err instanceof ProviderError) return { title: err.summary, details, retryable: err.retryable };
  if (err instanceof DeadlinePassed) return { title: RAN_OUT_OF_TIME, details, retryable: true };
  return { title: "The assistant could not finish this change", details, retryable: true };
}

/** The store says the thing written to is not there (the app was deleted). */
export const isNotFound = (err: unknown) => err instanceof VisibleError && err.kind === "not_found";
