// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SupportRules, type TicketEvent } from "../../schemas/support";
import { applyTicketEvent, shortId, withMessage } from "../../web/src/api/support";
import { articlesMatching } from "../../web/src/components/support/DocsManager";
import { renderMarkdown } from "../../web/src/components/Markdown";
import { isPolishShortcut } from "../../web/src/components/support/ReplyBox";
import { addCategory, agentName, counterColor, inboxQueryOf, noFilters, selectableIds, ticketErrors, ticketsIn } from "../../web/src/components/support/rules";
import { message, ticket } from "./support-fixtures";

/** The support screens' rules (spec 03 §2.10–2.12, §5, §9): the same schema as the server, the exact words, the live-thread merge. */

const valid = { title: "Cannot log in", content: "The login page spins forever.", category: "authentication" as const, app_link: "" };

describe("new ticket (spec 03 §5)", () => {
  it("gives each field its exact message", () => {
    expect(ticketErrors({ title: " abc ", content: "too short", category: "", app_link: "ftp://x" }, undefined)).toEqual({
      title: "Title must be at least 5 characters",
      content: "Please provide more details (at least 20 characters)",
      category: "Please select a category",
      app_link: "Please enter a valid URL (starting with http:// or https://)",
    });
    expect(ticketErrors({ ...valid, title: "x".repeat(101), content: "y".repeat(501) }, undefined)).toEqual({
      title: "Title must be less than 100 characters",
      content: "Description must be less than 500 characters",
    });
    expect(ticketErrors({ ...valid, app_link: "https://my.app" }, undefined)).toEqual({});
    expect(ticketErrors(valid, undefined)).toEqual({});
  });

  it("ignores the app link when an app id is given (the field is hidden)", () => {
    expect(ticketErrors({ ...valid, app_link: "not a url" }, "app1")).toEqual({});
  });

  it("turns the counter orange above 450 and red above 500", () => {
    expect([450, 451, 500, 501].map(counterColor)).toEqual(["muted", "orange", "orange", "red"]);
  });
});

describe("my tickets (spec 03 §2.10)", () => {
  const a = ticket({ id: "a", updated_date: "2026-11-24T10:00:00.000Z" });
  const b = ticket({ id: "b", updated_date: "2026-11-24T12:00:00.000Z", status: "closed", ticket_status: "resolved" });
  const c = ticket({ id: "c", updated_date: "2026-11-24T11:00:00.000Z", status: "pending_user_response", pending_response_from: "user" });
  it("splits Open and Closed and sorts by -updated_date", () => {
    expect(ticketsIn("open", [a, b, c]).map((t) => t.id)).toEqual(["c", "a"]);
    expect(ticketsIn("closed", [a, b, c]).map((t) => t.id)).toEqual(["b"]);
    expect(ticketsIn("all", [a, b, c]).map((t) => t.id)).toEqual(["b", "c", "a"]);
  });
  it("shows ids as their first 8 characters", () => expect(shortId("0123456789abcdef")).toBe("01234567"));
});

describe("live thread", () => {
  const held = ticket({ messages: [message("m1")], draft: "held draft", internal_categories: ["vip"] });
  const event = (e: Partial<TicketEvent>): TicketEvent => ({ type: "message_created", ticket_id: held.id, ...e });

  it("adds a pushed message once, even when our own send already put it there", () => {
    const once = applyTicketEvent(held, event({ message: message("m2") }));
    expect(once.messages!.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(applyTicketEvent(once, event({ message: message("m2") })).messages!.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(withMessage(once, message("m2"))).toBe(once);
  });

  it("drops a deleted message, takes the pushed fields and keeps the thread and a held draft", () => {
    const pushed = ticket({ status: "closed", ticket_status: "resolved", draft: null, internal_categories: ["vip"] });
    const next = applyTicketEvent(held, event({ type: "message_deleted", message_id: "m1", ticket: pushed }));
    expect(next.messages).toEqual([]);
    expect(next.status).toBe("closed");
    expect(next.draft).toBe("held draft");
    expect(applyTicketEvent(held, event({ ticket_id: "other", message: message("x") }))).toBe(held);
  });
});

describe("admin inbox (spec 03 §2.11, §5)", () => {
  it("sends only the filters that are set, only-open by default", () => {
    expect(inboxQueryOf(noFilters)).toEqual({ only_open: "true" });
    expect(inboxQueryOf({ search: "  Login ", onlyOpen: false, pending: "admin", assigned: "bo@kiln.local", category: "billing", internal: "vip" })).toEqual({
      only_open: "false",
      search: "Login",
      pending: "admin",
      assigned_to: "bo@kiln.local",
      category: "billing",
      internal_category: "vip",
    });
  });
  it("names agents by the local part, selects only open tickets, and words the bulk resolve", () => {
    expect(agentName("bo.smith@kiln.local")).toBe("bo.smith");
    expect(selectableIds([ticket({ id: "x" }), ticket({ id: "y", ticket_status: "resolved" })])).toEqual(["x"]);
    expect(SupportRules.confirmResolve(3)).toBe("Are you sure you want to resolve 3 ticket(s)?");
    expect(SupportRules.resolvedMessage(2, 1)).toBe("Successfully resolved 2 ticket(s) (1 failed)");
    expect(SupportRules.resolvedMessage(3, 0)).toBe("Successfully resolved 3 ticket(s)");
  });
  it("polishes on Ctrl+K or Cmd+K only", () => {
    expect(isPolishShortcut({ key: "k", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isPolishShortcut({ key: "K", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isPolishShortcut({ key: "k", ctrlKey: false, metaKey: false })).toBe(false);
  });
});

describe("documentation manager (spec 03 §2.12, §5)", () => {
  it("adds internal categories trimmed, non-empty and once", () => {
    expect(addCategory(["vip"], "  refund ")).toEqual(["vip", "refund"]);
    const same = ["vip"];
    expect(addCategory(same, " vip ")).toBe(same);
    expect(addCategory(same, "   ")).toBe(same);
  });
  it("searches articles by title and content, case-insensitive", () => {
    const articles = [
      { id: "1", title: "Reset password", content: "Use the link", created_date: "", updated_date: "" },
      { id: "2", title: "Domains", content: "Point your CNAME", created_date: "", updated_date: "" },
    ];
    expect(articlesMatching(articles, "cname").map((a) => a.id)).toEqual(["2"]);
    expect(articlesMatching(articles, " ").length).toBe(2);
  });
  it("renders markdown and strips what could run", () => {
    const html = renderMarkdown("# Title\n\n**bold** <img src=x onerror=alert(1)><script>alert(1)</script> [x](javascript:alert(1))");
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toMatch(/onerror|<script|javascript:/);
  });
});
