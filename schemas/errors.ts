import * as z from "zod";

/** Every error body Kiln answers with: `detail` (what the spec's screens show) and `message` (the same, for SDK clients). */
export const ErrorBody = z.object({
  detail: z.string(),
  message: z.string(),
  extra_data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
