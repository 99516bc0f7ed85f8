import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, newContext, signInThroughIdentityPage, tokenFor, uniqueEmail, webUrl } from "./browser";

/**
 * Custom domains in Chromium (spec 02 §2–§8): the owner adds a domain in the workspace's Domains
 * view, the local DNS stand-in is made to answer (the routing record, then the TXT record the view
 * shows with the app's value), Verify turns it Verified, and the published app
 * opens on that domain. Chromium resolves the made-up name to this machine with
 * --host-resolver-rules, as real DNS would once the owner's records are in place.
 */

const DOMAIN = "shop.example.test";
const PAGE = `export default function Welcome() {
  return <main className="p-6"><h1 data-testid="welcome">Welcome to the shop</h1></main>;
}
`;

let browser: Browser;
let appId: string;
let ownerEmail: string;
const port = () => new URL(webUrl()).port;

beforeAll(async () => {
  // test/e2e/chromium.ts takes no extra flags: this browser adds the host mapping to its own
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
  });
  ownerEmail = uniqueEmail("domains-owner");
  const token = await tokenFor(ownerEmail);
  const me = (await call("GET", "/api/auth/me", { token })).body;
  expect((await call("POST", `/api/auth/${me.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "builder" } })).status).toBe(200);
  const created = await call("POST", "/api/apps", { token, body: { user_description: "A simple task tracker with a list of tasks and their status" } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  appId = created.body.id;
  // polled by hand: expect.poll may not run in a beforeAll
  for (const deadline = Date.now() + 45_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const state = (await call("GET", `/api/apps/${appId}`, { token })).body.status.state;
    if (state === "ready") break;
    if (Date.now() > deadline) throw new Error(`the app was not built: ${state}`);
  }
  expect((await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "pages/Welcome", content: PAGE } })).status).toBe(200);
  expect((await call("PUT", `/api/apps/${appId}`, { token, body: { public_settings: "public_without_login" } })).status).toBe(200);
  expect((await call("POST", `/api/apps/${appId}/deploy`, { token })).status).toBe(200);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe("custom domains", () => {
  it("add a domain, make the local DNS answer, watch it verify, and open the app on it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughIdentityPage(page, { email: ownerEmail }, `/apps/${appId}/editor/workspace/domains`);
    await page.getByTestId("domains-view").waitFor();
    await page.getByTestId("workspace-sidebar").getByTestId("workspace-nav-domains").waitFor();

    const guidance = page.getByTestId("domains-dns-guidance");
    const add = page.getByTestId("domains-add");
    expect(await add.isDisabled()).toBe(true);
    await page.getByTestId("domains-input").fill("  Shop.Example.TEST ");
    expect(await page.getByTestId("domains-input").inputValue()).toBe("  shop.example.test ");
    await add.click();
    const row = page.getByTestId(`domain-${DOMAIN}`);
    await row.getByTestId("domain-status").getByText("Pending").waitFor();
    await row.getByText(`No DNS records for ${DOMAIN} yet`).waitFor();
    expect(await page.getByTestId("domains-input").inputValue()).toBe("");
    await guidance.getByTestId("dns-record-CNAME").getByText("apps.localhost").waitFor();
    await guidance.getByTestId("dns-record-ANAME").getByText("apps.localhost").waitFor();
    await guidance.getByTestId("dns-record-A").getByText("127.0.0.1").waitFor();
    await guidance.getByText("Remove any AAAA records").waitFor();
    await guidance.getByTestId("dns-record-TXT").getByText("_kiln-challenge.<your domain>").waitFor();
    await row.getByTestId("domain-txt-name").getByText(`_kiln-challenge.${DOMAIN}`, { exact: true }).waitFor();
    await row.getByTestId("domain-release").getByText("a domain not verified within 7 days is released", { exact: false }).waitFor();
    const value = (await row.getByTestId("domain-txt-value").textContent())!;
    expect(value).toMatch(/^kiln-verify=[0-9a-f]{32}$/);
    expect(await guidance.getByTestId("dns-record-TXT").textContent()).toContain(value);

    expect((await call("PUT", `/api/local/dns/${DOMAIN}`, { body: { a: ["10.0.0.9"] } })).status).toBe(200);
    await row.getByTestId("domain-verify").click();
    await row.getByTestId("domain-status").getByText("Error").waitFor();
    await row.getByText(`${DOMAIN} points at A 10.0.0.9`).waitFor();

    // pointing here is not enough: a record left by someone else's deleted domain would point here too
    expect((await call("PUT", `/api/local/dns/${DOMAIN}`, { body: { a: ["127.0.0.1"] } })).status).toBe(200);
    await row.getByTestId("domain-verify").click();
    await row.getByText(`${DOMAIN} points at this Kiln. Add the TXT record _kiln-challenge.${DOMAIN}`, { exact: false }).waitFor();
    await row.getByTestId("domain-status").getByText("Pending").waitFor();

    expect((await call("PUT", `/api/local/dns/_kiln-challenge.${DOMAIN}`, { body: { txt: [value] } })).status).toBe(200);
    await row.getByTestId("domain-verify").click();
    await row.getByTestId("domain-status").getByText("Verified").waitFor();
    await row.getByText(`${DOMAIN} points at this Kiln, and its TXT record proves it is yours.`).waitFor();
    expect(await row.getByTestId("domain-release").count()).toBe(0);

    const site = await context.newPage();
    await site.goto(`http://${DOMAIN}:${port()}/Welcome`);
    await site.getByTestId("welcome").getByText("Welcome to the shop").waitFor();

    await row.getByTestId("domain-unlink").click();
    await row.getByTestId("domain-status").getByText("Unlinked").waitFor();
    await site.reload();
    await site.getByText("Domain Not Recognized").waitFor();
    await row.getByTestId("domain-link").click();
    await row.getByTestId("domain-status").getByText("Verified").waitFor();

    await row.getByTestId("domain-delete").click();
    await page.getByTestId("confirm-action").click();
    await page.getByTestId("domains-empty").waitFor();
    await context.close();
  }, 120_000);

  it("Buy Domain says no domain provider is configured; a Free owner meets the plan gate with Upgrade", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughIdentityPage(page, { email: ownerEmail }, `/apps/${appId}/editor/workspace/domains`);
    await page.getByTestId("domains-buy").click();
    await page.getByTestId("toast").getByText("No domain provider is configured for this Kiln.", { exact: false }).waitFor();

    const token = await tokenFor(ownerEmail);
    const me = (await call("GET", "/api/auth/me", { token })).body;
    expect((await call("POST", `/api/auth/${me.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "free" } })).status).toBe(200);
    await page.reload();
    const gate = page.getByTestId("domains-gate");
    await gate.getByText("Custom domains need the Builder plan or higher").waitFor();
    expect(await gate.getByTestId("domains-upgrade").getAttribute("href")).toBe("/billing");
    expect(await page.getByTestId("domains-input").count()).toBe(0);
    await context.close();
  }, 60_000);
});
