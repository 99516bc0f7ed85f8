import * as z from "zod";

/**
 * A turn's verification (issue 24 §1): the app's preview opened in a real headless browser,
 * each page checked for errors and accessibility, one record made through the main entity's
 * form. Built by functions/core/verify/, carried on the assistant message's receipt.
 */

/** Where a finding came from: the browser's console, an uncaught error, a failed request, the runtime's error panel, axe-core. */
export const VerificationErrorKind = z.enum(["console", "pageerror", "request", "runtime", "a11y"]);
export type VerificationErrorKind = z.infer<typeof VerificationErrorKind>;

export const VerificationFinding = z.object({
  kind: VerificationErrorKind,
  message: z.string(),
  /** the app file it is in (`pages/Customers`), when the error names one */
  file: z.string().optional(),
  line: z.number().int().optional(),
  /** a11y: the axe-core rule (`button-name`) and the first element it found */
  rule: z.string().optional(),
  target: z.string().optional(),
});
export type VerificationFinding = z.infer<typeof VerificationFinding>;

export const PageCheck = z.object({
  /** the page's name (`Customers`) and the path it was opened at (`/Customers`) */
  name: z.string(),
  path: z.string(),
  status: z.enum(["passed", "failed"]),
  errors: z.array(VerificationFinding),
  duration_ms: z.number().int(),
});
export type PageCheck = z.infer<typeof PageCheck>;

/** One record created through the main entity's form, found through the API, then deleted so the app's data is as before. */
export const RecordCheck = z.object({
  entity: z.string(),
  /** skipped: no page of the app offers a form for the entity (not an error of the turn) */
  status: z.enum(["passed", "failed", "skipped"]),
  /** the page the form was reached from */
  page: z.string().nullable(),
  created: z.boolean(),
  removed: z.boolean(),
  error: z.string().nullable(),
  errors: z.array(VerificationFinding),
});
export type RecordCheck = z.infer<typeof RecordCheck>;

export const Verification = z.object({
  status: z.enum(["passed", "failed", "skipped"]),
  /** why it was skipped (no browser, no pages), or the first failure in one line */
  reason: z.string().nullable(),
  pages: z.array(PageCheck),
  record_check: RecordCheck.nullable(),
  duration_ms: z.number().int(),
});
export type Verification = z.infer<typeof Verification>;

/**
 * What a turn's receipt keeps of its verification (`receipt.verification`): the last check (each page's
 * errors cut to a few), its one line, what an earlier check found that the automatic fix resolved, and
 * what is still broken, each named. A turn whose check failed is not charged.
 */
export const TurnVerification = Verification.extend({
  summary: z.string(),
  fixed: z.array(z.string()),
  broken: z.array(z.string()),
});
export type TurnVerification = z.infer<typeof TurnVerification>;
