import { beforeAll, describe, expect, it } from "vitest";
import { Credits } from "../../functions/core/billing/credits";
import { coveringBuckets } from "../../functions/core/logs/platform-reports";
import { Users } from "../../functions/core/identity/users";
import { builtApp, call, signedIn, tokenFor, useStackLinks, waitForApp } from "./helpers";
import { payCheckout, waitFor } from "./stripe-helpers";

// Kiln's own credit code runs in this process against the stack's DynamoDB Local.
useStackLinks();

let admin: string;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const today = () => dayOf(new Date());
const get = async (path: string, token = admin) => {
  const res = await call("GET", path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const stats = () => get("/api/admin/analytics/overall");
/**
 * Every user with messages in a range, not only the first 100: in a full run other test files' users
 * fill today's ranking too, and one with a single message may rank below the cut.
 */
const everyone = async (range = "") => {
  const rows = await get(`/api/admin/analytics/top-users?limit=500${range}`);
  expect(rows.length, "more users sent messages than one ranking lists").toBeLessThan(500);
  return rows as { user_id: string; message_count: number }[];
};

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
});

describe("platform counters move as things happen (spec 03 §3 Admin stats)", () => {
  it("a new user counts in total_users, new_users_today and today's bar of the growth chart", async () => {
    const day = today();
    const before = await stats();
    const growthBefore = (await get("/api/admin/analytics/user-analytics?range=7d")).at(-1);
    const { user } = await signedIn("admin-stats-new");
    const after = await stats();
    const growth = await get("/api/admin/analytics/user-analytics?range=7d");
    // A run across midnight UTC starts today's counts again: then only "at least ours" can be said of them.
    const sameDay = today() === day && growth.at(-1).date === day;
    // other test files sign people up at the same time: at least ours is counted
    expect(after.total_users).toBeGreaterThanOrEqual(before.total_users + 1);
    expect(after.new_users_today).toBeGreaterThanOrEqual(sameDay ? before.new_users_today + 1 : 1);
    expect(after.new_users_by_day).toHaveLength(30);
    expect(growth).toHaveLength(7);
    expect(growth.at(-1)).toEqual({ date: today(), count: expect.any(Number) });
    expect(growth.at(-1).count).toBeGreaterThanOrEqual(sameDay ? growthBefore.count + 1 : 1);
    // hiding today ends the chart yesterday
    const hidden = await get("/api/admin/analytics/user-analytics?range=7d&hide_today=true");
    expect(hidden.at(-1).date < today()).toBe(true);
    // the user is listed by id for the side panel
    expect(await get(`/api/auth/users/${user.id}`)).toMatchObject({ id: user.id, email: user.email });
    expect((await call("GET", "/api/auth/users/no-such-user", { token: admin })).status).toBe(404);
  });

  it("a subscription through Stripe checkout counts in paying_users, and going back to Free uncounts it", async () => {
    const { token, user } = await signedIn("admin-stats-paying");
    const plans = (await call("GET", "/api/billing/stats", { token })).body.pricing;
    const before = (await stats()).paying_users;
    const checkout = await call("POST", `/api/billing/create-checkout-session/${plans.pro.id}`, { token });
    await payCheckout(checkout.body.url);
    await waitFor(() => get("/api/auth/me", token), (u) => u.subscription_tier === "pro");
    expect((await stats()).paying_users).toBeGreaterThanOrEqual(before + 1);

    const middle = (await stats()).paying_users;
    const edited = await call("POST", `/api/auth/${user.id}/update-user`, { token: admin, body: { subscription_tier: "free" } });
    expect(edited.body.subscription_tier).toBe("free");
    expect((await stats()).paying_users).toBeLessThanOrEqual(middle - 1);
  });
});

