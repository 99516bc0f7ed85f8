import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail, webUrl } from "./browser";

/**
 * The integrations catalogue in a real browser (spec 03 §2.7, §4, §5, §8): an owner creates an item, a
 * second user cannot open it while it is pending, a platform admin approves it (the owner gets 250 extra
 * credits), and the second user upvotes it, optimistically, with a refused vote rolled back.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function signedInPage(email: string, path: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughIdentityPage(page, { email }, path);
  await page.waitForURL(`${webUrl()}${path}`);
  return page;
}

/** The signed-in page's own view of its extra credits. */
const extraCredits = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch("/api/usage-logs/current-usage", {
      headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return ((await res.json()) as { extra_credits: number }).extra_credits;
  });

const PROMPT = "Call the Acme API from a backend function (functions/acme) with the key in ACME_API_KEY, never from a page.";

describe("/integrations-catalog", () => {
  it("owner creates, a second user cannot open it while pending, the admin approves (+250 credits), the second user upvotes", async () => {
    const name = `Acme ${Math.random().toString(36).slice(2, 7)}`;
    const owner = await signedInPage(uniqueEmail("catalog-owner"), "/integrations-catalog");
    await owner.getByTestId("catalog-banner").waitFor();
    await owner.getByRole("link", { name: "Integrations" }).first().waitFor();
    const creditsBefore = await extraCredits(owner);

    await owner.getByTestId("create-integration").click();
    await owner.waitForURL(`${webUrl()}/integrations-catalog/editor`);
    await owner.getByTestId("save-integration").click();
    await toastSaying(owner, "Integration name is required");
    await owner.getByTestId("field-name").fill(name);
    await owner.getByTestId("field-description").fill("Talk to Acme from your app.");
    // Each failure takes the user to its tab: the prompt lives on Integration Content.
    await owner.getByTestId("save-integration").click();
    await toastSaying(owner, "Integration prompt must be at least 50 characters");
    expect(await owner.getByTestId("tab-content").getAttribute("aria-selected")).toBe("true");
    await owner.getByTestId("field-prompt").fill(PROMPT.slice(0, 20));
    expect(await owner.getByTestId("prompt-counter").innerText()).toBe("20/50");
    await owner.getByTestId("field-prompt").fill(PROMPT);
    expect(await owner.getByTestId("prompt-counter").innerText()).toBe(`${PROMPT.length}/50`);
    await owner.getByTestId("ask-0").fill("  Ping Acme when an order is placed  ");
    await owner.getByTestId("add-secret").click();
    await owner.getByTestId("secret-name-0").fill("ACME_API_KEY");
    await owner.getByTestId("add-secret").click();
    await owner.getByTestId("save-integration").click();

    await owner.waitForURL(/\/integrations-catalog\/item\/[0-9a-z]{26}$/);
    const itemUrl = owner.url();
    const itemId = itemUrl.split("/").pop()!;
    expect(await owner.getByTestId("catalog-item-name").innerText()).toBe(name);
    await owner.getByTestId("pending-badge").waitFor();
    await owner.getByTestId("owner-actions").waitFor();
    expect(await owner.getByTestId("admin-actions").count()).toBe(0);
    await owner.getByTestId("tab-requirements").click();
    expect(await owner.getByTestId("requirements").innerText()).toContain("ACME_API_KEY");

    // The second user: not in their list, and the item's page does not open.
    const second = await signedInPage(uniqueEmail("catalog-second"), "/integrations-catalog");
    await second.getByTestId("catalog-grid").waitFor();
    expect(await second.getByTestId(`catalog-card-${itemId}`).count()).toBe(0);
    await second.goto(`/integrations-catalog/item/${itemId}`);
    expect(await second.getByTestId("catalog-item-load-error").innerText()).toContain("Failed to load item details");

    // The platform admin approves it from the item's page.
    const admin = await signedInPage("admin@kiln.local", `/integrations-catalog/item/${itemId}`);
    await admin.getByTestId("admin-actions").waitFor();
    await admin.getByTestId("approve-integration").click();
    await toastSaying(admin, "Integration approved");
    await admin.getByTestId("approved-note").waitFor();
    expect(await extraCredits(owner)).toBe(creditsBefore + 250);

    // Now public and approved: the second user finds it by its name, in any case, and upvotes it.
    await second.goto("/integrations-catalog");
    await second.getByTestId("catalog-search").fill(name.toUpperCase());
    const card = second.getByTestId(`catalog-card-${itemId}`);
    await card.waitFor();
    expect(await second.locator("[data-testid^=catalog-card-]").count()).toBe(1);
    const upvote = card.getByTestId(`upvote-${itemId}`);
    expect(await upvote.innerText()).toBe("0");

    // A refused vote shows at once, then rolls back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await second.route("**/upvote", async (route: Route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ detail: "boom", message: "boom" }),
      });
    });
    await upvote.click();
    await second.waitForFunction((id) => document.querySelector(`[data-testid=upvote-${id}]`)?.getAttribute("data-upvoted") === "true", itemId);
    expect(await upvote.innerText()).toBe("1");
    release();
    await second.waitForFunction((id) => document.querySelector(`[data-testid=upvote-${id}]`)?.getAttribute("data-upvoted") === "false", itemId);
    expect(await upvote.innerText()).toBe("0");
    await second.unroute("**/upvote");

    await upvote.click();
    await second.waitForFunction((id) => document.querySelector(`[data-testid=upvote-${id}]`)?.getAttribute("data-upvoted") === "true", itemId);
    await second.reload();
    await second.getByTestId(`upvote-${itemId}`).waitFor();
    expect(await second.getByTestId(`upvote-${itemId}`).getAttribute("data-upvoted")).toBe("true");
    expect(await second.getByTestId(`upvote-${itemId}`).innerText()).toBe("1");

    // 'Use this integration' preloads it on the home screen.
    await card.click();
    await second.waitForURL(`${webUrl()}/integrations-catalog/item/${itemId}`);
    await second.getByTestId("use-integration").click();
    await second.waitForURL(`${webUrl()}/?integrations=${itemId}`);
    await second.getByTestId(`integration-card-${itemId}`).waitFor();
  });

  it("the owner makes an item private, invites an admin (a malformed e-mail refused), and archives it back to the list", async () => {
    const owner = await signedInPage(uniqueEmail("catalog-archiver"), "/integrations-catalog/editor");
    await owner.getByTestId("field-name").fill("Short-lived");
    await owner.getByTestId("field-description").fill("Archived in a moment.");
    await owner.getByTestId("tab-content").click();
    await owner.getByTestId("field-prompt").fill(PROMPT);
    await owner.getByTestId("save-integration").click();
    await owner.waitForURL(/\/integrations-catalog\/item\/[0-9a-z]{26}$/);
    const itemId = owner.url().split("/").pop()!;

    await owner.getByTestId("toggle-visibility").click();
    await toastSaying(owner, "The integration is now private");
    await owner.getByTestId("private-badge").waitFor();
    expect(await owner.getByTestId("toggle-visibility").innerText()).toContain("Make Public");

    await owner.getByTestId("invite-admin").click();
    await owner.getByTestId("invite-email").fill("not-an-address");
    await owner.getByTestId("invite-send").click();
    expect(await toastSaying(owner, "Invalid email")).toContain("Please enter a valid email address");
    await owner.getByTestId("invite-email").fill(uniqueEmail("catalog-co-admin"));
    await owner.getByTestId("invite-send").click();
    await toastSaying(owner, "Invitation sent");

    await owner.getByTestId("share-link").click();
    await owner.waitForFunction(() => document.querySelector("[data-testid=share-link]")?.getAttribute("data-copied") === "true");
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(`${webUrl()}/integrations-catalog/item/${itemId}`);
    await owner.waitForFunction(() => document.querySelector("[data-testid=share-link]")?.getAttribute("data-copied") === "false");

    await owner.getByTestId("archive-integration").click();
    await owner.getByTestId("confirm-action").click();
    await owner.waitForURL(`${webUrl()}/integrations-catalog`);
    await owner.getByTestId("catalog-banner").waitFor();
    expect(await owner.getByTestId(`catalog-card-${itemId}`).count()).toBe(0);
  });
});
