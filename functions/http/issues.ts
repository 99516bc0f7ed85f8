import type * as z from "zod";

/** zod issues -> one readable sentence naming the field (a call group's 400s, the builder socket's error frames). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}
