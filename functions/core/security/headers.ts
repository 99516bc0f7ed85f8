import type { FileTree } from "../../../schemas/app-files";
import type { Finding, GroupResult } from "../../../schemas/security";
import { isClientFile, lineAt } from "./code";

/**
 * `header_recommendations`: Kiln sets every app origin's headers itself (stacks/security-headers.ts: a
 * CSP, nosniff, a referrer policy, frame-ancestors), and an app cannot change them. What the app's own
 * code can weaken is listed here: the CSP must allow eval (the runtime compiles the app in the page), so
 * HTML written from data is not stopped by it; and plain-HTTP addresses travel unencrypted (or are blocked
 * as mixed content on the app's HTTPS host).
 */
export namespace HeaderChecks {
  const RAW_HTML = /dangerouslySetInnerHTML|\.innerHTML\s*=|document\.write\s*\(/;
  const PLAIN_HTTP = /["'`]http:\/\/(?!localhost|127\.0\.0\.1|\[::1\])[^"'`\s]+/;

  export function scan(files: FileTree): GroupResult {
    const findings: Finding[] = [];
    for (const file of Object.keys(files).filter(isClientFile).sort()) {
      const source = files[file];
      const raw = source.match(RAW_HTML);
      if (raw) {
        findings.push({
          id: `hdr-${file.replace(/[^A-Za-z0-9._-]/g, "_")}-raw-html`,
          group: "header_recommendations",
          severity: "medium",
          file,
          line: lineAt(source, raw.index!),
          entity: null,
          problem: `${file} writes HTML into the page (${raw[0].replace(/\s*[=(]$/, "")}). The app's Content-Security-Policy has to allow eval for the runtime, so it does not stop a script in that HTML.`,
          fix: "Render the text as React children (React escapes it), or clean the HTML with DOMPurify before writing it.",
        });
      }
      const http = source.match(PLAIN_HTTP);
      if (http) {
        findings.push({
          id: `hdr-${file.replace(/[^A-Za-z0-9._-]/g, "_")}-plain-http`,
          group: "header_recommendations",
          severity: "low",
          file,
          line: lineAt(source, http.index!),
          entity: null,
          problem: `${file} uses a plain-HTTP address (${http[0].slice(1, 60)}): what goes there travels unencrypted, and browsers block it on the app's HTTPS address.`,
          fix: "Use the https:// address of the same resource.",
        });
      }
    }
    return {
      checked: true,
      reason: findings.length
        ? "Kiln sets the app's security headers itself; these are what the app's own code can weaken."
        : "Kiln sets the app's security headers itself (Content-Security-Policy, nosniff, referrer policy, frame-ancestors), and nothing in the app's code weakens them.",
      findings,
    };
  }
}
