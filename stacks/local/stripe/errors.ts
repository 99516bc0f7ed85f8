/** An error answered in Stripe's shape: `{ error: { type, message, param?, code? } }` with Stripe's status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { type?: string; param?: string; code?: string } = {},
  ) {
    super(message);
  }

  body() {
    const { type = "invalid_request_error", param, code } = this.extra;
    return { error: { type, message: this.message, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
  }
}

export function invalid(message: string, param?: string, code?: string): StripeError {
  return new StripeError(400, message, { param, code });
}

export function missing(object: string, id: string, param = "id"): StripeError {
  return new StripeError(404, `No such ${object}: '${id}'`, { param, code: "resource_missing" });
}
