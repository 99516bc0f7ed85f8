import { describe, expect, it } from "vitest";
import { BUILTINS } from "../../web/runtime/resolve";
import { packageOf } from "../../functions/core/security/code";
import { DependencyChecks } from "../../functions/core/security/dependencies";
import { EntityRuleChecks } from "../../functions/core/security/entity-rules";
import { BackendFunctionChecks } from "../../functions/core/security/functions";
import { HeaderChecks } from "../../functions/core/security/headers";
import { HardcodedSecrets } from "../../functions/core/security/secrets";
import { SecurityFix } from "../../functions/core/security/fix";

/** The security scan's static groups (functions/core/security/), over file trees written here. */

const page = (line: string) => `import React from "react";\n\n${line}\n\nexport default function P() { return null; }\n`;
const secretsIn = (files: Record<string, string>) => HardcodedSecrets.scan(files).findings;

describe("hardcoded_secrets", () => {
  const samples: [string, string, string][] = [
    ["stripe-live", `sk_live_${"a1B2c3D4e5F6g7H8i9J0k1L2"}`, "sk_live_"],
    ["stripe-live", `rk_live_${"a1B2c3D4e5F6g7H8i9J0k1L2"}`, "rk_live_"],
    ["aws-access-key", "AKIAIOSFODNN7EXAMPLQ", "AKIA"],
    ["github-token", `ghp_${"a".repeat(18)}${"B".repeat(18)}`, "ghp_"],
    ["github-token", `github_pat_${"11ABCDEFG0abcdefghijkl_mnopqrstuvwxyz0123456789"}`, "github_pat_"],
    ["slack-token", "xoxb-1234567890-abcdefghijkl", "xoxb-"],
    ["openai-key", `sk-proj-${"Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f"}`, "sk-proj-"],
    ["google-api-key", `AIza${"SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"}`, "AIza"],
  ];

  it.each(samples)("finds a %s key in a page as critical, with its line, and never its value", (kind, value, prefix) => {
    const [found, ...rest] = secretsIn({ "pages/Home": page(`const KEY = "${value}";`) });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ severity: kind === "google-api-key" ? "high" : "critical", file: "pages/Home", line: 3 });
    expect(found!.id).toMatch(new RegExp(`^secret-${kind}-[0-9a-f]{12}$`));
    expect(found!.problem).toContain(`(${prefix}…, ${value.length} characters)`);
    expect(JSON.stringify(found)).not.toContain(value.slice(prefix.length, prefix.length + 8));
  });

  it("a test-mode key in a page is high, a live key in a backend function is high, a private key block is found", () => {
    const test = secretsIn({ "components/Pay": page(`const k = "sk_test_${"x1Y2z3".repeat(4)}";`) });
    const server = secretsIn({ "functions/pay": `const k = "sk_live_${"x1Y2z3".repeat(4)}";\n` });
    const pem = secretsIn({ "layout/main": page("const key = `-----BEGIN RSA PRIVATE KEY-----\\nMIIE...`;") });
    expect([test[0]!.severity, server[0]!.severity, pem[0]!.severity]).toEqual(["high", "high", "critical"]);
    expect(server[0]!.fix).toContain("Deno.env.get");
  });

  it("the same key in the same file keeps its id wherever it moves; another file is another finding", () => {
    const key = `sk_live_${"q".repeat(10)}${"W1".repeat(5)}`;
    const a = secretsIn({ "pages/A": page(`const k = "${key}";`) })[0]!;
    const moved = secretsIn({ "pages/A": `\n\n\n${page(`const k = "${key}";`)}` })[0]!;
    const b = secretsIn({ "pages/B": page(`const k = "${key}";`) })[0]!;
    expect(moved.id).toBe(a.id);
    expect(moved.line).toBe(6);
    expect(b.id).not.toBe(a.id);
  });

  it("a random-looking literal assigned to a credential's name is found; placeholders, words and env reads are not", () => {
    const found = secretsIn({ "pages/A": page(`const apiKey = "Zq8xT2mK9vB4nR7wY3pL6hJ1";`) });
    expect(found).toEqual([expect.objectContaining({ severity: "high", line: 3 })]);
    expect(found[0]!.id).toMatch(/^secret-credential-/);
    for (const line of [`const apiKey = "your-api-key-goes-here-please";`, `const token = "aaaaaaaaaaaaaaaaaaaaaaaa";`, `const secretName = "STRIPE_SECRET_KEY_VALUE";`, `const apiKey = "process.env.SOME_API_KEY";`]) {
      expect(secretsIn({ "pages/A": page(line) }), line).toEqual([]);
    }
  });

  it("entities and other files are not read for keys", () => {
    expect(secretsIn({ "entities/Note": JSON.stringify({ name: "Note", description: `sk_live_${"a1".repeat(10)}` }) })).toEqual([]);
  });
});

