import { beforeAll, describe, expect, it } from "vitest";
import { SupportRules } from "../../schemas/support";
import { builtApp, call, signedIn, tokenFor } from "./helpers";
import { payCheckout, waitFor } from "./stripe-helpers";

/** Spec 03 §2.11, §5, §7.10, §8: the admins' inbox, its counts, the detail sidebar, assign, status, bulk resolve, the AI draft and polish. */

let admin: string;
const tag = () => Math.random().toString(36).slice(2, 10);

async function openTicket(token: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/support/conversations", {
    token,
    body: { title: "Cannot sign in", content: "The login page keeps spinning after I submit.", category: "authentication", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; title: string };
}

const inbox = async (query: Record<string, string> = {}) => {
  const res = await call("GET", `/api/support/admin?${new URLSearchParams(query)}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { conversations: { id: string }[]; total: number; counts: Record<string, any> };
};
const ids = (list: { conversations: { id: string }[] }) => list.conversations.map((t) => t.id);

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
});

describe("GET /api/support/admin (the inbox)", () => {
  it("open tickets by default, newest change first; every filter narrows the list", async () => {
    const word = `Zebra${tag()}`;
    const user = await signedIn("inbox-user");
    const a = await openTicket(user.token, { title: `${word} login loop` });
    const b = await openTicket(user.token, { title: "Invoice question", content: `I was charged twice for ${word.toLowerCase()} this month.`, category: "billing" });
    const c = await openTicket(user.token, { title: "Old issue for the inbox" });
    expect((await call("PATCH", `/api/support/admin/${c.id}/change_ticket_status`, { token: admin, body: { status: "resolved" } })).status).toBe(200);
    const agent = `agent-${tag()}@kiln.local`;
    expect((await call("PATCH", `/api/support/admin/${a.id}/assign`, { token: admin, body: { user_email: agent.toUpperCase() } })).body.assigned_to).toBe(agent);
    await call("POST", `/api/support/conversations/${b.id}/messages`, { token: admin, body: { content: "Checking", additional_message_params: { is_admin_message: true } } });

    // case-insensitive over title and content; created_by finds all three (the resolved one only when asked)
    expect(ids(await inbox({ search: word.toUpperCase() }))).toEqual([b.id, a.id]);
    expect(ids(await inbox({ search: user.email }))).toEqual([b.id, a.id]);
    expect(ids(await inbox({ search: user.email, only_open: "false" }))).toEqual([b.id, a.id, c.id]);
    expect(ids(await inbox({ search: user.email, pending: "admin" }))).toEqual([a.id]);
    expect(ids(await inbox({ search: user.email, pending: "user" }))).toEqual([b.id]);
    expect(ids(await inbox({ search: user.email, pending: "resolved", only_open: "false" }))).toEqual([c.id]);
    expect(ids(await inbox({ search: user.email, assigned_to: agent }))).toEqual([a.id]);
    expect(ids(await inbox({ search: user.email, assigned_to: "unassigned" }))).toEqual([b.id]);
    expect(ids(await inbox({ search: user.email, category: "billing" }))).toEqual([b.id]);
  });

  it("counts come from the maintained counters and follow every change (assignee, internal categories, open scope)", async () => {
    const user = await signedIn("counts-user");
    const label = `Refund ${tag()}`;
    const agent = `counter-${tag()}@kiln.local`;
    const [t1, t2] = [await openTicket(user.token), await openTicket(user.token)];
    for (const t of [t1, t2]) {
      expect((await call("PATCH", `/api/support/admin/${t.id}/internal_categories`, { token: admin, body: { internal_categories: [` ${label} `, label, ""] } })).body.internal_categories).toEqual([label]);
      expect((await call("PATCH", `/api/support/admin/${t.id}/assign`, { token: admin, body: { user_email: agent } })).status).toBe(200);
    }
    let open = (await inbox()).counts;
    expect(open.by_internal_category[label]).toBe(2);
    expect(open.by_assignee[agent]).toBe(2);
    expect(ids(await inbox({ internal_category: label }))).toHaveLength(2);

    expect((await call("PATCH", `/api/support/admin/${t1.id}/internal_categories`, { token: admin, body: { internal_categories: [] } })).status).toBe(200);
    expect((await call("PATCH", `/api/support/admin/${t2.id}/change_ticket_status`, { token: admin, body: { status: "resolved" } })).status).toBe(200);
    open = (await inbox()).counts;
    expect(open.by_internal_category[label]).toBeUndefined();
    expect(open.by_assignee[agent]).toBe(1);
    const all = (await inbox({ only_open: "false" })).counts;
    expect(all.by_internal_category[label]).toBe(1);
    expect(all.by_assignee[agent]).toBe(2);
    expect(all.resolved).toBeGreaterThanOrEqual(1);
    // the Resolved filter's count is the total even while the list shows only open tickets
    expect((await inbox()).counts.resolved).toBeGreaterThanOrEqual(1);
  });

  it("refuses filters of the wrong shape with a 400", async () => {
    expect((await call("GET", "/api/support/admin?category=nonsense", { token: admin })).status).toBe(400);
    expect((await call("GET", "/api/support/admin?pending=maybe", { token: admin })).status).toBe(400);
  });

  it("is for admins only: a signed-in user gets 403 and sees nothing", async () => {
    const { token } = await signedIn("inbox-intruder");
    const res = await call("GET", "/api/support/admin", { token });
    expect(res.status).toBe(403);
    expect(res.body.conversations).toBeUndefined();
  });
});

describe("PATCH /api/support/admin/{id}/assign (spec 03 §5 Admin assign)", () => {
  it.each([
    ["", SupportRules.EMAIL_REQUIRED],
    ["   ", SupportRules.EMAIL_REQUIRED],
    ["not-an-email", SupportRules.INVALID_EMAIL],
    ["agent@gmail.com", "Email must be from @kiln.local domain"],
  ])("refuses %j with the spec's message and leaves the ticket unassigned", async (email, message) => {
    const { token } = await signedIn("assign-bad");
    const t = await openTicket(token);
    const res = await call("PATCH", `/api/support/admin/${t.id}/assign`, { token: admin, body: { user_email: email } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(message);
    expect((await call("GET", `/api/support/admin/${t.id}`, { token: admin })).body.ticket.assigned_to).toBeNull();
  });

  it("a resolved ticket cannot be assigned", async () => {
    const { token } = await signedIn("assign-resolved");
    const t = await openTicket(token);
    await call("PATCH", `/api/support/admin/${t.id}/change_ticket_status`, { token: admin, body: { status: "resolved" } });
    const res = await call("PATCH", `/api/support/admin/${t.id}/assign`, { token: admin, body: { user_email: "agent@kiln.local" } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(SupportRules.RESOLVED_CANNOT_ASSIGN);
  });
});

describe("PATCH /api/support/admin/resolve-many", () => {
  it("resolves each ticket on its own and reports the ones that failed: 'Successfully resolved 2 ticket(s) (1 failed)'", async () => {
    const { token } = await signedIn("bulk");
    const [a, b, c] = [await openTicket(token), await openTicket(token), await openTicket(token)];
    await call("PATCH", `/api/support/admin/${c.id}/status`, { token: admin, body: { status: "closed" } });
    const res = await call("PATCH", "/api/support/admin/resolve-many", { token: admin, body: { ticket_ids: [a.id, b.id, c.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resolved: [a.id, b.id], errors: [{ ticket_id: c.id, error: "Ticket is already resolved" }] });
    expect(SupportRules.resolvedMessage(res.body.resolved.length, res.body.errors.length)).toBe("Successfully resolved 2 ticket(s) (1 failed)");
    for (const t of [a, b]) expect((await call("GET", `/api/support/admin/${t.id}`, { token: admin })).body.ticket).toMatchObject({ ticket_status: "resolved", pending_response_from: "" });
    const unknown = await call("PATCH", "/api/support/admin/resolve-many", { token: admin, body: { ticket_ids: ["no-such-ticket"] } });
    expect(unknown.body).toEqual({ resolved: [], errors: [{ ticket_id: "no-such-ticket", error: SupportRules.NOT_FOUND }] });
  });
});

describe("GET /api/support/admin/{id} (ticket detail and sidebar)", () => {
  it("the user with their Stripe customer, their subscription read through the Stripe SDK, and the app", async () => {
    const user = await signedIn("detail-user");
    const stats = await call("GET", "/api/billing/stats", { token: user.token });
    const checkout = await call("POST", `/api/billing/create-checkout-session/${stats.body.pricing.pro.id}`, { token: user.token });
    await payCheckout(checkout.body.url);
    const me = await waitFor(async () => (await call("GET", "/api/auth/me", { token: user.token })).body, (u) => u.subscription_tier === "pro");
    const app = await builtApp(user.token);
    const t = await openTicket(user.token, { app_id: app.id });
    expect((await call("GET", "/api/support/conversations", { token: user.token })).body.conversations[0].user_subscription_tier).toBe("pro");

    const res = await call("GET", `/api/support/admin/${t.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ id: t.id, app_id: app.id });
    expect(res.body.ticket.messages).toHaveLength(1);
    expect(res.body.user).toMatchObject({ id: user.user.id, email: user.email, stripe_customer_id: me.stripe_customer_id, subscription_tier: "pro" });
    expect(res.body.stripe_customer_url).toContain(`/customers/${me.stripe_customer_id}`);
    expect(res.body.subscriptions_error).toBeNull();
    expect(res.body.subscriptions).toEqual([
      expect.objectContaining({ status: "active", amount: stats.body.pricing.pro.unit_amount, interval: "month", plan: { nickname: stats.body.pricing.pro.nickname } }),
    ]);
    expect(res.body.app).toMatchObject({ id: app.id, name: app.name, public_settings: expect.any(String) });
  });

  it("a user without a Stripe customer has no subscriptions ('No active subscriptions'); an unknown id is 'No Conversation Found'", async () => {
    const { token } = await signedIn("detail-free");
    const t = await openTicket(token);
    const res = await call("GET", `/api/support/admin/${t.id}`, { token: admin });
    expect(res.body).toMatchObject({ subscriptions: [], app: null, stripe_customer_url: null, user: { stripe_customer_id: null } });
    for (const id of ["no-such-ticket", "x".repeat(3000)]) {
      const missing = await call("GET", `/api/support/admin/${id}`, { token: admin });
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe(SupportRules.NOT_FOUND);
      expect((await call("PATCH", `/api/support/admin/${id}/status`, { token: admin, body: { status: "closed" } })).status).toBe(404);
      expect((await call("GET", `/api/support/conversations/${id}`, { token: admin })).status).toBe(404);
    }
  });
});

