import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiCall as call, toastSaying, tokenFor, uniqueEmail, useBrowser, webUrl } from "./browser";

/** The admin portal and platform analytics in a real browser, signed in as the seeded admin (spec 03 §2.3, §2.4, §4, §5, §9). */

const browser = useBrowser();


async function signedIn(email: string, path: string): Promise<Page> {
  const page = await browser.signedIn(email, path);
  await page.waitForURL(`${webUrl()}${path}`);
  return page;
}

/** A user with a name who has sent one message (creating an app costs one). */
async function member(label: string) {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const me = (await call("GET", "/api/auth/me", { token })).body;
  await call("POST", `/api/auth/${me.id}/update-user`, { token, body: { full_name: `Ada ${label}` } });
  const app = await call("POST", "/api/apps", { token, body: { user_description: "A simple notes app" } });
  expect(app.status).toBe(201);
  return { email, id: me.id as string, token, app: app.body as { id: string; name: string } };
}

describe("/user-management", () => {
  it("searches, opens the panel by URL, edits the tier, grants and deletes bonus credits, and closing drops the parameter", async () => {
    const target = await member("admin-e2e-target");
    const admin = await tokenFor("admin@kiln.local");
    const page = await signedIn("admin@kiln.local", "/user-management");

    await page.getByTestId("admin-user-search").fill(target.email.split("@")[0]);
    await page.locator(`[data-testid="admin-user-row"][data-email="${target.email}"]`).waitFor();
    await expect.poll(() => page.getByTestId("admin-user-row").count()).toBe(1);

    // a user that does not exist: the panel's parameter is dropped
    await page.goto("/user-management?userId=no-such-user");
    await page.waitForURL((url) => !url.searchParams.has("userId"));

    await page.goto(`/user-management?userId=${target.id}`);
    const panel = page.getByTestId("admin-user-panel");
    await panel.getByText(target.email).first().waitFor();
    expect(await panel.getByTestId("admin-user-full-name").inputValue()).toBe("Ada admin-e2e-target");
    await panel.getByTestId("admin-user-api-key").waitFor();

    await panel.getByTestId("admin-user-tier").selectOption("pro");
    await panel.getByTestId("admin-user-save").click();
    await expect.poll(async () => (await call("GET", `/api/auth/users/${target.id}`, { token: admin })).body.subscription_tier).toBe("pro");

    await panel.getByText("No bonus credits found for this user.").waitFor();
    await panel.getByTestId("bonus-messages").fill("5");
    await panel.getByTestId("bonus-reason").fill("e2e thanks");
    await panel.getByTestId("bonus-add").click();
    await panel.locator('[data-testid="bonus-row"][data-reason="e2e thanks"]').waitFor();
    expect((await call("GET", `/api/credits/${target.id}/bonus-credits`, { token: admin })).body).toMatchObject([{ num_messages: 5, reason: "e2e thanks" }]);
    await panel.getByTestId("bonus-delete").click();
    await page.getByTestId("bonus-delete-confirm").click();
    await panel.getByText("No bonus credits found for this user.").waitFor();
    expect((await call("GET", `/api/credits/${target.id}/bonus-credits`, { token: admin })).body).toEqual([]);

    await panel.getByTestId("admin-user-panel-close").click();
    await page.waitForURL((url) => !url.searchParams.has("userId"));
    await panel.waitFor({ state: "detached" });
  });

  it("exports the listed users as CSV with exactly the columns of spec 03 §9", async () => {
    const target = await member("admin-e2e-csv");
    const page = await signedIn("admin@kiln.local", "/user-management");
    await page.getByTestId("admin-user-search").fill(target.email);
    await expect.poll(() => page.getByTestId("admin-user-row").count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("admin-export-csv").click()]);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split(/\r?\n/);
    expect(lines[0]).toBe("email,full name,platform role,created date,subscription tier,stripe customer id,api key");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${target.email},Ada admin-e2e-csv,user,\\d{4}-\\d\\d-\\d\\dT[^,]+,free,,[0-9a-f]{32}$`));
  });

  it("creates a coupon after the form's own checks", async () => {
    const page = await signedIn("admin@kiln.local", "/user-management?tab=coupons");
    const form = page.getByTestId("coupon-create-form");
    await page.getByTestId("coupon-create").click();
    for (const message of ["Code is required", "Number of messages is required", "Max number of people is required"]) await form.getByText(message).waitFor();
    const code = `E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await page.getByTestId("coupon-code").fill(code);
    await page.getByTestId("coupon-num_messages").fill("0");
    await page.getByTestId("coupon-max_number_of_people").fill("3");
    await page.getByTestId("coupon-create").click();
    await form.getByText("Must be at least 1").waitFor();
    await page.getByTestId("coupon-num_messages").fill("10");
    await page.getByTestId("coupon-create").click();
    await toastSaying(page, "Coupon code created successfully");
    await page.locator(`[data-testid="coupon-row"][data-code="${code}"]`).waitFor();
  });

  it("Statistics: totals, the user growth chart's bars and the top users of the last 7 days", async () => {
    const target = await member("admin-e2e-top");
    const page = await signedIn("admin@kiln.local", "/user-management?tab=statistics");
    await expect.poll(async () => Number(await page.getByTestId("stat-total_users").innerText())).toBeGreaterThanOrEqual(3);
    const chart = page.getByTestId("user-growth-chart");
    await chart.locator("svg rect").first().waitFor();
    expect(await chart.getAttribute("data-days")).toBe("30");
    await page.getByTestId("growth-7d").click();
    await expect.poll(() => chart.getAttribute("data-days")).toBe("7");
    // a bar for each of the 7 days
    expect(await chart.locator("svg rect").count()).toBeGreaterThanOrEqual(7);
    await page.getByTestId("top-users-table").getByText(target.email).waitFor();
    await page.getByTestId("top-range-all").click();
    expect(await page.getByTestId("top-start").inputValue()).toBe("2020-01-01");
    await page.getByTestId("top-users-table").getByText(target.email).waitFor();
  });

  it("an ordinary user is told they are not allowed", async () => {
    const page = await signedIn(uniqueEmail("admin-e2e-denied"), "/user-management");
    await page.getByText("Access Denied - You are not authorized to access this page").waitFor();
    await page.goto("/admin/analytics");
    await page.getByText("Access Denied - You are not authorized to access this page").waitFor();
    // and the account menu offers them no admin pages
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "Billing" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "User Management" }).count()).toBe(0);
  });

  it("the account menu takes an admin to User Management and Platform Analytics", async () => {
    const page = await signedIn("admin@kiln.local", "/billing");
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "Platform Analytics" }).waitFor();
    await page.getByRole("menuitem", { name: "User Management" }).click();
    await page.waitForURL(`${webUrl()}/user-management`);
  });
});

