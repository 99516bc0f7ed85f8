import { createHash } from "node:crypto";
import type { FileTree } from "../../../schemas/app-files";
import type { Finding, GroupResult } from "../../../schemas/security";
import { isClientFile, lineAt } from "./code";

/**
 * `hardcoded_secrets`: keys and tokens written into an app's pages, components, layout or backend
 * functions. Known formats by their prefixes, and long random-looking strings assigned to names like
 * apiKey or secret. A live secret in client code (anyone who opens the app can read it) is critical.
 * A finding never carries the value: only its recognised prefix and its length.
 */
export namespace HardcodedSecrets {
  interface Pattern {
    kind: string;
    label: string;
    regex: RegExp;
    /** a live credential (a test-mode key is not) */
    live: boolean;
    /** how much of a match may be shown: the format's public prefix */
    prefix: (value: string) => string;
  }

  const fixed = (text: string) => () => text;
  const upTo = (pattern: RegExp) => (value: string) => value.match(pattern)?.[0] ?? "";

  const PATTERNS: Pattern[] = [
    { kind: "stripe-live", label: "A live Stripe secret key", regex: /\b[sr]k_live_[0-9A-Za-z]{16,}\b/g, live: true, prefix: upTo(/^[sr]k_live_/) },
    { kind: "stripe-test", label: "A Stripe test-mode secret key", regex: /\b[sr]k_test_[0-9A-Za-z]{16,}\b/g, live: false, prefix: upTo(/^[sr]k_test_/) },
    { kind: "aws-access-key", label: "An AWS access key id", regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, live: true, prefix: upTo(/^(AKIA|ASIA)/) },
    { kind: "github-token", label: "A GitHub token", regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g, live: true, prefix: upTo(/^(github_pat_|gh[pousr]_)/) },
    { kind: "slack-token", label: "A Slack token", regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, live: true, prefix: upTo(/^xox[abposr]-/) },
    { kind: "openai-key", label: "An OpenAI API key", regex: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}\b/g, live: true, prefix: upTo(/^sk-(proj-|svcacct-|admin-)?/) },
    // often meant for the browser (Maps, Firebase) and limited to the app's address: high in a page, not critical
    { kind: "google-api-key", label: "A Google API key", regex: /\bAIza[0-9A-Za-z_-]{35}\b/g, live: false, prefix: fixed("AIza") },
    {
      kind: "private-key",
      label: "A private key",
      regex: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/g,
      live: true,
      prefix: fixed("-----BEGIN PRIVATE KEY-----"),
    },
  ];

  /** `apiKey = "…"`, `secret: '…'`, `const STRIPE_TOKEN = \`…\``: a name that says credential, a long literal. */
  const ASSIGNMENT =
    /\b([\w$]*?(?:api_?key|apikey|secret|token|password|passwd|client_?secret|access_?key|private_?key|auth_?key)[\w$]*)\s*[:=]\s*(["'`])([^"'`\s]{16,200})\2/gi;

  /** Bits per character: a random key is high (~4+), words and identifiers are low. */
  function entropy(value: string): number {
    const counts = new Map<string, number>();
    for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    let bits = 0;
    for (const n of counts.values()) bits -= (n / value.length) * Math.log2(n / value.length);
    return bits;
  }

  /** A value that is a placeholder or a reference, not a credential. */
  const placeholder = /^(your|my|xxx|placeholder|example|changeme|insert|replace|todo|<|\{\{|\$\{|process\.env|Deno\.env|import\.meta)|(xxxx|\.\.\.|_here$)/i;

  /** A value that could be a key: not a placeholder, not a name (`STRIPE_SECRET_KEY`), varied characters with a digit or mixed case. */
  const randomLooking = (value: string) =>
    !placeholder.test(value) && !/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value) && (/\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value))) && entropy(value) >= 3.5;

  const idOf = (kind: string, file: string, value: string) => `secret-${kind}-${createHash("sha256").update(`${file}\0${value}`).digest("hex").slice(0, 12)}`;

  /** What a finding shows of a secret: its format's public prefix and its length. */
  export const mask = (shown: string, value: string) => `${shown}…, ${value.length} characters`;

  function finding(file: string, source: string, index: number, value: string, label: string, kind: string, live: boolean, shown: string): Finding {
    const client = isClientFile(file);
    const severity = live && client ? "critical" : live || client ? "high" : "medium";
    const where = client ? "in client code: anyone who opens the app can read it" : "in a backend function's code: anyone who can read the code (collaborators, exports, the chat) has it";
    return {
      id: idOf(kind, file, value),
      group: "hardcoded_secrets",
      severity,
      file,
      line: lineAt(source, index),
      entity: null,
      problem: `${label} (${mask(shown, value)}) is written ${where}.`,
      fix: client
        ? "Revoke this key now and make a new one. Keep the new key in the app's Secrets and use it only from a backend function that the page calls; never put it in a page or component."
        : "Revoke this key and make a new one; save it in the app's Secrets and read it with Deno.env.get(\"NAME\") in the function instead of writing it in the code.",
    };
  }

  export function scan(files: FileTree): GroupResult {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const [file, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isClientFile(file) && !file.startsWith("functions/")) continue;
      const known = new Set<string>();
      for (const pattern of PATTERNS) {
        for (const match of source.matchAll(pattern.regex)) {
          const value = match[0];
          known.add(value);
          const found = finding(file, source, match.index, value, pattern.label, pattern.kind, pattern.live, pattern.prefix(value));
          if (!seen.has(found.id)) findings.push(found);
          seen.add(found.id);
        }
      }
      for (const match of source.matchAll(ASSIGNMENT)) {
        const value = match[3];
        if ([...known].some((k) => value.includes(k) || k.includes(value)) || !randomLooking(value)) continue;
        const found = finding(file, source, match.index, value, `A hard-coded credential in \`${match[1]}\``, "credential", false, "");
        if (!seen.has(found.id)) findings.push(found);
        seen.add(found.id);
      }
    }
    return { checked: true, reason: "Pages, components, the layout and backend functions were read for keys, tokens and private keys.", findings };
  }
}
