import { describe, expect, it } from "vitest";
import { apiUrl, call, signedIn, tokenFor, waitForApp } from "./helpers";

const REQUIRED = "Please fill in all required API keys before submitting.";
const CATALOG = "/api/integration-catalog-items/catalog";

/** The answer exactly as it went over the wire, so a value can be looked for in any form. */
async function raw(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const create = (token: string, body: object) => call("POST", "/api/apps", { token, body });
const appCount = async (token: string) => (await call("GET", "/api/apps", { token })).body.length as number;
const secretNames = async (token: string, appId: string) => ((await call("GET", `/api/apps/${appId}/secrets`, { token })).body.secrets as { name: string }[]).map((s) => s.name).sort();

describe("GET /api/integration-catalog-items/catalog", () => {
  it("lists the official, approved items in the catalogue wrapper", async () => {
    const { token, email } = await signedIn("catalog");
    const res = await call("GET", CATALOG, { token });
    expect(res.status).toBe(200);
    const ids = res.body.map((e: any) => e.item.id);
    expect(ids).toEqual(expect.arrayContaining(["stripe-payments", "openai", "resend-email", "twilio-sms", "google-maps", "slack-notifications"]));
    const stripe = res.body.find((e: any) => e.item.id === "stripe-payments");
    expect(stripe).toMatchObject({
      upvotes: expect.any(Number),
      did_current_user_upvote: false,
      is_user_the_owner: false,
      user_info: { email: expect.any(String) },
      item: { name: "Stripe Payments", official: true, status: "approved", is_private: false, requires_backend_functions: true, required_secrets: [{ name: "STRIPE_SECRET_KEY" }] },
    });
    expect(stripe.item.prompt.length).toBeGreaterThanOrEqual(50);
    expect(stripe.item.example_asks.length).toBeGreaterThan(0);
    expect(stripe.user_info.email).not.toBe(email);
  });

  it("answers one item by id; an unknown or malformed id is a 4xx", async () => {
    const { token } = await signedIn("catalog-one");
    const res = await call("GET", `${CATALOG}/twilio-sms`, { token });
    expect(res.status).toBe(200);
    expect(res.body.item.required_secrets.map((s: any) => s.name)).toEqual(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]);
    expect((await call("GET", `${CATALOG}/no-such-item`, { token })).status).toBe(404);
    for (const id of ["Bad_Id!", "x".repeat(3000), "%00"]) {
      const answer = await call("GET", `${CATALOG}/${encodeURIComponent(id)}`, { token });
      expect(answer.status, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(answer.status, id.slice(0, 20)).toBeLessThan(500);
    }
  });

  it("needs a signed-in user", async () => {
    expect((await call("GET", CATALOG)).status).toBe(401);
    expect((await call("GET", `${CATALOG}/stripe-payments`)).status).toBe(401);
  });

  it("a private item is hidden from others, shown to its owner and to platform admins", async () => {
    const { token } = await signedIn("stranger");
    expect((await call("GET", `${CATALOG}/team-webhook`, { token })).status).toBe(404);
    expect((await call("GET", CATALOG, { token })).body.map((e: any) => e.item.id)).not.toContain("team-webhook");
    // Nor can a stranger build with it.
    const refused = await create(token, { user_description: "A shop", integrations: ["team-webhook"], secrets: [{ type: "value", name: "TEAM_WEBHOOK_URL", value: "https://x" }] });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain("team-webhook");

    const owner = await call("GET", `${CATALOG}/team-webhook`, { token: await tokenFor("maker@kiln.local") });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ is_user_the_owner: true, item: { is_private: true } });
    expect((await call("GET", `${CATALOG}/team-webhook`, { token: await tokenFor("admin@kiln.local") })).status).toBe(200);
  });
});

