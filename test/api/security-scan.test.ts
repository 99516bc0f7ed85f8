import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Job } from "../../schemas/jobs";
import type { Finding, SecurityScan } from "../../schemas/security";
import { builtApp, call, signedIn, tokenFor, useStackLinks } from "./helpers";

/**
 * The security scan (issue 24 §3), its Fix All, ignoring and the publish gate: the security and publish
 * call groups and the worker run in this process, against the test stack's stand-ins, as their Lambdas
 * would; the npm registry is a third party, stood in for at the HTTP boundary by a local server that
 * answers its bulk advisory endpoint. What a browser or another user does goes through the gateway.
 */
useStackLinks();
const [{ app: securityApp }, { app: publishApp }, { Jobs }, { handler: worker }] = await Promise.all([
  import("../../functions/http/security"),
  import("../../functions/http/publish"),
  import("../../functions/core/jobs"),
  import("../../functions/jobs/worker"),
]);

/** The npm registry's bulk advisory endpoint: lodash 4.17.20 has one advisory; every body it was sent is kept. */
const asked: Record<string, string[]>[] = [];
const registry = http.createServer((req, res) => {
  let text = "";
  req.on("data", (chunk: Buffer) => (text += chunk.toString()));
  req.on("end", () => {
    if (req.method !== "POST" || req.url !== "/-/npm/v1/security/advisories/bulk") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(text) as Record<string, string[]>;
    asked.push(body);
    const answer: Record<string, unknown[]> = {};
    if (body.lodash?.includes("4.17.20")) {
      answer.lodash = [{ id: 1106913, url: "https://github.com/advisories/GHSA-35jh-r3h4-6jhm", title: "Command Injection in lodash", severity: "high", vulnerable_versions: "<4.17.21", cwe: ["CWE-77"] }];
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
});

/** Jobs the handlers queue run here, in the real worker; `settled` waits for those started so far. */
const running: Promise<void>[] = [];
const queued: Job[] = [];
const settled = async () => {
  while (running.length) await Promise.all(running.splice(0));
};

let owner: Awaited<ReturnType<typeof signedIn>>;
let admin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  process.env.KILN_NPM_REGISTRY_URL = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  Jobs.useLocalRunner((job) => {
    queued.push(job);
    running.push(worker(job));
  });
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("scan-owner");
  // planting files takes code editing: the Builder plan
  expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
});

afterAll(async () => {
  Jobs.useLocalRunner(undefined);
  await new Promise((resolve) => registry.close(resolve));
});

/** One call to the security or publish group in this process, as the owner (by API key: the stack keeps its token key). */
async function inProcess(group: "security" | "publish", method: string, path: string, body?: unknown) {
  const app = group === "security" ? securityApp : publishApp;
  const res = await app.request(`http://kiln.test${path}`, {
    method,
    headers: { api_key: owner.user.api_key, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, source: res.headers.get("x-scan-source"), body: (await res.json()) as any };
}
const scanOf = (appId: string) => inProcess("security", "GET", `/api/apps/${appId}/security-scan`);
const startScan = (appId: string) => inProcess("security", "POST", `/api/apps/${appId}/security-scan`);
const deploy = (appId: string, body?: unknown) => inProcess("publish", "POST", `/api/apps/${appId}/deploy`, body);
const write = async (appId: string, file_path: string, content: string) => {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const findings = (scan: SecurityScan): Finding[] => Object.values(scan.result ?? {}).flatMap((g) => g.findings);

/** Scan the app in the background and wait for it: the answer of the POST, and the scan read after. */
async function scanned(appId: string) {
  const started = await startScan(appId);
  await settled();
  return { started, scan: (await scanOf(appId)).body as SecurityScan };
}

const LIVE_KEY = `sk_live_${"51HqZ2kLmN8pQrStUvWxYz".split("").reverse().join("")}AbCdEf012345`;
const checkoutPage = `import React from "react";\n\nconst STRIPE_SECRET = "${LIVE_KEY}";\n\nexport default function Checkout() {\n  return <div>Pay</div>;\n}\n`;

describe("POST and GET /api/apps/{id}/security-scan", () => {
  let appId: string;
  beforeAll(async () => {
    appId = (await builtApp(owner.token, "A simple notes app")).id;
  }, 120_000);

  it("the app's first turn ends with a scan of what it built: GET answers it up to date, and starts nothing", async () => {
    const before = queued.length;
    const res = await scanOf(appId);
    expect([res.status, res.body.status]).toEqual([200, "up_to_date"]);
    expect(Object.keys(res.body.result).sort()).toEqual(["backend_functions", "dependency_vulnerabilities", "hardcoded_secrets", "header_recommendations", "rls_recommendations"]);
    expect(Date.parse(res.body.scanned_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(queued.length).toBe(before);
  });

  it("a live key planted in a page is a critical finding naming the file and line, its value masked everywhere", async () => {
    await write(appId, "pages/Checkout", checkoutPage);
    const { started, scan } = await scanned(appId);
    expect([started.status, started.body.status, started.source]).toEqual([200, "scanning", "async"]);
    expect(scan.status).toBe("up_to_date");
    const secret = scan.result!.hardcoded_secrets.findings.find((f) => f.file === "pages/Checkout");
    expect(secret).toMatchObject({ severity: "critical", file: "pages/Checkout", line: 3, group: "hardcoded_secrets" });
    expect(secret!.problem).toContain(`(sk_live_…, ${LIVE_KEY.length} characters)`);
    expect(JSON.stringify(scan)).not.toContain(LIVE_KEY);
    expect(JSON.stringify(scan)).not.toContain(LIVE_KEY.slice(8, 20));
  });

  it("a second POST answers the last scan at once from the cache, and queues nothing", async () => {
    const before = queued.length;
    const again = await startScan(appId);
    expect([again.status, again.body.status, again.source]).toEqual([200, "up_to_date", "cache"]);
    expect(queued.length).toBe(before);
  });

  it("after a file change GET answers out_of_date (and still starts nothing), and the next POST scans again", async () => {
    await write(appId, "pages/Checkout", checkoutPage.replace("Pay", "Pay now"));
    const before = queued.length;
    expect((await scanOf(appId)).body.status).toBe("out_of_date");
    expect(queued.length).toBe(before);
    const { started, scan } = await scanned(appId);
    expect([started.body.status, started.source, scan.status]).toEqual(["scanning", "async", "up_to_date"]);
  });

  it("a change of visibility puts the scan out of date too", async () => {
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
    expect((await scanOf(appId)).body.status).toBe("out_of_date");
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "private_with_login" } })).status).toBe(200);
    expect((await scanOf(appId)).body.status).toBe("up_to_date");
  });

  it("backend functions: the service role without a caller check is a high finding; the packages they pin are checked with the registry", async () => {
    await write(
      appId,
      "functions/exportNotes",
      `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";\nimport _ from "npm:lodash@4.17.20";\n\nDeno.serve(async (req) => {\n  const base44 = createClientFromRequest(req);\n  const notes = await base44.asServiceRole.entities.Note.list();\n  return Response.json(_.sortBy(notes, "title"));\n});\n`,
    );
    asked.length = 0;
    const { scan } = await scanned(appId);
    expect(scan.result!.backend_functions.findings).toEqual([expect.objectContaining({ id: "fn-exportNotes-service-role-unchecked", severity: "high", file: "functions/exportNotes", line: 6 })]);
    // the registry was asked about the runtime's packages at Kiln's versions and the function's pinned ones
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ react: ["19.3.1"], lodash: ["4.17.20"], "@base44/sdk": ["0.8.50"] });
    const deps = scan.result!.dependency_vulnerabilities;
    expect(deps.checked).toBe(true);
    expect(deps.findings).toEqual([expect.objectContaining({ id: "dep-lodash-1106913", severity: "high", file: "functions/exportNotes", line: 2 })]);
    expect(deps.findings[0]!.problem).toContain("Command Injection in lodash");
  });

  it("where the registry cannot be reached the group says it was not checked, never that nothing was found", async () => {
    const reachable = process.env.KILN_NPM_REGISTRY_URL;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.KILN_NPM_REGISTRY_URL = `http://127.0.0.1:${port}`;
    try {
      await write(appId, "pages/Checkout", checkoutPage.replace("Pay", "Pay later"));
      const { scan } = await scanned(appId);
      expect(scan.result!.dependency_vulnerabilities).toMatchObject({ checked: false, findings: [] });
      expect(scan.result!.dependency_vulnerabilities.reason).toContain("could not be reached");
    } finally {
      process.env.KILN_NPM_REGISTRY_URL = reachable;
    }
  });
});

