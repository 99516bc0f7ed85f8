import type { FileTree } from "../../../schemas/app-files";
import type { Finding, GroupResult } from "../../../schemas/security";
import { lineAt } from "./code";

/**
 * `backend_functions`: a static read of each `functions/<name>` file. The service role
 * (`base44.asServiceRole`) passes every access rule; a function that uses it, or reads entities and
 * answers them, without first asking who calls (`auth.me()`, `auth.isAuthenticated()`) serves anyone
 * who knows its name. Entity reads without the service role run as the caller, under the app's rules.
 */
export namespace BackendFunctionChecks {
  const SERVICE_ROLE = /\basServiceRole\b/;
  const CALLER_CHECK = /\bauth\s*\.\s*(me|isAuthenticated)\s*\(/;
  const ENTITY_READ = /\bentities\s*\.\s*[A-Za-z_$][\w$]*\s*\.\s*(list|filter|get|read)\s*\(/;

  const idOf = (name: string, kind: string) => `fn-${name.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100)}-${kind}`;

  export function scan(files: FileTree): GroupResult {
    const findings: Finding[] = [];
    const names = Object.keys(files).filter((p) => p.startsWith("functions/")).sort();
    for (const file of names) {
      const source = files[file];
      const name = file.slice("functions/".length);
      const serviceRole = source.match(SERVICE_ROLE);
      const check = source.match(CALLER_CHECK);
      const read = source.match(ENTITY_READ);
      // a check that comes only after the first privileged use does not guard it
      const checkedFirst = (use: RegExpMatchArray | null) => !!check && (!use || check.index! < use.index!);
      if (serviceRole && !checkedFirst(serviceRole)) {
        findings.push({
          id: idOf(name, "service-role-unchecked"),
          group: "backend_functions",
          severity: "high",
          file,
          line: lineAt(source, serviceRole.index!),
          entity: null,
          problem: `${name} uses the service role (asServiceRole), which passes every access rule, without first checking who calls it: anyone who can call the function acts with full access.`,
          fix: `Start ${name} with \`const user = await base44.auth.me()\` and answer 401 when there is no user (403 when the user may not do this); then use asServiceRole only for what that user may do, or drop it so the app's rules apply.`,
        });
      } else if (serviceRole) {
        findings.push({
          id: idOf(name, "service-role"),
          group: "backend_functions",
          severity: "low",
          file,
          line: lineAt(source, serviceRole.index!),
          entity: null,
          problem: `${name} checks its caller but then uses the service role (asServiceRole), which passes every access rule.`,
          fix: `Make sure ${name} reads and changes only the records the signed-in user may see (filter by their email or id), or use base44.entities without asServiceRole so the app's rules apply.`,
        });
      } else if (read && !checkedFirst(read)) {
        findings.push({
          id: idOf(name, "unchecked-read"),
          group: "backend_functions",
          severity: "low",
          file,
          line: lineAt(source, read.index!),
          entity: null,
          problem: `${name} reads entity records and answers them without checking who calls it (the app's rules still apply to the caller).`,
          fix: `Check the caller first: \`const user = await base44.auth.me()\`, and answer 401 when there is none.`,
        });
      }
    }
    return { checked: true, reason: names.length ? `${names.length} backend function${names.length === 1 ? "" : "s"} read.` : "The app has no backend functions.", findings };
  }
}