describe("POST /api/apps with integrations and secrets", () => {
  it("creates the app with a new-value secret and a reused one; names are listed, values never answered", async () => {
    const { token } = await signedIn("preload");
    const stripeKey = `sk_test_${Math.random().toString(36).slice(2)}VALUE`;
    const first = await raw("POST", "/api/apps", token, {
      user_description: "A shop that sells handmade candles",
      integrations: ["stripe-payments"],
      secrets: [{ type: "value", name: "STRIPE_SECRET_KEY", value: `  ${stripeKey}  ` }],
    });
    expect(first.status, first.text).toBe(201);
    expect(first.text).not.toContain(stripeKey);
    const app = JSON.parse(first.text);
    expect(app.integrations).toEqual(["stripe-payments"]);
    expect(await secretNames(token, app.id)).toEqual(["STRIPE_SECRET_KEY"]);

    const existing = await call("GET", "/api/secrets/existing", { token });
    expect(existing.status).toBe(200);
    const mine = existing.body.find((s: any) => s.secret_name === "STRIPE_SECRET_KEY");
    expect(mine).toMatchObject({ id: expect.any(String), app_name: app.name, secret_name: "STRIPE_SECRET_KEY" });

    const second = await raw("POST", "/api/apps", token, {
      user_description: "A booking page for a yoga studio",
      integrations: ["stripe-payments", "slack-notifications"],
      secrets: [
        { type: "clone", name: "STRIPE_SECRET_KEY", secret_id: mine.id },
        { type: "value", name: "SLACK_WEBHOOK_URL", value: "https://hooks.slack.com/services/T0/B0/SLACKVALUE" },
      ],
    });
    expect(second.status, second.text).toBe(201);
    const copy = JSON.parse(second.text);
    expect(copy.integrations).toEqual(["stripe-payments", "slack-notifications"]);
    expect(await secretNames(token, copy.id)).toEqual(["SLACK_WEBHOOK_URL", "STRIPE_SECRET_KEY"]);
    // The copy was sealed for its new app: reusing it in turn opens it again.
    const copied = (await call("GET", "/api/secrets/existing", { token })).body.find((s: any) => s.id.startsWith(`${copy.id}:`) && s.secret_name === "STRIPE_SECRET_KEY");
    const third = await create(token, { user_description: "A tip jar", integrations: ["stripe-payments"], secrets: [{ type: "clone", name: "STRIPE_SECRET_KEY", secret_id: copied.id }] });
    expect(third.status).toBe(201);

    await waitForApp(token, app.id);
    await waitForApp(token, copy.id);
    await waitForApp(token, third.body.id);
    // No answer anywhere carries a value, in any encoding a JSON answer could use.
    const answers = await Promise.all(
      [
        `/api/apps/${app.id}`,
        `/api/apps/${copy.id}`,
        `/api/apps/${app.id}/secrets`,
        `/api/apps/${copy.id}/secrets`,
        `/api/apps/${copy.id}/chat/messages`,
        "/api/secrets/existing",
        "/api/apps",
      ].map((path) => raw("GET", path, token)),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).not.toContain(stripeKey);
      expect(a.text).not.toContain("SLACKVALUE");
      expect(a.text).not.toContain("sealed");
    }
    const listed = JSON.parse(answers[2].text).secrets[0];
    expect(Object.keys(listed).sort()).toEqual(["created_date", "name", "updated_date"]);
  });

  it(`refuses a blank or missing required secret with '${REQUIRED}' and creates nothing`, async () => {
    const { token } = await signedIn("blank");
    const before = await appCount(token);
    for (const secrets of [
      [{ type: "value", name: "STRIPE_SECRET_KEY", value: "   " }],
      [{ type: "value", name: "STRIPE_SECRET_KEY", value: "" }],
      [],
      undefined,
    ]) {
      const res = await create(token, { user_description: "A shop", integrations: ["stripe-payments"], secrets });
      expect(res.status, JSON.stringify(secrets)).toBe(400);
      expect(res.body.detail).toBe(REQUIRED);
    }
    // Twilio needs two: one of them is not enough.
    const half = await create(token, { user_description: "Alerts", integrations: ["twilio-sms"], secrets: [{ type: "value", name: "TWILIO_ACCOUNT_SID", value: "AC123" }] });
    expect(half.status).toBe(400);
    expect(half.body.detail).toBe(REQUIRED);
    expect(await appCount(token)).toBe(before);
  });

  it("refuses to reuse another user's secret (403) and creates nothing", async () => {
    const owner = await signedIn("owner");
    const made = await create(owner.token, { user_description: "Candles", integrations: ["openai"], secrets: [{ type: "value", name: "OPENAI_API_KEY", value: "sk-OWNERVALUE" }] });
    expect(made.status).toBe(201);
    const [theirs] = (await call("GET", "/api/secrets/existing", { token: owner.token })).body;

    const thief = await signedIn("thief");
    expect((await call("GET", "/api/secrets/existing", { token: thief.token })).body).toEqual([]);
    const res = await raw("POST", "/api/apps", thief.token, { user_description: "Mine now", integrations: ["openai"], secrets: [{ type: "clone", name: "OPENAI_API_KEY", secret_id: theirs.id }] });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain("OWNERVALUE");
    for (const secret_id of [`${theirs.id.split(":")[0]}:NOPE`, "not-an-id", "01j0000000000000000000000:OPENAI_API_KEY"]) {
      const other = await create(thief.token, { user_description: "Mine now", secrets: [{ type: "clone", name: "OPENAI_API_KEY", secret_id }] });
      expect([400, 403], secret_id).toContain(other.status);
    }
    expect(await appCount(thief.token)).toBe(0);
    await waitForApp(owner.token, made.body.id);
  });

  it("refuses unknown integrations and bad secret choices with a 400 that says why", async () => {
    const { token } = await signedIn("badcreate");
    const unknown = await create(token, { user_description: "A shop", integrations: ["no-such-integration"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain("no-such-integration");
    for (const secrets of [
      [{ type: "value", name: "1STARTS_WITH_DIGIT", value: "x" }],
      [{ type: "value", name: "has-dash", value: "x" }],
      [{ type: "value", name: "OK", value: "x".repeat(20_000) }],
      [{ type: "magic", name: "OK", value: "x" }],
      [{ type: "value", name: "OK", value: "x", extra: true }],
      [{ type: "value", name: "OK", value: "a" }, { type: "value", name: "OK", value: "b" }],
      "not-a-list",
    ]) {
      const res = await create(token, { user_description: "A shop", secrets });
      expect(res.status, JSON.stringify(secrets).slice(0, 80)).toBe(400);
      expect(res.body.detail.length).toBeGreaterThan(0);
    }
    expect(await appCount(token)).toBe(0);
  });
});

describe("/api/apps/{id}/secrets", () => {
  async function appWithSecret() {
    const user = await signedIn("secrets");
    const made = await create(user.token, { user_description: "Notes", integrations: ["resend-email"], secrets: [{ type: "value", name: "RESEND_API_KEY", value: "re_FIRSTVALUE" }] });
    expect(made.status).toBe(201);
    await waitForApp(user.token, made.body.id);
    return { ...user, appId: made.body.id as string };
  }

  it("PUT creates or replaces by name and says which were created; values never come back", async () => {
    const { token, appId } = await appWithSecret();
    const put = await raw("PUT", `/api/apps/${appId}/secrets`, token, { RESEND_API_KEY: "re_SECONDVALUE", FROM_ADDRESS: "hello@example.org" });
    expect(put.status, put.text).toBe(200);
    expect(put.text).not.toContain("SECONDVALUE");
    expect(put.text).not.toContain("hello@example.org");
    const answer = JSON.parse(put.text);
    expect(answer.created).toEqual(["FROM_ADDRESS"]);
    expect(answer.secrets.map((s: any) => s.name).sort()).toEqual(["FROM_ADDRESS", "RESEND_API_KEY"]);
    const again = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { FROM_ADDRESS: "other@example.org" } });
    expect(again.body.created).toEqual([]);
  });

  it("bad bodies are 400 and change nothing", async () => {
    const { token, appId } = await appWithSecret();
    for (const body of [{}, { RESEND_API_KEY: "   " }, { "bad name": "x" }, { "1X": "x" }, { OK: 5 }, ["OK", "x"], { OK: "x".repeat(20_000) }]) {
      const res = await call("PUT", `/api/apps/${appId}/secrets`, { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await call("PUT", `/api/apps/${appId}/secrets`, { token, rawBody: "{not json" })).status).toBe(400);
    expect(await secretNames(token, appId)).toEqual(["RESEND_API_KEY"]);
  });

  it("DELETE removes one by name; unknown names are 404, malformed ones 400", async () => {
    const { token, appId } = await appWithSecret();
    expect((await call("DELETE", `/api/apps/${appId}/secrets/NOT_THERE`, { token })).status).toBe(404);
    expect((await call("DELETE", `/api/apps/${appId}/secrets/${encodeURIComponent("bad name!")}`, { token })).status).toBe(400);
    expect((await call("DELETE", `/api/apps/${appId}/secrets/RESEND_API_KEY`, { token })).status).toBe(200);
    expect(await secretNames(token, appId)).toEqual([]);
  });

  it("another user can neither list, set, delete nor see them for reuse (403), and an unknown app is 404", async () => {
    const { token, appId } = await appWithSecret();
    const other = await signedIn("nosy");
    expect((await call("GET", `/api/apps/${appId}/secrets`, { token: other.token })).status).toBe(403);
    expect((await call("PUT", `/api/apps/${appId}/secrets`, { token: other.token, body: { RESEND_API_KEY: "hijack" } })).status).toBe(403);
    expect((await call("DELETE", `/api/apps/${appId}/secrets/RESEND_API_KEY`, { token: other.token })).status).toBe(403);
    expect((await call("GET", "/api/secrets/existing", { token: other.token })).body).toEqual([]);
    expect((await call("GET", `/api/apps/nope/secrets`, { token })).status).toBe(404);
    expect((await call("GET", `/api/apps/${"x".repeat(3000)}/secrets`, { token })).status).toBe(404);
    expect(await secretNames(token, appId)).toEqual(["RESEND_API_KEY"]);
    expect((await call("GET", `/api/apps/${appId}/secrets`)).status).toBe(401);
  });
});
