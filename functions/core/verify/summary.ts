import type { Verification, VerificationFinding } from "../../../schemas/verification";

/**
 * A verification in words: the automatic fix's prompt (each failure named with its page,
 * file and message, nothing else) and the receipt's one line. Pure: the same result always
 * reads the same.
 */

const MAX_LINES = 25;
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

const KIND: Record<VerificationFinding["kind"], string> = {
  console: "console error",
  pageerror: "uncaught error",
  request: "failed request",
  runtime: "error shown",
  a11y: "accessibility",
};

/** `pages/Customers line 12: console error: …` */
export function describeFinding(f: VerificationFinding): string {
  const where = f.file ? `${f.file}${f.line ? ` line ${f.line}` : ""}: ` : "";
  const rule = f.kind === "a11y" && f.rule ? ` (${f.rule}${f.target ? ` at \`${f.target}\`` : ""})` : "";
  return `${where}${KIND[f.kind]}${rule}: ${clip(f.message)}`;
}

/** Every failure as one line each, pages first, then the record made through the form. */
export function failureLines(result: Verification): string[] {
  const lines: string[] = [];
  for (const page of result.pages) for (const f of page.errors) lines.push(`Page ${page.name} (${page.path}): ${describeFinding(f)}`);
  const record = result.record_check;
  if (record?.status === "failed") {
    const from = record.page ? ` from page ${record.page}` : "";
    lines.push(`Creating a ${record.entity} through its form${from}: ${clip(record.error ?? "failed")}`);
    for (const f of record.errors) lines.push(`  while creating it: ${describeFinding(f)}`);
  }
  return lines;
}

/** The first failure in one line (Verification.reason), or null when nothing failed. */
export function firstFailure(result: Verification): string | null {
  return failureLines(result)[0] ?? null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface VerificationSummary {
  /** the automatic fix's request to the assistant; null when there is nothing to fix */
  fix: string | null;
  /** one line for the message's receipt */
  receipt: string;
}

export function summarize(result: Verification): VerificationSummary {
  if (result.status === "skipped") return { fix: null, receipt: `Not verified: ${result.reason ?? "the check did not run"}` };
  const seconds = `${(result.duration_ms / 1000).toFixed(1)} s`;
  const record = result.record_check;
  if (result.status === "passed") {
    const made = record?.status === "passed" ? `, and a ${record.entity} was created through its form and removed` : "";
    return { fix: null, receipt: `Verified in a browser: ${plural(result.pages.length, "page")} rendered with no errors${made} (${seconds})` };
  }
  const lines = failureLines(result);
  const shown = lines.slice(0, MAX_LINES);
  const more = lines.length > shown.length ? [`…and ${lines.length - shown.length} more`] : [];
  const fix = [
    "The app was opened in a browser after your changes and these problems were found. Fix each one, changing only what is needed:",
    ...shown.map((l) => (l.startsWith("  ") ? `  - ${l.trimStart()}` : `- ${l}`)),
    ...more,
  ].join("\n");
  const failedPages = result.pages.filter((p) => p.status === "failed").map((p) => p.name);
  const parts = [
    ...(failedPages.length ? [`${plural(failedPages.reduce((n, name) => n + result.pages.find((p) => p.name === name)!.errors.length, 0), "problem")} on ${failedPages.join(", ")}`] : []),
    ...(record?.status === "failed" ? [`creating a ${record.entity} failed`] : []),
  ];
  return { fix, receipt: `Verification failed: ${parts.join("; ")} (${seconds})` };
}