describe("rls_recommendations", () => {
  const entity = (name: string, properties: Record<string, unknown>, rls?: unknown) => ({ [`entities/${name}`]: JSON.stringify({ name, type: "object", properties, ...(rls === undefined ? {} : { rls }) }) });
  const C = EntityRuleChecks.CREATOR_OR_ADMIN;

  it("a public app's entity with personal data and no rules is critical, with rules for reading and writing", () => {
    const [found] = EntityRuleChecks.scan(entity("Lead", { name: { type: "string" }, phoneNumber: { type: "string" } }), "public_without_login").findings;
    expect(found).toMatchObject({ id: "rls-Lead-personal-data-no-rules", severity: "critical", entity: "Lead", file: "entities/Lead", rls: { read: C, write: C } });
    expect(found!.problem).toContain("`phoneNumber`");
  });

  it("severity follows visibility; without personal data only writing is restricted, reading is kept", () => {
    const plain = entity("Task", { title: { type: "string" } });
    const of = (v: "public_without_login" | "public_with_login" | "private_with_login") => EntityRuleChecks.scan(plain, v).findings[0]!;
    expect([of("public_without_login").severity, of("public_with_login").severity, of("private_with_login").severity]).toEqual(["high", "medium", "low"]);
    expect(of("private_with_login").rls).toEqual({ read: true, write: C });
    const contact = entity("Contact", { contact_email: { type: "string" } });
    expect(EntityRuleChecks.scan(contact, "public_with_login").findings[0]).toMatchObject({ severity: "high", id: "rls-Contact-personal-data-no-rules" });
    expect(EntityRuleChecks.scan(contact, "private_with_login").findings[0]).toMatchObject({ severity: "low", id: "rls-Contact-writable-by-anyone" });
  });

  it("an entity with rules for reading and writing is fine; a read-only rule set still leaves writing open; User is Kiln's own", () => {
    const props = { email: { type: "string", format: "email" } };
    expect(EntityRuleChecks.scan(entity("Lead", props, { read: C, write: C }), "public_without_login").findings).toEqual([]);
    const readOnly = EntityRuleChecks.scan(entity("Lead", props, { read: C }), "public_without_login").findings[0]!;
    expect(readOnly).toMatchObject({ id: "rls-Lead-writable-by-anyone", severity: "high", rls: { read: C, write: C } });
    expect(EntityRuleChecks.scan(entity("User", props), "public_without_login").findings).toEqual([]);
  });
});

