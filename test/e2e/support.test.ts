import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, launch, newContext, signInThroughIdentityPage, tokenFor, uniqueEmail, webUrl } from "./browser";

/**
 * The support desk in real Chromium with two people at once (spec 03 §2.9–2.12): a user opens a ticket from the
 * help hub with the app's context, an admin sees it live, filters, assigns, drafts from an article and replies;
 * the user sees the reply live and the e-mail lands in the local outbox; bulk resolve reports what failed.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, path: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughIdentityPage(page, { email }, path);
  await page.waitForURL((url) => url.pathname === path.split("?")[0]);
  return page;
}

const ADMIN = "admin@kiln.local";
const tag = () => Math.random().toString(36).slice(2, 8);

describe("support desk", () => {
  it("a ticket from the help hub reaches the admin live; assign, draft from an article, reply; the user sees it live and is e-mailed", async () => {
    const admin = await tokenFor(ADMIN);
    const word = `zorbix${tag()}`;
    const article = await call("POST", "/api/docs/articles", {
      token: admin,
      body: { title: `Unsticking a ${word} build`, content: `When a ${word} build seems stuck, press Stop and then Revert the last message.` },
    });
    expect(article.status).toBe(201);

    const email = uniqueEmail("support-user");
    const userToken = await tokenFor(email);
    const app = await call("POST", "/api/apps", { token: userToken, body: { user_description: "A simple notes app" } });
    expect(app.status).toBe(201);

    const inbox = await signedIn(ADMIN, "/support/admin/conversations");
    await inbox.getByText("Select a conversation").waitFor();
    // the inbox has no common layout (spec 03 §2.1)
    expect(await inbox.getByTestId("avatar-menu").count()).toBe(0);

    // the editor's stuck hint links to /support?appId=…; the hub carries the app on to a new ticket
    const user = await signedIn(email, `/support?appId=${app.body.id}`);
    await user.getByTestId("support-level").getByText("Standard Support").waitFor();
    await user.getByRole("link", { name: "Open Support Ticket" }).click();
    const dialog = user.getByTestId("new-ticket-dialog");
    await dialog.waitFor();
    await user.waitForURL(
      (url) => url.pathname === "/support/conversations" && url.searchParams.get("appId") === app.body.id && !url.searchParams.has("openNew"),
    );
    expect(await dialog.getByTestId("ticket-app-link").count()).toBe(0);
    await dialog.getByTestId("ticket-submit").click();
    await dialog.getByText("Please select a category").waitFor();
    const title = `My ${word} build is stuck`;
    await dialog.getByTestId("ticket-title").fill(title);
    await dialog.getByTestId("ticket-description").fill(`The ${word} build has shown the same step for twenty minutes.`);
    await dialog.getByTestId("ticket-category").selectOption("bug_report");
    await dialog.getByTestId("ticket-submit").click();
    const panel = user.getByTestId("ticket-panel");
    await panel.getByText(title).waitFor();
    const ticketId = (await panel.getAttribute("data-ticket-id"))!;
    await panel.getByText("E-mail me when the support team answers").click();
    await expect
      .poll(async () => (await call("GET", `/api/support/conversations/${ticketId}`, { token: userToken })).body.notify_via_email_on_admin_response)
      .toBe(true);

    // live in the inbox, no reload; the search narrows it to this ticket
    const row = inbox.locator(`[data-testid="inbox-row"][data-ticket-id="${ticketId}"]`);
    await row.waitFor();
    await inbox.getByTestId("inbox-search").fill(word);
    await expect.poll(() => inbox.getByTestId("inbox-row").count()).toBe(1);
    await row.getByTestId("inbox-row-open").click();
    await inbox.waitForURL((url) => url.searchParams.get("conversationId") === ticketId);
    const detail = inbox.getByTestId("ticket-detail");
    await detail.getByTestId("sidebar-app").getByText(app.body.name).waitFor();
    await detail.getByTestId("sidebar-subscription").getByText("No active subscriptions").waitFor();
    expect(await detail.getByTestId("sidebar-user-link").getAttribute("href")).toContain(`/user-management?userId=`);

    await detail.getByTestId("detail-assign").click();
    const assign = inbox.getByTestId("assign-dialog");
    await assign.getByTestId("assign-email").fill("someone@example.com");
    await assign.getByTestId("assign-submit").click();
    await assign.getByText("Email must be from @kiln.local domain").waitFor();
    await assign.getByTestId("assign-email").fill("agent.smith@kiln.local");
    await assign.getByTestId("assign-submit").click();
    await detail.getByText("Assigned to agent.smith@kiln.local").waitFor();
    await inbox.getByTestId("filter-agent-agent.smith").click();
    await expect.poll(() => inbox.getByTestId("inbox-row").count()).toBe(1);

    // no model is configured here: the draft quotes the best-matching article
    await detail.getByTestId("ai-draft-write").click();
    await detail.getByTestId("ai-draft-text").getByText(`Unsticking a ${word} build`).waitFor();
    await detail.getByTestId("ai-draft-use").click();
    expect(await detail.getByTestId("reply-input").inputValue()).toContain("press Stop and then Revert");
    await detail.getByTestId("reply-send").click();
    await detail.locator('[data-testid="ticket-message"][data-role="assistant"]').waitFor();

    // the user's open panel shows the reply without a reload
    await panel.locator('[data-testid="ticket-message"][data-role="assistant"]').getByText("press Stop and then Revert").waitFor();
    await expect
      .poll(async () => {
        const mail = (await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: admin })).body as { subject: string }[];
        return mail.some((m) => m.subject.startsWith("New reply to your support ticket"));
      })
      .toBe(true);
  });

  it("bulk resolve of three tickets, one resolved elsewhere meanwhile, reports ' (1 failed)'; back and forward restore the selection", async () => {
    const admin = await tokenFor(ADMIN);
    const word = `quaxel${tag()}`;
    const userToken = await tokenFor(uniqueEmail("support-bulk"));
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call("POST", "/api/support/conversations", {
        token: userToken,
        body: { title: `${word} ticket ${n}`, content: `Ticket number ${n} about ${word} needs a look.`, category: "billing" },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const inbox = await signedIn(ADMIN, "/support/admin/conversations");
    await inbox.getByTestId("inbox-search").fill(word);
    await expect.poll(() => inbox.getByTestId("inbox-row").count()).toBe(3);

    await inbox.locator(`[data-ticket-id="${ids[0]}"]`).getByTestId("inbox-row-open").click();
    await inbox.getByTestId("ticket-detail").getByText(`${word} ticket 1`).waitFor();
    await inbox.locator(`[data-ticket-id="${ids[1]}"]`).getByTestId("inbox-row-open").click();
    await inbox.getByTestId("ticket-detail").getByText(`${word} ticket 2`).waitFor();
    await inbox.goBack();
    await inbox.getByTestId("ticket-detail").getByText(`${word} ticket 1`).waitFor();
    expect(new URL(inbox.url()).searchParams.get("conversationId")).toBe(ids[0]);
    await inbox.goForward();
    await inbox.getByTestId("ticket-detail").getByText(`${word} ticket 2`).waitFor();

    const messages: string[] = [];
    inbox.on("dialog", async (dialog) => {
      messages.push(dialog.message());
      // another agent resolves the third ticket between the question and the answer
      if (dialog.type() === "confirm")
        expect((await call("PATCH", `/api/support/admin/${ids[2]}/change_ticket_status`, { token: admin, body: { status: "resolved" } })).status).toBe(200);
      await dialog.accept();
    });
    await inbox.getByTestId("inbox-select-all").click();
    await inbox.getByRole("button", { name: "Resolve 3 ticket(s)" }).click();
    await expect.poll(() => messages).toEqual(["Are you sure you want to resolve 3 ticket(s)?", "Successfully resolved 2 ticket(s) (1 failed)"]);
    await expect.poll(() => inbox.getByTestId("inbox-row").count()).toBe(0);
    for (const id of ids) expect((await call("GET", `/api/support/admin/${id}`, { token: admin })).body.ticket.ticket_status).toBe("resolved");
  });

  it("the documentation manager: articles with rendered markdown, search, edit, delete; prompts; internal categories used on a ticket", async () => {
    const admin = await tokenFor(ADMIN);
    const word = `plimsol${tag()}`;
    const userToken = await tokenFor(uniqueEmail("support-docs"));
    const ticket = await call("POST", "/api/support/conversations", {
      token: userToken,
      body: { title: `${word} question`, content: `A question about ${word} and how it works.`, category: "other" },
    });
    expect(ticket.status).toBe(201);

    const inbox = await signedIn(ADMIN, "/support/admin/conversations");
    await inbox.getByTestId("inbox-ai-settings").click();
    await inbox.waitForURL((url) => url.pathname === "/support/admin/agent-backoffice");
    const manager = inbox.getByTestId("docs-manager");
    const before = Number(await manager.getByTestId("articles-count").innerText());

    await manager.getByTestId("article-new").click();
    const dialog = inbox.getByTestId("article-dialog");
    await dialog.getByTestId("article-title").fill("   ");
    await dialog.getByTestId("article-save").click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText("Content is required").waitFor();
    await dialog.getByTestId("article-title").fill(`  About ${word}  `);
    await dialog.getByTestId("article-content").fill(`**${word}** explained <img src=x onerror="window.__xss=1">`);
    await dialog.getByTestId("article-preview").locator("strong").getByText(word).waitFor();
    await dialog.getByTestId("article-save").click();
    await manager.locator(`[data-testid="article-card"][data-title="About ${word}"]`).waitFor();
    expect(await manager.getByTestId("articles-count").innerText()).toBe(String(before + 1));
    expect(await inbox.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await manager.getByTestId("articles-search").fill(word);
    await expect.poll(() => manager.getByTestId("article-card").count()).toBe(1);
    await manager.getByTestId("article-edit").click();
    await dialog.getByTestId("article-title").fill(`About ${word}, revised`);
    await dialog.getByTestId("article-save").click();
    await manager.locator(`[data-testid="article-card"][data-title="About ${word}, revised"]`).waitFor();
    await manager.getByTestId("article-delete").click();
    await inbox.getByTestId("confirm-action").click();
    await expect.poll(() => manager.getByTestId("article-card").count()).toBe(0);
    const articles = (await call("GET", "/api/docs/articles", { token: admin })).body.articles as { title: string }[];
    expect(articles.some((a) => a.title.includes(word))).toBe(false);

    await manager.getByTestId("docs-tab-prompts").click();
    await manager.getByTestId("prompt-polish").fill(`Fix the grammar (${word}).`);
    await manager.getByTestId("prompts-save").click();
    await expect.poll(async () => (await call("GET", "/api/docs/agent", { token: admin })).body.polish_system_prompt).toBe(`Fix the grammar (${word}).`);

    await manager.getByTestId("docs-tab-categories").click();
    const entry = manager.getByTestId("category-input");
    for (const value of [`  vip-${word} `, `vip-${word}`, "   "]) {
      await entry.fill(value);
      await entry.press("Enter");
    }
    await expect
      .poll(() =>
        manager
          .getByTestId("category-option")
          .filter({ hasText: `vip-${word}` })
          .count(),
      )
      .toBe(1);
    await manager.getByTestId("categories-save").click();
    await expect.poll(async () => (await call("GET", "/api/docs/agent", { token: admin })).body.internal_category_options).toContain(`vip-${word}`);

    await inbox.goto(`${webUrl()}/support/admin/conversations?conversationId=${ticket.body.id}`);
    const sidebar = inbox.getByTestId("sidebar-internal");
    await sidebar.getByTestId("internal-edit").click();
    await sidebar
      .getByTestId("internal-option")
      .filter({ hasText: `vip-${word}` })
      .click();
    await sidebar.getByTestId("internal-save").click();
    await sidebar.getByText(`vip-${word}`).waitFor();
    await inbox
      .getByTestId("filter-internal")
      .filter({ hasText: `vip-${word}` })
      .getByText("1", { exact: true })
      .waitFor();
  });

  it("refuses the admin screens to a user in the spec's words", async () => {
    const page = await signedIn(uniqueEmail("support-nonadmin"), "/support/admin/agent-backoffice");
    await page.getByText("Access Denied - You are not authorized to access this page").waitFor();
    await page.goto(`${webUrl()}/support/admin/conversations`);
    await page.getByText("Access Denied - You are not authorized to access this page").waitFor();
  });
});
