import * as z from "zod";
import type { FileTree } from "../../../schemas/app-files";
import type { Finding, GroupResult, Severity } from "../../../schemas/security";
import { DEPENDENCIES } from "../export/project";
import { importSpecifiers, isClientFile, lineAt, packageOf } from "./code";

/**
 * `dependency_vulnerabilities`: the npm packages an app imports, at the versions it really gets, checked
 * against the npm registry's bulk advisory data (the source `npm audit` uses): POST
 * `<registry>/-/npm/v1/security/advisories/bulk` with `{name: [versions]}`, answered with the advisories
 * that affect those versions. Pages and components get the packages the runtime provides, at the versions
 * Kiln ships (the export's package.json, functions/core/export/project.ts); backend functions name theirs
 * (`npm:pkg@1.2.3`, `https://esm.sh/pkg@1.2.3`). The registry is `KILN_NPM_REGISTRY_URL` (default npm's);
 * when it cannot be reached the group says so (`checked: false`), never "no vulnerabilities".
 */
export namespace DependencyChecks {
  /** The runtime's bare modules not in the export's list: react-router ships in lockstep with react-router-dom; sonner is Kiln's own UI kit. */
  const RUNTIME_VERSIONS: Record<string, string | null> = { ...DEPENDENCIES, "react-router": DEPENDENCIES["react-router-dom"]!, sonner: null };
  /** How long the registry may take: the whole scan has 15 s at publish. */
  export const REGISTRY_TIMEOUT_MS = 5_000;

  export const registryUrl = () => (process.env.KILN_NPM_REGISTRY_URL?.trim() || "https://registry.npmjs.org").replace(/\/+$/, "");

  const Advisory = z.object({
    id: z.union([z.number(), z.string()]),
    url: z.string().optional(),
    title: z.string(),
    severity: z.enum(["critical", "high", "moderate", "low", "info"]),
    vulnerable_versions: z.string(),
  });
  const BulkAnswer = z.record(z.string(), z.array(Advisory));

  interface Use {
    name: string;
    version: string;
    file: string;
    line: number;
  }

  const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

  /** Every package the app imports, with the version it gets where that is known, and those whose version is not. */
  export function uses(files: FileTree): { known: Use[]; unpinned: string[] } {
    const known: Use[] = [];
    const unpinned = new Set<string>();
    for (const [file, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
      const client = isClientFile(file);
      if (!client && !file.startsWith("functions/")) continue;
      for (const { specifier, index } of importSpecifiers(source)) {
        if (client) {
          const name = packageOf(specifier);
          const version = name ? RUNTIME_VERSIONS[name] : undefined;
          if (name && version) known.push({ name, version, file, line: lineAt(source, index) });
          continue;
        }
        const pinned = specifier.match(/^(?:npm:|https:\/\/esm\.sh\/)((?:@[^/@]+\/)?[^/@]+)(?:@([^/?]+))?/);
        if (!pinned) continue;
        const [, name, version] = pinned;
        if (version && EXACT.test(version)) known.push({ name, version, file, line: lineAt(source, index) });
        else unpinned.add(`${name}${version ? `@${version}` : ""} (${file})`);
      }
    }
    return { known, unpinned: [...unpinned] };
  }

  const SEVERITY: Record<z.infer<typeof Advisory>["severity"], Severity> = { critical: "critical", high: "high", moderate: "medium", low: "low", info: "low" };

  export async function scan(files: FileTree): Promise<GroupResult> {
    const { known, unpinned } = uses(files);
    const notPinned = unpinned.length ? ` Not checked, no exact version: ${unpinned.join(", ")}.` : "";
    if (known.length === 0) return { checked: true, reason: `The app imports no npm packages with a known version.${notPinned}`, findings: [] };
    const request: Record<string, string[]> = {};
    for (const use of known) request[use.name] = [...new Set([...(request[use.name] ?? []), use.version])];

    let answer: z.infer<typeof BulkAnswer>;
    try {
      const res = await fetch(`${registryUrl()}/-/npm/v1/security/advisories/bulk`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
      });
      if (!res.ok) return { checked: false, reason: `Not checked: the npm registry answered ${res.status}.`, findings: [] };
      const parsed = BulkAnswer.safeParse(await res.json());
      if (!parsed.success) return { checked: false, reason: "Not checked: the npm registry's answer was not advisory data.", findings: [] };
      answer = parsed.data;
    } catch (err) {
      const why = (err as Error).name === "TimeoutError" ? `it did not answer within ${REGISTRY_TIMEOUT_MS / 1000} s` : "it could not be reached";
      return { checked: false, reason: `Not checked: the npm registry (${registryUrl()}) ${why}.`, findings: [] };
    }

    const findings: Finding[] = [];
    for (const [name, advisories] of Object.entries(answer).sort(([a], [b]) => a.localeCompare(b))) {
      const use = known.find((u) => u.name === name);
      if (!use) continue;
      const versions = request[name]!.join(", ");
      for (const advisory of advisories) {
        findings.push({
          id: `dep-${name.replace(/[^A-Za-z0-9._-]/g, "_")}-${String(advisory.id).replace(/[^A-Za-z0-9._-]/g, "_")}`.slice(0, 160),
          group: "dependency_vulnerabilities",
          severity: SEVERITY[advisory.severity],
          file: use.file,
          line: use.line,
          entity: null,
          problem: `${name}@${versions}: ${advisory.title} (affects ${advisory.vulnerable_versions}${advisory.url ? `; ${advisory.url}` : ""}).`,
          fix: isClientFile(use.file)
            ? `${name} is provided by Kiln's runtime: stop using the affected feature, or ask your Kiln's operator to update it.`
            : `Pin ${name} to a version outside ${advisory.vulnerable_versions} in the import of ${use.file}.`,
        });
      }
    }
    const checked = Object.entries(request).map(([name, versions]) => `${name}@${versions.join("|")}`);
    return { checked: true, reason: `Checked with the npm registry: ${checked.join(", ")}.${notPinned}`, findings };
  }
}