describe("backend_functions", () => {
  const fn = (body: string) => ({ "functions/report": `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";\nDeno.serve(async (req) => {\n  const base44 = createClientFromRequest(req);\n${body}\n});\n` });
  const ids = (files: Record<string, string>) => BackendFunctionChecks.scan(files).findings.map((f) => `${f.id}:${f.severity}`);

  it("the service role without a caller check first is high; after a check it is low; a check after the use does not count", () => {
    expect(ids(fn("  return Response.json(await base44.asServiceRole.entities.Order.list());"))).toEqual(["fn-report-service-role-unchecked:high"]);
    expect(ids(fn("  const user = await base44.auth.me();\n  return Response.json(await base44.asServiceRole.entities.Order.list());"))).toEqual(["fn-report-service-role:low"]);
    expect(ids(fn("  const all = await base44.asServiceRole.entities.Order.list();\n  await base44.auth.me();\n  return Response.json(all);"))).toEqual(["fn-report-service-role-unchecked:high"]);
  });

  it("entity reads without a caller check are low; with one, or without reads, nothing", () => {
    expect(ids(fn("  return Response.json(await base44.entities.Order.filter({}));"))).toEqual(["fn-report-unchecked-read:low"]);
    expect(ids(fn("  if (!(await base44.auth.isAuthenticated())) return new Response(null, { status: 401 });\n  return Response.json(await base44.entities.Order.list());"))).toEqual([]);
    expect(ids(fn("  return Response.json({ ok: true });"))).toEqual([]);
  });
});

describe("dependency_vulnerabilities: which packages at which versions", () => {
  it("every bare module the runtime provides has the version Kiln ships (or is Kiln's own), so none goes unchecked silently", () => {
    const bare = [...new Set(BUILTINS.map((b) => packageOf(b)).filter((n): n is string => !!n))];
    const files = Object.fromEntries(bare.map((name, i) => [`pages/P${i}`, `import x from "${name}";\n`]));
    const known = new Set(DependencyChecks.uses(files).known.map((u) => u.name));
    expect(bare.filter((name) => !known.has(name))).toEqual(["sonner"]);
  });

  it("functions' pinned npm: and esm.sh imports are checked at their version; a range is listed as not checked", () => {
    const { known, unpinned } = DependencyChecks.uses({
      "functions/a": `import a from "npm:lodash@4.17.20";\nimport b from "https://esm.sh/dayjs@1.11.10";\nimport c from "npm:stripe@^14";\nimport d from "npm:zod";\n`,
      "pages/Home": `import React from "react";\nimport { format } from "date-fns/format";\nimport x from "@/components/ui/button";\nimport y from "./local";\n`,
    });
    expect(known.map((u) => `${u.name}@${u.version}:${u.file}:${u.line}`)).toEqual([
      "lodash@4.17.20:functions/a:1",
      "dayjs@1.11.10:functions/a:2",
      "react@19.3.1:pages/Home:1",
      "date-fns@4.4.0:pages/Home:2",
    ]);
    expect(unpinned).toEqual(["stripe@^14 (functions/a)", "zod (functions/a)"]);
  });
});

describe("header_recommendations and the prompt for the assistant", () => {
  it("HTML written from data and plain-HTTP addresses in client code are named; a clean app says nothing weakens Kiln's headers", () => {
    const found = HeaderChecks.scan({ "pages/A": page(`const x = <div dangerouslySetInnerHTML={{ __html: note.body }} />;\nfetch("http://api.example.com/x");`) }).findings;
    expect(found.map((f) => `${f.id}:${f.severity}:${f.line}`)).toEqual(["hdr-pages_A-raw-html:medium:3", "hdr-pages_A-plain-http:low:4"]);
    const clean = HeaderChecks.scan({ "pages/A": page(`fetch("https://api.example.com/x"); fetch("http://localhost:3000");`) });
    expect([clean.findings, clean.reason]).toEqual([[], expect.stringContaining("nothing in the app's code weakens them")]);
  });

  it("the prompt lists what the assistant can fix, where; a runtime package's advisory is not its to fix", () => {
    const secret = secretsIn({ "pages/Pay": page(`const k = "sk_live_${"z9".repeat(10)}";`) })[0]!;
    const runtimeAdvisory = { ...secret, id: "dep-react-1", group: "dependency_vulnerabilities" as const, file: "pages/Pay" };
    const prompt = SecurityFix.fixPrompt([secret, runtimeAdvisory])!;
    expect(prompt).toContain("1. [critical] pages/Pay, line 3:");
    expect(prompt).not.toContain("2.");
    expect(SecurityFix.fixPrompt([runtimeAdvisory])).toBeNull();
  });
});