describe("/admin/analytics", () => {
  it("shows messages per day as bars, tokens per user and trending apps", async () => {
    const visited = await member("admin-e2e-analytics");
    expect((await call("POST", `/api/app-logs/${visited.app.id}/log-user-in-app/Home`, { token: visited.token })).status).toBe(200);
    const page = await signedIn("admin@kiln.local", "/admin/analytics");
    await expect.poll(() => page.getByTestId("usage-by-date-chart").locator("svg rect").count()).toBeGreaterThan(0);
    // the slanted day labels lie wholly inside the chart: none cut at its bottom or left edge
    const cut = await page.getByTestId("usage-by-date-chart").locator("svg").first().evaluate((svg) => {
      const frame = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll("text")].filter((t) => (t.getAttribute("transform") ?? "").includes("rotate(-45)"));
      const outside = labels.filter((t) => {
        const r = t.getBoundingClientRect();
        return r.left < frame.left || r.right > frame.right || r.top < frame.top || r.bottom > frame.bottom;
      });
      return { labels: labels.length, outside: outside.map((t) => t.textContent) };
    });
    expect(cut.labels).toBeGreaterThan(0);
    expect(cut.outside).toEqual([]);
    // the offline engine uses no tokens: the table may well be empty here (test/api/admin.test.ts counts a real model call)
    await page.getByTestId("tokens-table").or(page.getByTestId("tokens-empty")).waitFor();
    await page.getByTestId("trending-table").getByText(visited.app.name).waitFor();
  });
});