describe("DELETE /api/support/admin/{id}/messages", () => {
  it("deletes an assistant message; a user's message is refused and stays", async () => {
    const { token } = await signedIn("delete-msg");
    const t = await openTicket(token);
    const reply = await call("POST", `/api/support/conversations/${t.id}/messages`, { token: admin, body: { content: "Oops, wrong ticket", additional_message_params: { is_admin_message: true } } });
    const thread = async () => (await call("GET", `/api/support/conversations/${t.id}`, { token })).body.messages as { id: string; role: string }[];
    const userMessage = (await thread()).find((m) => m.role === "user")!;
    const refused = await call("DELETE", `/api/support/admin/${t.id}/messages`, { token: admin, body: { message_id: userMessage.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(SupportRules.ONLY_ASSISTANT_MESSAGES);
    expect((await call("DELETE", `/api/support/admin/${t.id}/messages`, { token: admin, body: { message_id: reply.body.id } })).status).toBe(200);
    expect((await thread()).map((m) => m.id)).toEqual([userMessage.id]);
    expect((await call("DELETE", `/api/support/admin/${t.id}/messages`, { token: admin, body: { message_id: reply.body.id } })).status).toBe(404);
  });
});

describe("the AI draft and polish without a model", () => {
  it("the draft quotes the best-matching article and is kept on the ticket; nothing is invented", async () => {
    const word = `quasar${tag()}`;
    const article = await call("POST", "/api/docs/articles", {
      token: admin,
      body: { title: `Resetting the ${word} cache`, content: `Intro paragraph.\n\nTo clear the ${word} cache, open Settings and press Reset ${word}.` },
    });
    expect(article.status).toBe(201);
    const { token } = await signedIn("draft-user");
    const t = await openTicket(token, { title: `My ${word} cache is stale`, content: `The ${word} cache shows yesterday's data. How do I reset it?` });
    const res = await call("POST", `/api/support/admin/${t.id}/draft`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("articles");
    expect(res.body.articles[0]).toEqual({ id: article.body.id, title: `Resetting the ${word} cache` });
    expect(res.body.draft).toContain(`**Resetting the ${word} cache**`);
    expect(res.body.draft).toContain(`> To clear the ${word} cache, open Settings and press Reset ${word}.`);
    const detail = (await call("GET", `/api/support/admin/${t.id}`, { token: admin })).body.ticket;
    expect(detail).toMatchObject({ draft: res.body.draft, is_bot_writing: false });
  });

  it("polish answers a 400 saying it needs a model", async () => {
    const { token } = await signedIn("polish-user");
    const t = await openTicket(token);
    const res = await call("POST", `/api/support/admin/${t.id}/messages/polish`, { token: admin, body: { text: "we has fixed it" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(SupportRules.POLISH_NEEDS_MODEL);
  });
});