describe("top users and platform usage (spec 03 §7.4)", () => {
  it("ranks users by messages sent in the range, with their profile; a refund takes a message back", async () => {
    const busy = await signedIn("admin-top-busy");
    const quiet = await signedIn("admin-top-quiet");
    // three days back: no other test charges on that day, so its ranking is exactly these charges
    const at = new Date(Date.now() - 3 * 86_400_000);
    const day = dayOf(at);
    const charges = [];
    for (let i = 0; i < 3; i++) charges.push(await Credits.charge((await Users.get(busy.user.id))!, 1, at));
    await Credits.charge((await Users.get(quiet.user.id))!, 0.3, at);

    const row = (who: typeof busy, message_count: number) => ({ user_id: who.user.id, email: who.email, full_name: null, subscription_tier: "free", platform_role: "user", message_count });
    const onDay = () => get(`/api/admin/analytics/top-users?start_date=${day}&end_date=${day}`);
    expect(await onDay()).toEqual([row(busy, 3), row(quiet, 1)]);
    expect((await get(`/api/admin/analytics/usage-by-date?start_date=${day}&end_date=${day}`)).usage_by_date).toEqual([{ _id: day, total_messages: 4 }]);

    await Credits.refund(busy.user.id, charges[0]);
    expect(await onDay()).toEqual([row(busy, 2), row(quiet, 1)]);
    // the 7-day default and all time count them too, most first
    const week = await everyone();
    expect(week.find((r) => r.user_id === busy.user.id)?.message_count).toBe(2);
    const counts = week.map((r) => r.message_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await everyone(`&start_date=2020-01-01&end_date=${today()}`)).find((r) => r.user_id === busy.user.id)?.message_count).toBe(2);
  });

  it("a limit that cuts through a tie keeps the tied users first by e-mail", async () => {
    const tied = await Promise.all(["admin-tie-c", "admin-tie-a", "admin-tie-b"].map((name) => signedIn(name)));
    // five days back: no other test charges on that day
    const at = new Date(Date.now() - 5 * 86_400_000);
    const day = dayOf(at);
    for (const who of tied) await Credits.charge((await Users.get(who.user.id))!, 1, at);
    const byEmail = tied.map((who) => who.email).sort();
    const ranked = (limit: number) => get(`/api/admin/analytics/top-users?start_date=${day}&end_date=${day}&limit=${limit}`);
    expect((await ranked(2)).map((r: { email: string }) => r.email)).toEqual(byEmail.slice(0, 2));
    expect((await ranked(1)).map((r: { email: string }) => r.email)).toEqual(byEmail.slice(0, 1));
    expect((await ranked(3)).map((r: { email: string }) => r.email)).toEqual(byEmail);
  });

  it("a chat message counts for its sender", async () => {
    const from = today();
    const { token, user } = await signedIn("admin-top-chat");
    // a first turn that failed would be refunded and count nothing
    expect((await builtApp(token, "A simple notes app")).status.state).toBe("ready");
    expect((await everyone(`&start_date=${from}&end_date=${today()}`)).find((r) => r.user_id === user.id)?.message_count).toBe(1);
  });

  it("refuses a range that ends in the future, starts after it ends or before 2020, with a 400", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, RegExp][] = [
      [`start_date=${today()}&end_date=${tomorrow}`, /end_date cannot be in the future/],
      [`start_date=2024-02-10&end_date=2024-02-01`, /start_date cannot be after end_date/],
      [`start_date=2019-12-31&end_date=2020-01-05`, /before 2020-01-01/],
      [`start_date=yesterday`, /start_date must be a date/],
      [`limit=0`, /limit/],
    ];
    for (const [q, message] of cases) {
      const res = await call("GET", `/api/admin/analytics/top-users?${q}`, { token: admin });
      expect([res.status, res.body.detail], q).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call("GET", "/api/admin/analytics/user-analytics?range=2w", { token: admin })).status).toBe(400);
    expect((await call("GET", `/api/admin/analytics/usage-by-date?end_date=${tomorrow}`, { token: admin })).status).toBe(400);
  });

  it("reads a range as whole years, months and days", () => {
    expect(coveringBuckets("2020-01-01", "2021-03-02")).toEqual(["Y2020", "M2021-01", "M2021-02", "D2021-03-01", "D2021-03-02"]);
    expect(coveringBuckets("2024-02-28", "2024-03-01")).toEqual(["D2024-02-28", "D2024-02-29", "D2024-03-01"]);
    expect(coveringBuckets("2024-12-01", "2024-12-31")).toEqual(["M2024-12"]);
  });
});

