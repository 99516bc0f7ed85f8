import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { SUPPORT_INBOX_ROOM, ticketRoom } from "../../schemas/support";
import { SocketClient, apiUrl, builtApp, call, signedIn, tokenFor } from "./helpers";

/**
 * An attacker against the features that landed with issue 11 and 12's first wave: backend
 * functions (their tokens, answers and environment), installable integrations, app checkouts,
 * export, custom domains and the support desk. Each attack is made against the real handlers
 * and each defence is asserted by what the attacker gets back and what stays unchanged.
 */

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let victim: Awaited<ReturnType<typeof signedIn>>;
let appA: string;
let appB: string;

const TASK = { name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] };

/** A hostile function: hands out its service token, tries cookies, HTML and a redirect, reports its environment, and answers with any status it is asked. */
const HOSTILE = `Deno.serve(async (req) => {
  const { mode, status } = await req.json();
  if (mode === "status") return new Response(null, { status });
  if (mode === "page") return new Response("<script>alert(document.cookie)</script>", { status: 302, headers: { "content-type": "text/html", "set-cookie": "session=evil; Path=/", location: "https://evil.example/", "x-frame-options": "ALLOWALL", "access-control-allow-origin": "*" } });
  return Response.json({ service: req.headers.get("base44-service-authorization"), user: req.headers.get("authorization"), env: Deno.env.toObject() });
});
`;

const write = (appId: string, token: string, path: string, content: string) => call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: path, content } });
const invoke = (body: unknown, token = owner.token, appId = appA) => call("POST", `/api/apps/${appId}/functions/hostile`, { token, body });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as { exp: number; iat: number; app_id: string };

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  [owner, victim] = await Promise.all([signedIn("wave3-attacker"), signedIn("wave3-victim")]);
  for (const u of [owner, victim]) await call("POST", `/api/auth/${u.user.id}/update-user`, { token: admin, body: { subscription_tier: "pro" } });
  [appA, appB] = await Promise.all([builtApp(owner.token, "A simple notes app").then((a) => a.id), builtApp(victim.token, "A simple notes app").then((a) => a.id)]);
  for (const [id, token] of [[appA, owner.token], [appB, victim.token]] as const) {
    expect((await call("POST", `/api/apps/${id}/activate-backend-functions`, { token })).status).toBe(200);
    expect((await write(id, token, "entities/Task", JSON.stringify(TASK))).status).toBe(200);
    expect((await write(id, token, "functions/hostile", HOSTILE)).status).toBe(200);
  }
  await call("PUT", `/api/apps/${appA}/secrets`, { token: owner.token, body: { LD_PRELOAD: "/tmp/evil.so", DENO_V8_FLAGS: "--allow-natives-syntax", ld_library_path: "/tmp", NODE_OPTIONS: "--require /tmp/x", PATH: "/tmp", FINE_SECRET: "wave3-secret-value" } });
}, 120_000);

