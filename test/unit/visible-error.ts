import { expect } from "vitest";
import { VisibleError } from "../../functions/core/errors";

/** The VisibleError `fn` throws, so its kind, status and message can be asserted. */
export function rejection(fn: () => unknown): VisibleError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(VisibleError);
    return err as VisibleError;
  }
  throw new Error("accepted");
}