describe("Fix All, ignoring and the publish gate", () => {
  let appId: string;
  beforeAll(async () => {
    appId = (await builtApp(owner.token, "A CRM to track customers, deals and follow-up tasks")).id;
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
  }, 120_000);

  it("a public app's entity with an e-mail field and no rules is a critical rule finding with the rule to apply", async () => {
    const { scan } = await scanned(appId);
    const customer = scan.result!.rls_recommendations.findings.find((f) => f.entity === "Customer");
    expect(customer).toMatchObject({ id: "rls-Customer-personal-data-no-rules", severity: "critical", file: "entities/Customer" });
    expect(customer!.problem).toContain("`email`");
    expect(customer!.rls).toEqual({
      read: { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] },
      write: { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] },
    });
  });

  it("publishing is refused with the finding named, and allowed when the owner acknowledges it by id", async () => {
    await write(appId, "pages/Checkout", checkoutPage);
    const refused = await deploy(appId);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("rls-Customer-personal-data-no-rules");
    const blocking = (refused.body.extra_data.blocking_findings as Finding[]).map((f) => f.id).sort();
    const secretId = blocking.find((id) => id.startsWith("secret-stripe-live-"))!;
    expect(blocking).toEqual(["rls-Customer-personal-data-no-rules", secretId]);
    expect(JSON.stringify(refused.body)).not.toContain(LIVE_KEY);
    // the scan made at publish is stored: it is up to date now
    expect((await scanOf(appId)).body.status).toBe("up_to_date");

    const partly = await deploy(appId, { acknowledge: [secretId] });
    expect(partly.status).toBe(409);
    expect(partly.body.detail).toContain("rls-Customer-personal-data-no-rules");
    expect(partly.body.detail).not.toContain(secretId);
    const published = await deploy(appId, { acknowledge: blocking });
    expect(published.status).toBe(200);
    expect(published.body.version).toBeTruthy();
  });

  it("Fix All writes the rules like a Security view save (a revertable chat entry), and the rescan has no rule findings left", async () => {
    const res = await inProcess("security", "POST", `/api/apps/${appId}/security-scan/fix-all`);
    expect(res.status).toBe(200);
    expect(res.body.applied.map((a: { entity: string }) => a.entity).sort()).toEqual(["Customer", "Deal", "Task"]);
    const full = (await call("GET", `/api/apps/${appId}`, { token: owner.token })).body;
    expect(full.entities.Customer.rls).toEqual(res.body.applied.find((a: { entity: string }) => a.entity === "Customer").rls);
    expect(full.entities.Customer.properties.email).toBeDefined();
    const users = full.conversation.messages.filter((m: { role: string }) => m.role === "user");
    const edit = users.at(-2);
    expect(edit).toMatchObject({ role: "user", additional_message_params: { manual_edit: true } });
    expect(edit.content).toContain("entities/Customer");
    expect(edit.checkpoint_id).toBeTruthy();
    // the rest went to the assistant at once, as one free automated turn
    expect(users.at(-1)).toMatchObject({ role: "user", content: res.body.prompt, additional_message_params: { automated_fix: true } });
    const turn = full.conversation.messages.find((m: { id: string }) => m.id === res.body.assistant_message_id);
    expect(turn?.role).toBe("assistant");
    await settled();
    const after = (await call("GET", `/api/apps/${appId}`, { token: owner.token })).body;
    expect(after.status.state).not.toBe("processing");
    // charged nothing: the receipt's charge is 0 credits, or absent where nothing was charged
    expect(after.conversation.messages.find((m: { id: string }) => m.id === res.body.assistant_message_id)?.receipt?.charge?.credits ?? 0).toBe(0);

    expect(res.body.scan.result.rls_recommendations.findings).toEqual([]);
    // what is left goes to the assistant in words, the key masked
    expect(res.body.remaining.map((f: Finding) => f.group)).toContain("hardcoded_secrets");
    expect(res.body.prompt).toContain("pages/Checkout, line 3");
    expect(res.body.prompt).not.toContain(LIVE_KEY);
  });

  it("an ignored critical finding is listed apart and no longer blocks publishing; restored, it blocks again", async () => {
    const refused = await deploy(appId);
    expect(refused.status).toBe(409);
    const [secret] = refused.body.extra_data.blocking_findings as Finding[];
    expect(secret!.id).toMatch(/^secret-stripe-live-/);

    const ignored = await inProcess("security", "POST", `/api/apps/${appId}/security-scan/findings/${secret!.id}/ignore`);
    expect(ignored.status).toBe(200);
    expect(ignored.body.ignored.map((f: Finding) => f.id)).toEqual([secret!.id]);
    expect(findings(ignored.body).map((f) => f.id)).not.toContain(secret!.id);
    expect((await deploy(appId)).status).toBe(200);

    // the same problem found again keeps its id, so the ignore holds across scans
    await write(appId, "pages/Checkout", checkoutPage.replace("Pay", "Pay today"));
    const { scan } = await scanned(appId);
    expect(scan.ignored.map((f) => f.id)).toEqual([secret!.id]);

    const restored = await inProcess("security", "POST", `/api/apps/${appId}/security-scan/findings/${secret!.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.ignored).toEqual([]);
    expect(findings(restored.body).map((f) => f.id)).toContain(secret!.id);
    const again = await deploy(appId);
    expect([again.status, again.body.detail.includes(secret!.id)]).toEqual([409, true]);
  });
});

describe("who may call it, and what it refuses", () => {
  let appId: string;
  beforeAll(async () => {
    appId = (await builtApp(owner.token, "A reading list")).id;
  }, 120_000);

  it("anonymous callers get 401 and other signed-in users 403, on every security route (the authorization matrix's who.owner)", async () => {
    const stranger = await signedIn("scan-stranger");
    const scannedAt = (await scanOf(appId)).body.scanned_at;
    const routes: [string, string][] = [
      ["POST", `/api/apps/${appId}/security-scan`],
      ["GET", `/api/apps/${appId}/security-scan`],
      ["POST", `/api/apps/${appId}/security-scan/fix-all`],
      ["POST", `/api/apps/${appId}/security-scan/findings/rls-Book-writable-by-anyone/ignore`],
      ["POST", `/api/apps/${appId}/security-scan/findings/rls-Book-writable-by-anyone/restore`],
    ];
    for (const [method, path] of routes) {
      expect((await call(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, { token: stranger.token })).status, `${method} ${path}`).toBe(403);
    }
    // none of them started a scan
    expect((await call("GET", `/api/apps/${appId}/security-scan`, { token: owner.token })).body.scanned_at).toBe(scannedAt);
  });

  it("bad finding ids and bad publish bodies are 400s; a finding no scan found is a 404", async () => {
    expect((await inProcess("security", "POST", `/api/apps/${appId}/security-scan/findings/${encodeURIComponent("no such id!")}/ignore`)).status).toBe(400);
    expect((await inProcess("security", "POST", `/api/apps/${appId}/security-scan/findings/rls-Nothing-here/ignore`)).status).toBe(404);
    expect((await inProcess("security", "POST", `/api/apps/${appId}/security-scan/findings/rls-Nothing-here/restore`)).status).toBe(404);
    for (const body of [{ acknowledge: "rls-Book" }, { acknowledge: ["not an id!"] }, { acknowledge: [], extra: true }, [1, 2]]) {
      const res = await call("POST", `/api/apps/${appId}/deploy`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
