import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../../stacks/local/stripe/index.ts";

// The stand-in's local dashboard for a connected account (stacks/local/stripe/dashboard.ts), on its own free port.
const SECRET = "sk_test_standin_dashboard_0123456789";

let dir: string;
let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stripe-dashboard-"));
  standIn = await startStripeStandIn({ port: 0, dataFile: join(dir, "stripe.json"), secretKey: SECRET, webhookSecret: "whsec_dashboard", webhookUrl: null, log: () => {} });
  stripe = new Stripe(SECRET, { host: standIn.host, port: standIn.port, protocol: "http" });
});

afterAll(async () => {
  await standIn?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A connected account that finished onboarding (the onboarding page's one button). */
async function onboardedAccount(email = "seller@example.com") {
  const account = await stripe.accounts.create({ type: "express", email });
  const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: "http://kiln.test/r", return_url: "http://kiln.test/r" });
  await fetch(link.url, { method: "POST", redirect: "manual" });
  return account.id;
}

/** Opens a fresh login link: answers the dashboard's address (the session's) after the redirect. */
async function openDashboard(account: string): Promise<string> {
  const link = await stripe.accounts.createLoginLink(account);
  const res = await fetch(link.url, { redirect: "manual" });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!, standIn.url).toString();
}

/** A form post as a browser on the dashboard sends it (its own Origin unless told otherwise). */
async function post(url: string, fields: Record<string, string>, origin: string | null = standIn.url) {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: origin ? { origin } : {} });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

const products = (account: string) => stripe.products.list({ limit: 100 }, { stripeAccount: account });
const prices = (account: string, product: string) => stripe.prices.list({ product, limit: 100 }, { stripeAccount: account });