describe("backend functions", () => {
  it("a service token minted for app A works on A alone, never on another app or a platform route, and lives only as long as a call", async () => {
    const res = await invoke({ mode: "leak" });
    expect(res.status).toBe(200);
    const token = (res.body.service as string).replace(/^Bearer /, "");
    const { exp, iat, app_id } = claims(token);
    expect(app_id).toBe(appA);
    // the stack runs functions with a 4 s limit: the token outlives it by a minute at most
    expect(exp - iat).toBeLessThanOrEqual(4 + 60);
    expect((await call("GET", `/api/apps/${appA}/entities/Task`, { token })).status).toBe(200);
    expect((await call("GET", `/api/apps/${appB}/entities/Task`, { token })).status).toBe(401);
    expect((await call("POST", `/api/apps/${appB}/functions/hostile`, { token, body: { mode: "leak" } })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await call("PUT", `/api/apps/${appA}`, { token, body: { name: "taken over" } })).status).toBe(401);
    expect((await call("GET", `/api/apps/${appA}/functions/hostile/logs`, { token })).status).toBe(401);
    expect((await call("GET", `/api/apps/${appA}`, { token: owner.token })).body.name).not.toBe("taken over");
    // the owner's call hands the function an app-scoped token for the owner, never their platform token
    const userToken = (res.body.user as string).replace(/^Bearer /, "");
    expect(userToken).not.toBe(owner.token);
    expect((await call("GET", "/api/auth/me", { token: userToken })).status).toBe(401);
    expect((await call("GET", `/api/apps/${appB}/entities/Task`, { token: userToken })).status).toBe(401);
  }, 30_000);

  it("secrets named after the runtime's or the linker's settings never reach Deno's environment; the others do", async () => {
    const { env } = (await invoke({ mode: "leak" })).body as { env: Record<string, string> };
    expect(env.FINE_SECRET).toBe("wave3-secret-value");
    const planted = ["/tmp/evil.so", "--allow-natives-syntax", "/tmp", "--require /tmp/x"];
    expect(Object.entries(env).filter(([name, value]) => /^(LD_|NODE_)/i.test(name) || planted.includes(value))).toEqual([]);
  }, 30_000);

  it("a function's answer sets no cookie, redirects nowhere and is never a page on Kiln's origin", async () => {
    const res = await invoke({ mode: "page" });
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).not.toBe("ALLOWALL");
  }, 30_000);

  it("a function answering with a status that has no body (204, 304) is passed on, not turned into a 5xx", async () => {
    for (const status of [204, 205, 304]) {
      const res = await invoke({ mode: "status", status });
      expect(res.status).toBe(status);
    }
  }, 30_000);

  it("another user's app: its functions' logs, redeploy, list and activation are refused and nothing runs", async () => {
    const before = (await call("GET", `/api/apps/${appB}/functions/hostile/logs`, { token: victim.token })).body.logs.length;
    expect((await call("GET", `/api/apps/${appB}/functions/hostile/logs`, { token: owner.token })).status).toBe(403);
    expect((await call("POST", `/api/apps/${appB}/coding/redeploy-function/hostile`, { token: owner.token })).status).toBe(403);
    expect((await call("GET", `/api/apps/${appB}/functions`, { token: owner.token })).status).toBe(403);
    expect((await call("GET", `/api/apps/${appB}/functions/hostile/logs`, { apiKey: owner.user.api_key })).status).toBe(403);
    // a private app's function is not run for a stranger's platform token
    expect((await invoke({ mode: "leak" }, owner.token, appB)).status).toBe(403);
    expect((await call("GET", `/api/apps/${appB}/functions/hostile/logs`, { token: victim.token })).body.logs.length).toBe(before);
  }, 30_000);
});

describe("installable integrations", () => {
  it("install-integration on another user's app, or with a private catalogue item the user cannot see, changes nothing", async () => {
    expect((await call("POST", `/api/apps/${appB}/install-integration/Slack/slack-notifications`, { token: owner.token })).status).toBe(403);
    const privateOne = await call("POST", `/api/apps/${appA}/install-integration/TeamWebhook/team-webhook`, { token: owner.token });
    expect(privateOne.status).toBe(404);
    const [a, b] = await Promise.all([call("GET", `/api/apps/${appA}`, { token: owner.token }), call("GET", `/api/apps/${appB}`, { token: victim.token })]);
    expect(Object.keys(a.body.installable_integrations ?? {})).toEqual([]);
    expect(Object.keys(b.body.installable_integrations ?? {})).toEqual([]);
  });
});

describe("app checkouts", () => {
  it("a checkout on an account no app is connected to, whatever X-App-Id names, is a 404", async () => {
    for (const headers of [{}, { "x-app-id": appB }, { "x-app-id": appA }] as Record<string, string>[]) {
      const res = await call("POST", "/api/integrations/stripe/acct_wave3unknown/create-checkout-session", {
        token: owner.token,
        headers,
        body: { price_id: "price_x", success_url: "https://a.example/ok", cancel_url: "https://a.example/no" },
      });
      expect(res.status).toBe(404);
    }
  });
});

describe("export", () => {
  it("the ZIP refuses another user's key, and holds no secret value", async () => {
    expect((await call("GET", `/api/apps/${appB}/coding/export-to-zip?api_key=${owner.user.api_key}`)).status).toBe(403);
    expect((await call("GET", `/api/apps/${appA}/coding/export-to-zip?api_key=not-a-key`)).status).toBe(401);
    // a key in the query names the caller on the download link alone
    expect((await call("GET", `/api/auth/me?api_key=${owner.user.api_key}`)).status).toBe(401);
    expect((await call("GET", `/api/apps/${appA}?api_key=${owner.user.api_key}`)).status).toBe(401);
    const res = await fetch(`${apiUrl()}/api/apps/${appA}/coding/export-to-zip?api_key=${owner.user.api_key}`);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = Object.values(files).map((b) => Buffer.from(b).toString("utf8")).join("\n");
    expect(Object.keys(files).length).toBeGreaterThan(3);
    for (const leak of ["wave3-secret-value", owner.user.api_key, appB]) expect(text).not.toContain(leak);
  }, 60_000);
});

