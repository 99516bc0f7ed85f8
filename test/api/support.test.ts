import { beforeAll, describe, expect, it } from "vitest";
import { SupportRules, ticketRoom } from "../../schemas/support";
import { SocketClient, apiUrl, builtApp, call, signedIn, tokenFor } from "./helpers";

/** Spec 03 §2.10, §5, §7.9: a user's tickets, their thread live over the ticket's room, and the e-mail on an admin reply. */

const valid = { title: "Preview is blank", content: "My app's preview shows a blank page since this morning.", category: "bug_report" };
let admin: string;

async function upload(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob(["x"], { type: "image/png" }), name);
  const res = await fetch(`${apiUrl()}/api/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

async function openTicket(token: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/support/conversations", { token, body: { ...valid, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The support replies in the local outbox for this address (the welcome e-mail left out). */
async function replies(email: string): Promise<{ subject: string; text: string }[]> {
  const all = (await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: admin })).body as { subject: string; text: string }[];
  return all.filter((m) => m.subject.startsWith("New reply to your support ticket"));
}

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
});

describe("POST /api/support/conversations (new ticket, spec 03 §5)", () => {
  it.each([
    [{ title: "Hey" }, SupportRules.TITLE_TOO_SHORT],
    [{ title: "x".repeat(101) }, SupportRules.TITLE_TOO_LONG],
    [{ content: "Too short" }, SupportRules.DESCRIPTION_TOO_SHORT],
    [{ content: "x".repeat(501) }, SupportRules.DESCRIPTION_TOO_LONG],
    [{ category: "" }, SupportRules.CATEGORY_REQUIRED],
    [{ category: undefined }, SupportRules.CATEGORY_REQUIRED],
    [{ app_link: "ftp://example.com/app" }, SupportRules.INVALID_URL],
    [{ app_link: "example.com" }, SupportRules.INVALID_URL],
  ])("refuses %j with the spec's message and creates nothing", async (change, message) => {
    const { token } = await signedIn("support-invalid");
    const res = await call("POST", "/api/support/conversations", { token, body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(message);
    expect((await call("GET", "/api/support/conversations", { token })).body.counts).toEqual({ open: 0, closed: 0, all: 0 });
  });

  it("opens a ticket pending an admin response with the description as its first message and attachments from POST /api/files", async () => {
    const { token, email } = await signedIn("support-new");
    const shot = await upload(token, "shot.png");
    const ticket = await openTicket(token, { app_link: "https://example.com/apps/1", file_urls: [shot] });
    expect(ticket).toMatchObject({
      title: valid.title,
      category: "bug_report",
      app_link: "https://example.com/apps/1",
      ticket_status: "open",
      status: "pending_admin_response",
      pending_response_from: "admin",
      created_by: email,
      user_subscription_tier: "free",
      notify_via_email_on_admin_response: false,
      file_urls: [shot],
    });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ role: "user", content: valid.content, file_urls: [shot], additional_message_params: { is_admin_message: false } });
    expect(ticket).not.toHaveProperty("version");
    expect(ticket).not.toHaveProperty("created_by_id");
  });

  it("refuses attachments that are not Kiln uploads, and an app id the user cannot open", async () => {
    const { token } = await signedIn("support-attach");
    const other = await signedIn("support-attach-other");
    const res = await call("POST", "/api/support/conversations", { token, body: { ...valid, file_urls: ["https://evil.example/x.png"] } });
    expect(res.status).toBe(400);
    const app = await builtApp(other.token);
    const foreign = await call("POST", "/api/support/conversations", { token, body: { ...valid, app_id: app.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toContain("You do not have access to this app");
  });
});

describe("GET /api/support/conversations (my tickets)", () => {
  it("lists only the caller's tickets, newest change first, with Open / Closed / All counts and the app_id filter", async () => {
    const { token } = await signedIn("support-list");
    const stranger = await signedIn("support-list-other");
    const app = await builtApp(token);
    const first = await openTicket(token, { title: "First ticket" });
    const second = await openTicket(token, { title: "About my app", app_id: app.id, app_link: "https://ignored.example" });
    await openTicket(stranger.token);
    expect(second.app_link).toBeNull();
    expect((await call("PATCH", `/api/support/admin/${second.id}/change_ticket_status`, { token: admin, body: { status: "resolved" } })).status).toBe(200);
    // a reply moves the first ticket back to the top
    expect((await call("POST", `/api/support/conversations/${first.id}/messages`, { token, body: { content: "Any news?" } })).status).toBe(201);

    const all = (await call("GET", "/api/support/conversations", { token })).body;
    expect(all.conversations.map((t: { id: string }) => t.id)).toEqual([first.id, second.id]);
    expect(all.counts).toEqual({ open: 1, closed: 1, all: 2 });
    expect(all.conversations[0]).not.toHaveProperty("messages");
    const forApp = (await call("GET", `/api/support/conversations?app_id=${app.id}`, { token })).body;
    expect(forApp.conversations.map((t: { id: string }) => t.id)).toEqual([second.id]);
    expect(forApp.counts).toEqual({ open: 0, closed: 1, all: 1 });
  });

  it("answers 'No Conversation Found' (404) for someone else's ticket, and never shows the creator the draft or internal categories", async () => {
    const owner = await signedIn("support-owner");
    const stranger = await signedIn("support-stranger");
    const ticket = await openTicket(owner.token);
    for (const [method, path, body] of [
      ["GET", `/api/support/conversations/${ticket.id}`, undefined],
      ["POST", `/api/support/conversations/${ticket.id}/messages`, { content: "mine now" }],
      ["PUT", `/api/support/conversations/${ticket.id}/notifications`, { notify_via_email_on_admin_response: true }],
    ] as const) {
      const res = await call(method, path, { token: stranger.token, body });
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe(SupportRules.NOT_FOUND);
    }
    expect((await call("PATCH", `/api/support/admin/${ticket.id}/internal_categories`, { token: admin, body: { internal_categories: ["Refund"] } })).status).toBe(200);
    expect((await call("POST", `/api/support/admin/${ticket.id}/draft`, { token: admin })).status).toBe(200);
    const mine = (await call("GET", `/api/support/conversations/${ticket.id}`, { token: owner.token })).body;
    expect(mine).toMatchObject({ id: ticket.id, draft: null, internal_categories: [] });
    expect(mine.messages).toHaveLength(1);
  });
});

describe("the thread: messages, closing, notifications", () => {
  it("a user cannot reply as the assistant; only admins' replies carry is_admin_message", async () => {
    const { token } = await signedIn("support-impostor");
    const ticket = await openTicket(token);
    for (const body of [{ content: "I am support", role: "assistant" }, { content: "I am support", additional_message_params: { is_admin_message: true } }]) {
      expect((await call("POST", `/api/support/conversations/${ticket.id}/messages`, { token, body })).status).toBe(403);
    }
    const thread = (await call("GET", `/api/support/conversations/${ticket.id}`, { token })).body;
    expect(thread.messages).toHaveLength(1);
  });

  it("the e-mail flag is set while pending an admin response; an admin reply then e-mails the user and waits for them", async () => {
    const { token, email } = await signedIn("support-notify");
    const ticket = await openTicket(token, { title: "Please e-mail me back" });
    const flag = await call("PUT", `/api/support/conversations/${ticket.id}/notifications`, { token, body: { notify_via_email_on_admin_response: true } });
    expect(flag.status).toBe(200);
    expect(flag.body.notify_via_email_on_admin_response).toBe(true);

    const reply = await call("POST", `/api/support/conversations/${ticket.id}/messages`, {
      token: admin,
      body: { role: "assistant", content: "We fixed the preview.", additional_message_params: { is_admin_message: true } },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ role: "assistant", additional_message_params: { is_admin_message: true }, metadata: { created_by_full_name: "Ada Admin" } });
    const after = (await call("GET", `/api/support/conversations/${ticket.id}`, { token })).body;
    expect(after).toMatchObject({ status: "pending_user_response", pending_response_from: "user" });
    const mail = await replies(email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("New reply to your support ticket: Please e-mail me back");
    expect(mail[0].text).toContain("We fixed the preview.");
    // no longer pending an admin response: the flag cannot be changed now
    const late = await call("PUT", `/api/support/conversations/${ticket.id}/notifications`, { token, body: { notify_via_email_on_admin_response: false } });
    expect(late.status).toBe(409);
  });

  it("no e-mail when the user did not ask", async () => {
    const { token, email } = await signedIn("support-quiet");
    const ticket = await openTicket(token);
    const reply = await call("POST", `/api/support/conversations/${ticket.id}/messages`, { token: admin, body: { content: "Hello", additional_message_params: { is_admin_message: true } } });
    expect(reply.status).toBe(201);
    expect(await replies(email)).toEqual([]);
  });

  it("a closed conversation takes no new messages: 'This conversation is closed'", async () => {
    const { token } = await signedIn("support-closed");
    const ticket = await openTicket(token);
    expect((await call("PATCH", `/api/support/admin/${ticket.id}/status`, { token: admin, body: { status: "closed" } })).body).toMatchObject({ status: "closed", ticket_status: "resolved", pending_response_from: "" });
    const res = await call("POST", `/api/support/conversations/${ticket.id}/messages`, { token, body: { content: "One more thing" } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(SupportRules.CLOSED);
  });
});

describe("live updates over the ticket's room", () => {
  it("the creator and admins may join a ticket's room, nobody else; the inbox room is for admins", async () => {
    const owner = await signedIn("support-room");
    const stranger = await signedIn("support-room-other");
    const ticket = await openTicket(owner.token);
    const [mine, theirs, staff] = await Promise.all([SocketClient.open(owner.token), SocketClient.open(stranger.token), SocketClient.open(admin)]);
    expect(await mine.join(ticketRoom(ticket.id))).toEqual({ event: "joined", room: ticketRoom(ticket.id) });
    expect(await theirs.join(ticketRoom(ticket.id))).toMatchObject({ event: "error", message: SupportRules.NOT_FOUND });
    expect(await staff.join(ticketRoom(ticket.id))).toEqual({ event: "joined", room: ticketRoom(ticket.id) });
    expect(await theirs.join("support:inbox")).toMatchObject({ event: "error", message: "You may not join this room" });
    expect(await staff.join("support:inbox")).toEqual({ event: "joined", room: "support:inbox" });
    for (const s of [mine, theirs, staff]) s.close();
  });

  it("an admin's reply reaches the creator's socket, a new ticket reaches the inbox room", async () => {
    const owner = await signedIn("support-live");
    const inbox = await SocketClient.open(admin);
    await inbox.join("support:inbox");
    const ticket = await openTicket(owner.token, { title: "Live ticket" });
    const created = await inbox.next((e) => e.event === "update_model" && e.room === "support:inbox" && (e.data as { ticket_id?: string }).ticket_id === ticket.id);
    expect(created).toMatchObject({ data: { type: "ticket_updated", ticket: { id: ticket.id, title: "Live ticket" } } });

    const socket = await SocketClient.open(owner.token);
    await socket.join(ticketRoom(ticket.id));
    const reply = await call("POST", `/api/support/conversations/${ticket.id}/messages`, { token: admin, body: { content: "On it!", additional_message_params: { is_admin_message: true } } });
    const live = await socket.next((e) => e.event === "update_model" && (e.data as { type?: string }).type === "message_created");
    expect(live).toMatchObject({ room: ticketRoom(ticket.id), data: { ticket_id: ticket.id, message: { id: reply.body.id, content: "On it!" }, ticket: { status: "pending_user_response", draft: null } } });
    socket.close();
    inbox.close();
  });
});
