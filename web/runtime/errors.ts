import type { AppError } from "../../schemas/preview";
import { CompileError } from "../../lib/runtime/compile";
import { ImportError } from "./resolve";

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/**
 * An error of the running app as the editor's "Issues Found" lists it and "Resolve
 * with AI" sends it (`app_error`, reference §9.1): a title, the file or component it
 * is in, details (a code frame for syntax errors), and the stack.
 */
export function appErrorOf(err: unknown, componentName: string | null = null): AppError {
  if (err instanceof CompileError) {
    return {
      title: `Syntax error in ${err.path}${err.line ? ` (line ${err.line})` : ""}: ${err.reason}`,
      details: clip([err.message, err.frame].filter(Boolean).join("\n\n"), 20_000),
      componentName: err.path,
      stack: null,
    };
  }
  if (err instanceof ImportError) {
    return {
      title: `Cannot import "${err.specifier}" in ${err.from}`,
      details: clip(`${err.message}${err.line ? `\n(${err.from}, line ${err.line})` : ""}`, 20_000),
      componentName: err.from,
      stack: null,
    };
  }
  if (err instanceof Error) {
    const status = (err as { status?: unknown }).status;
    return {
      title: clip(err.message || err.name, 2_000) ?? "Error",
      details: typeof status === "number" ? `The app's API answered ${status}.` : null,
      componentName,
      stack: clip(err.stack, 20_000),
    };
  }
  return { title: clip(String(err), 2_000) ?? "Error", details: null, componentName, stack: null };
}

/** The same error reported twice in a row (a re-render, a retried effect) is one issue. */
export const errorKey = (error: AppError) => `${error.title}\n${error.componentName ?? ""}`;

/** 402 (a plan's limit was reached) is the owner's business, not a bug to resolve: never reported to the editor (spec 03 §8). */
export function reportable(err: unknown): boolean {
  const failed = err as { status?: unknown; response?: { status?: unknown } } | null | undefined;
  return failed?.status !== 402 && failed?.response?.status !== 402;
}