describe("platform analytics (spec 03 §2.4)", () => {
  it("counts the tokens a model call really used per user, and none for the offline engine", async () => {
    const { token, user } = await signedIn("admin-tokens");
    const app = await builtApp(token, "A simple notes app");
    const tokens = async () => (await get("/api/admin/analytics/tokens-by-user")).tokens_by_user_7d.find((r: { user_id: string }) => r.user_id === user.id);
    expect(await tokens()).toBeUndefined();
    expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
    expect((await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a help page" } })).status).toBe(201);
    await waitForApp(token, app.id);
    // the Anthropic stand-in reports 321 input and 54 output tokens
    expect(await waitFor(tokens, (r) => r !== undefined)).toEqual({ _id: user.email, user_id: user.id, total_tokens: 375 });
  }, 60_000);

  it("trending apps: visits and distinct visitors of the last 7 days, on both paths", async () => {
    const owner = await signedIn("admin-trending");
    const app = await builtApp(owner.token, "A tiny blog");
    for (const page of ["Home", "Posts", "Home"]) expect((await call("POST", `/api/app-logs/${app.id}/log-user-in-app/${page}`, { token: owner.token })).status).toBe(200);
    const expected = { id: app.id, name: app.name, total_visits: 3, unique_users: 1 };
    const listed = async (path: string, token?: string) =>
      ((token ? (await call("GET", path, { token })).body : await get(path)).trending_apps as { id: string }[]).find((a) => a.id === app.id);
    expect(await listed("/api/admin/analytics/trending-apps?limit=100")).toEqual(expected);
    // the trending grid any signed-in user sees lists public apps only
    const stranger = await signedIn("admin-trending-viewer");
    expect(await listed("/api/apps/public/trending?limit=100", stranger.token)).toBeUndefined();
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    expect(await listed("/api/apps/public/trending?limit=100", stranger.token)).toEqual(expected);
  }, 60_000);
});

describe("platform analytics at the spec's paths (03 §7.4, base /admin/analytics)", () => {
  it("answers /overall, /top-users (100 by default), /user-analytics and /apps/public/trending; the old paths are gone", async () => {
    const overall = await get("/api/admin/analytics/overall");
    expect(Object.keys(overall).sort()).toEqual(["new_users_by_day", "new_users_today", "paying_users", "total_users"]);
    expect(overall.total_users).toBeGreaterThan(0);
    const top = await get(`/api/admin/analytics/top-users?start_date=${today()}&end_date=${today()}`);
    expect(Array.isArray(top)).toBe(true);
    expect(top.length).toBeLessThanOrEqual(100);
    const growth = await get("/api/admin/analytics/user-analytics");
    expect(growth).toHaveLength(30);
    expect(growth.at(-1)).toEqual({ date: today(), count: expect.any(Number) });
    const { token } = await signedIn("admin-spec-paths");
    expect(Object.keys(await get("/api/apps/public/trending", token))).toEqual(["trending_apps"]);
    for (const old of ["/api/admin/stats", "/api/admin/top-users", "/api/admin/user-growth"]) expect((await call("GET", old, { token: admin })).status, old).toBe(404);
  });
});

describe("only platform admins (spec 03 §6)", () => {
  it("refuses every admin route to an ordinary user with 403 and to no one signed in with 401", async () => {
    const { token, user } = await signedIn("admin-not");
    const paths = [
      "/api/admin/analytics/overall",
      "/api/admin/analytics/user-analytics",
      "/api/admin/analytics/top-users",
      "/api/admin/analytics/usage-by-date",
      "/api/admin/analytics/tokens-by-user",
      "/api/admin/analytics/trending-apps",
      `/api/auth/users/${user.id}`,
    ];
    for (const path of paths) {
      const res = await call("GET", path, { token });
      expect([res.status, res.body.detail], path).toEqual([403, "Access Denied - You are not authorized to access this page"]);
      expect((await call("GET", path)).status, path).toBe(401);
    }
  });
});
