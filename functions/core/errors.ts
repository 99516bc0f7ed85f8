/**
 * The one error type whose message is safe to show a user. Handlers map it to
 * HTTP once (functions/http/group.ts); anything else is a bug and answers a generic 500.
 */
export type ErrorKind = "input" | "unauthorized" | "payment_required" | "forbidden" | "not_found" | "conflict" | "too_large" | "invalid" | "rate_limited" | "upstream";

const statusOf: Record<ErrorKind, number> = {
  input: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  /** well-formed but breaks the app's own rules, e.g. a record against its entity schema (the SDK's 422) */
  invalid: 422,
  rate_limited: 429,
  /** a third party Kiln called on the caller's behalf (a model provider) failed */
  upstream: 502,
};

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "VisibleError";
  }

  get status() {
    return statusOf[this.kind];
  }
}

export const unauthorized = (message = "Authentication required") => new VisibleError("unauthorized", message);
export const forbidden = (message = "You do not have access to this resource") => new VisibleError("forbidden", message);
export const notFound = (message = "Not found") => new VisibleError("not_found", message);