describe("local dashboard", () => {
  it("opens once from a login link, is labelled, and seeds one test product with a price on the first visit only", async () => {
    const account = await onboardedAccount();
    expect((await products(account)).data).toEqual([]);
    const link = await stripe.accounts.createLoginLink(account);
    expect(link).toMatchObject({ object: "login_link", url: expect.stringContaining(`${standIn.url}/dashboard/login/`) });
    const opened = await fetch(link.url, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const again = await fetch(link.url, { redirect: "manual" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This dashboard link has expired or was already used.");

    const dashboard = new URL(opened.headers.get("location")!, standIn.url).toString();
    const html = await (await fetch(dashboard)).text();
    expect(html).toContain("Local Stripe dashboard — Stripe stand-in, development only.");
    expect(html).toContain(account);
    const seeded = (await products(account)).data;
    expect(seeded.map((p) => [p.name, p.metadata.standin_test_product])).toEqual([["Test product", "true"]]);
    expect(seeded[0].description).toContain("Created by the local Stripe stand-in");
    const [price] = (await prices(account, seeded[0].id)).data;
    expect([price.unit_amount, price.currency, price.type, seeded[0].default_price]).toEqual([1000, "usd", "one_time", price.id]);
    expect(html).toContain("Test product</strong><span class=\"badge\" data-testid=\"standin-test-product\">Test product</span>");

    await openDashboard(account);
    expect((await products(account)).data).toHaveLength(1);
  });

  it("adds a product with a one-time or recurring price that the REST API lists, and archives it with its prices", async () => {
    const account = await onboardedAccount();
    const dashboard = await openDashboard(account);
    const added = await post(`${dashboard}/products`, { name: "Blue mug", description: "Hand thrown", amount: "24.50", currency: "eur", billing: "one_time" });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`${new URL(dashboard).pathname}?done=created`);
    const club = await post(`${dashboard}/products`, { name: "Mug club", description: "", amount: "9", currency: "usd", billing: "month" });
    expect(club.status).toBe(303);

    const [clubProduct, mug] = (await products(account)).data;
    expect([mug.name, mug.description, mug.active, clubProduct.name, clubProduct.description]).toEqual(["Blue mug", "Hand thrown", true, "Mug club", null]);
    const [mugPrice] = (await prices(account, mug.id)).data;
    expect([mugPrice.unit_amount, mugPrice.currency, mugPrice.recurring, mug.default_price]).toEqual([2450, "eur", null, mugPrice.id]);
    const [clubPrice] = (await prices(account, clubProduct.id)).data;
    expect([clubPrice.unit_amount, clubPrice.recurring?.interval, clubPrice.recurring?.interval_count]).toEqual([900, "month", 1]);
    const page = await (await fetch(`${dashboard}?done=created`)).text();
    expect(page).toContain("Product added.");
    expect(page).toContain("€24.50");
    expect(page).toContain("$9.00 / month");

    const archived = await post(`${dashboard}/products/${mug.id}/archive`, {});
    expect(archived.location).toBe(`${new URL(dashboard).pathname}?done=archived`);
    expect((await stripe.products.retrieve(mug.id, {}, { stripeAccount: account })).active).toBe(false);
    expect((await stripe.prices.retrieve(mugPrice.id, {}, { stripeAccount: account })).active).toBe(false);
    expect((await stripe.products.list({ active: true }, { stripeAccount: account })).data.map((p) => p.id)).not.toContain(mug.id);
    await expect(
      stripe.checkout.sessions.create({ mode: "payment", line_items: [{ price: mugPrice.id, quantity: 1 }], success_url: "http://kiln.test/ok" }, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("escapes every stored value on the page", async () => {
    const account = await onboardedAccount(`"><img src=x onerror=alert(1)>@example.com`);
    const dashboard = await openDashboard(account);
    const evil = `<script>alert("x")</script>&'`;
    expect((await post(`${dashboard}/products`, { name: evil, description: `<b onmouseover='y'>`, amount: "1", currency: "usd", billing: "one_time" })).status).toBe(303);
    await stripe.products.create({ name: "<i>api</i>", description: "</div><form action=//evil>" }, { stripeAccount: account });
    const html = await (await fetch(dashboard)).text();
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;");
    for (const raw of ["<script>", "<img src=x", "<b onmouseover", "<i>api", "<form action=//evil"]) expect(html).not.toContain(raw);
  });

  it("refuses posts from another site or without an Origin, and bad input, changing nothing", async () => {
    const account = await onboardedAccount();
    const dashboard = await openDashboard(account);
    const before = (await products(account)).data.map((p) => [p.id, p.active]);
    const fields = { name: "Forged", amount: "1.00", currency: "usd", billing: "one_time" };
    for (const origin of ["http://evil.example", "null", null]) {
      const res = await post(`${dashboard}/products`, fields, origin);
      expect(res.status).toBe(403);
      expect(res.html).toContain("This form was posted from another site, so nothing was changed.");
    }
    const test = (await products(account)).data[0];
    expect((await post(`${dashboard}/products/${test.id}/archive`, {}, "http://evil.example")).status).toBe(403);

    const refused: Array<[Record<string, string>, string]> = [
      [{ ...fields, name: "  " }, "Enter a product name."],
      [{ ...fields, amount: "12.345" }, "Enter the price as a number, like 24.50"],
      [{ ...fields, amount: "-1" }, "Enter the price as a number"],
      [{ ...fields, amount: "1234567" }, "at most 999999.99"],
      [{ ...fields, currency: "xxx" }, "Pick a currency"],
      [{ ...fields, billing: "fortnight" }, "Pick one-time or a billing interval."],
      [{ ...fields, name: "n".repeat(251) }, "at most 250 characters"],
    ];
    for (const [body, message] of refused) {
      const res = await post(`${dashboard}/products`, body);
      expect(res.status, message).toBe(400);
      expect(res.html).toContain(message);
    }
    const nested = await fetch(`${dashboard}/products`, { method: "POST", body: "name[a]=1&amount[]=2&currency=usd&billing=one_time", headers: { origin: standIn.url, "content-type": "application/x-www-form-urlencoded" } });
    expect(nested.status).toBe(400);
    expect((await products(account)).data.map((p) => [p.id, p.active])).toEqual(before);
  });

  it("keeps each session to its account, and needs a finished onboarding and a real session", async () => {
    const mine = await openDashboard(await onboardedAccount());
    const other = await onboardedAccount();
    await openDashboard(other);
    const theirs = (await products(other)).data[0];
    const res = await post(`${mine}/products/${theirs.id}/archive`, {});
    expect(res.status).toBe(404);
    expect((await stripe.products.retrieve(theirs.id, {}, { stripeAccount: other })).active).toBe(true);

    expect((await fetch(`${standIn.url}/dashboard/dashsess_guessed`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/dashboard/${other}`)).status).toBe(404);
    const fresh = await stripe.accounts.create({ type: "express" });
    await expect(stripe.accounts.createLoginLink(fresh.id)).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining("not completed onboarding") });
    await stripe.accounts.del(other);
    expect((await fetch(`${standIn.url}${new URL(mine).pathname}`)).status).toBe(200);
  });

  it("lists the account's completed payments", async () => {
    const account = await onboardedAccount();
    const dashboard = await openDashboard(account);
    const [test] = (await products(account)).data;
    const session = await stripe.checkout.sessions.create(
      { mode: "payment", line_items: [{ price: test.default_price as string, quantity: 2 }], customer_email: "buyer@example.com", success_url: "http://kiln.test/ok" },
      { stripeAccount: account },
    );
    expect((await fetch(dashboard).then((r) => r.text())).includes("buyer@example.com")).toBe(false);
    expect((await fetch(session.url!, { method: "POST", body: new URLSearchParams({ action: "pay" }), redirect: "manual" })).status).toBe(303);
    const html = await (await fetch(dashboard)).text();
    expect(html).toMatch(/data-testid="standin-payment-email">buyer@example\.com<\/td><td data-testid="standin-payment-items">Test product<\/td><td class="amount" data-testid="standin-payment-amount">\$20\.00</);
  });
});
