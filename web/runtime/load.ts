import type * as z from "zod";
import { ErrorBody } from "../../schemas/errors";

/** A refused runner read: its status, the server's detail, and the rest of its error body. */
export class LoadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> | undefined,
  ) {
    super(message);
  }

  get reason(): unknown {
    return this.extra?.reason;
  }
}

export async function getJson<S extends z.ZodType>(path: string, schema: S, token: string | null = null): Promise<z.infer<S>> {
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorBody.safeParse(body);
    throw new LoadError(response.status, error.success ? error.data.detail : `HTTP ${response.status}`, error.success ? error.data.extra_data : undefined);
  }
  return schema.parse(body);
}

/** What failed, from a LoadError or the SDK's Base44Error (`status`, `data.extra_data.reason`), for loadOutcome. */
export function failureOf(err: unknown): { status: number | null; reason: unknown; message: string } {
  if (err instanceof LoadError) return { status: err.status, reason: err.reason, message: err.message };
  const sdk = err as { status?: unknown; data?: { extra_data?: { reason?: unknown } } } | null;
  return {
    status: typeof sdk?.status === "number" ? sdk.status : null,
    reason: sdk?.data?.extra_data?.reason,
    message: err instanceof Error ? err.message : String(err),
  };
}