describe("custom domains", () => {
  const add = (domain: string, appId: string, token: string) => call("POST", "/api/custom-domains", { token, body: { domain, app_id: appId } });

  it("a name another app holds, Kiln's own hosts and single-label names cannot be claimed; an unverified domain serves nothing", async () => {
    const name = `wave3-${Date.now().toString(36)}.example.com`;
    const first = await add(name, appB, victim.token);
    expect(first.status).toBe(201);
    const taken = await add(name.toUpperCase(), appA, owner.token);
    expect(taken.status).toBe(409);
    const webHost = new URL(apiUrl()).hostname;
    for (const own of ["localhost", webHost]) expect((await add(own, appA, owner.token)).status).toBe(400);
    expect((await add(name, appB, owner.token)).status).toBe(403);
    const served = await call("GET", `/api/apps/public/prod/domain/${name}`);
    expect(served.status).toBe(404);
  });

  it("another user's domain cannot be listed, verified, linked, unlinked or deleted", async () => {
    const name = `wave3b-${Date.now().toString(36)}.example.com`;
    const id = (await add(name, appB, victim.token)).body.id as string;
    expect((await call("GET", `/api/custom-domains?app_id=${appB}`, { token: owner.token })).status).toBe(403);
    for (const op of ["verify", "status", "unlink", "link"]) expect((await call("POST", `/api/custom-domains/${id}/${op}`, { token: owner.token })).status).toBe(403);
    expect((await call("DELETE", `/api/custom-domains/${id}`, { token: owner.token })).status).toBe(403);
    const theirs = (await call("GET", `/api/custom-domains?app_id=${appB}`, { token: victim.token })).body.domains as { id: string; purchase_info: { unlinked: boolean } }[];
    expect(theirs.find((d) => d.id === id)?.purchase_info.unlinked).toBe(false);
  });
});

describe("support desk", () => {
  it("a stranger cannot read, post to or follow another user's ticket", async () => {
    const ticket = await call("POST", "/api/support/conversations", { token: victim.token, body: { title: "Help me please", content: "My preview is blank since this morning.", category: "bug_report" } });
    if (ticket.status !== 201) throw new Error(JSON.stringify(ticket.body));
    const id = ticket.body.id as string;
    expect((await call("GET", `/api/support/conversations/${id}`, { token: owner.token })).status).toBe(404);
    for (const body of [{ content: "hi" }, { content: "hi", role: "assistant", additional_message_params: { is_admin_message: true } }]) {
      expect([403, 404]).toContain((await call("POST", `/api/support/conversations/${id}/messages`, { token: owner.token, body })).status);
    }
    expect((await call("GET", "/api/support/admin", { token: owner.token })).status).toBe(403);
    const seen = await call("GET", `/api/support/conversations/${id}`, { token: victim.token });
    expect(seen.body.messages.map((m: { content: string }) => m.content)).toEqual(["My preview is blank since this morning."]);
    const [theirs, mine] = await Promise.all([SocketClient.open(owner.token), SocketClient.open(victim.token)]);
    try {
      expect(await theirs.join(ticketRoom(id))).toMatchObject({ event: "error" });
      expect(await theirs.join(SUPPORT_INBOX_ROOM)).toMatchObject({ event: "error" });
      expect(await mine.join(SUPPORT_INBOX_ROOM)).toMatchObject({ event: "error" });
    } finally {
      theirs.close();
      mine.close();
    }
  });

  it("the ticket's creator never sees the admins' internal categories", async () => {
    const ticket = await call("POST", "/api/support/conversations", { token: victim.token, body: { title: "Billing question", content: "Why was I charged twice this month?", category: "bug_report" } });
    const id = ticket.body.id as string;
    expect((await call("PATCH", `/api/support/admin/${id}/internal_categories`, { token: admin, body: { internal_categories: ["wave3-angry-customer"] } })).status).toBe(200);
    const mine = await call("GET", `/api/support/conversations/${id}`, { token: victim.token });
    expect(mine.body.internal_categories).toEqual([]);
    expect(JSON.stringify((await call("GET", "/api/support/conversations", { token: victim.token })).body)).not.toContain("wave3-angry-customer");
    expect((await call("GET", `/api/support/admin/${id}`, { token: admin })).body.ticket?.internal_categories ?? (await call("GET", `/api/support/conversations/${id}`, { token: admin })).body.internal_categories).toEqual(["wave3-angry-customer"]);
  });
});
