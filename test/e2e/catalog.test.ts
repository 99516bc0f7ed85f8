import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { deflateSync } from "node:zlib";
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

/** A solid grey PNG of the given size, for the logo checks. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

describe("/integrations-catalog, failures and the logo", () => {
  it("a list that fails to load offers Try Again; the logo must be a square PNG/JPG; another user's editor does not open", async () => {
    const owner = await signedInPage(uniqueEmail("catalog-logo"), "/user-settings");
    // Down (through the query's own retries) until the user asks again.
    let down = true;
    await owner.route("**/api/integration-catalog-items/catalog", (route: Route) =>
      down ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ detail: "down", message: "down" }) }) : route.continue(),
    );
    await owner.goto("/integrations-catalog");
    const failed = owner.getByTestId("catalog-load-error");
    expect(await failed.innerText()).toContain("Failed to load catalog items. Please try again.");
    down = false;
    await failed.getByRole("button", { name: "Try Again" }).click();
    await owner.getByTestId("catalog-grid").waitFor();
    await owner.unroute("**/api/integration-catalog-items/catalog");

    await owner.getByTestId("create-integration").click();
    await owner.getByTestId("logo-file").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: png(40, 20) });
    expect(await toastSaying(owner, "The logo must be square")).toContain("40x20");
    await owner.getByTestId("logo-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await toastSaying(owner, "The logo must be a PNG or JPG image");
    await owner.getByTestId("logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(32, 32) });
    await owner.getByTestId("logo-remove").waitFor();
    await owner.getByTestId("field-name").fill("With a logo");
    await owner.getByTestId("field-description").fill("Has a square logo.");
    await owner.getByTestId("tab-content").click();
    await owner.getByTestId("field-prompt").fill(PROMPT);
    await owner.getByTestId("save-integration").click();
    await owner.waitForURL(/\/integrations-catalog\/item\/[0-9a-z]{26}$/);
    const itemId = owner.url().split("/").pop()!;
    const logo = owner.getByTestId("catalog-logo").first();
    await logo.waitFor();
    expect(await logo.getAttribute("src")).toMatch(/\/api\/files\/[0-9a-z]{26}-logo\.png$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

    const other = await signedInPage(uniqueEmail("catalog-not-editor"), `/integrations-catalog/editor/${itemId}`);
    expect(await other.getByTestId("catalog-editor-load-error").innerText()).toContain(
      "Failed to load integration. It may have been deleted or you may not have permission to view it.",
    );
  });
});
