import * as z from "zod";

/**
 * The security scan of an app (issue 24 §3, Base44's shape): POST /api/apps/{id}/security-scan runs one,
 * GET reads the last. functions/core/security/ makes it; the Security view and the Publish dialog show it.
 */

export const Severity = z.enum(["critical", "high", "medium", "low"]);
export type Severity = z.infer<typeof Severity>;

/** The groups of a scan's `result`, in the order the Security view lists them. */
export const FINDING_GROUPS = ["rls_recommendations", "hardcoded_secrets", "backend_functions", "dependency_vulnerabilities", "header_recommendations"] as const;
export const FindingGroup = z.enum(FINDING_GROUPS);
export type FindingGroup = z.infer<typeof FindingGroup>;

/** A finding's id: stable across scans of the same problem (so ignoring it holds), safe in a path. */
export const FindingId = z.string().regex(/^[A-Za-z0-9._-]{1,160}$/, "not a finding id");

/** An entity's row-level rules as the Security view saves them (functions/core/entities/rls.ts). */
export const RlsRule = z.object({ read: z.unknown(), write: z.unknown() });
export type RlsRule = z.infer<typeof RlsRule>;

export const Finding = z.object({
  id: FindingId,
  group: FindingGroup,
  severity: Severity,
  /** the app file it is in (`pages/Home`, `functions/sendMail`), or null */
  file: z.string().nullable(),
  /** 1-based line in `file`, where one line is the place */
  line: z.number().int().nullable(),
  /** the entity it is about, or null */
  entity: z.string().nullable(),
  /** what is wrong, in words (a secret's value never appears: it is masked) */
  problem: z.string(),
  /** how to fix it */
  fix: z.string(),
  /** rls_recommendations: the exact `rls` to apply to `entities/<entity>` (Fix All writes it) */
  rls: RlsRule.optional(),
});
export type Finding = z.infer<typeof Finding>;

export const GroupResult = z.object({
  /** false when the group could not be checked (e.g. the npm registry could not be reached): never read as "nothing found" */
  checked: z.boolean(),
  /** why it was not checked, or what it covers */
  reason: z.string().nullable(),
  findings: z.array(Finding),
});
export type GroupResult = z.infer<typeof GroupResult>;

export const ScanResult = z.object(Object.fromEntries(FINDING_GROUPS.map((g) => [g, GroupResult])) as Record<FindingGroup, typeof GroupResult>);
export type ScanResult = z.infer<typeof ScanResult>;

/**
 * pending: never scanned; scanning: a scan is running; up_to_date: the last scan matches the app as it is
 * (its files, entity schemas, functions and visibility); out_of_date: the app changed since.
 */
export const ScanStatus = z.enum(["pending", "scanning", "up_to_date", "out_of_date"]);
export type ScanStatus = z.infer<typeof ScanStatus>;

/** What GET and POST /api/apps/{id}/security-scan answer. */
export const SecurityScan = z.object({
  app_id: z.string(),
  status: ScanStatus,
  /** when the last scan finished, or null */
  scanned_at: z.string().nullable(),
  /** how long the last scan took */
  duration_ms: z.number().nullable(),
  /** the last scan's findings that are not ignored, by group; null before any scan */
  result: ScanResult.nullable(),
  /** the last scan's findings the owner ignored: listed apart, they do not block publishing */
  ignored: z.array(Finding),
});
export type SecurityScan = z.infer<typeof SecurityScan>;

/** POST /api/apps/{id}/security-scan/fix-all. */
export const FixAllResult = z.object({
  /** the entities whose rules were written, with the rules */
  applied: z.array(z.object({ entity: z.string(), file: z.string(), rls: RlsRule })),
  /** the findings Fix All cannot apply itself, in words for the assistant (null when none remain) */
  prompt: z.string().nullable(),
  remaining: z.array(Finding),
  scan: SecurityScan,
  /** the free automated turn Fix All started with `prompt` (null when nothing was left for the assistant) */
  assistant_message_id: z.string().nullable(),
});
export type FixAllResult = z.infer<typeof FixAllResult>;

/** The path parameter of ignore and restore. */
export const FindingParam = FindingId;

/** What a refused publish carries in `extra_data`: the critical findings to acknowledge by id. */
export const PublishBlock = z.object({ blocking_findings: z.array(Finding) });
export type PublishBlock = z.infer<typeof PublishBlock>;
