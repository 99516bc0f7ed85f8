import type * as z from "zod";
import { ulid } from "ulid";
import {
  CreateTicketBody,
  PostMessageBody,
  SupportRules,
  type Ticket,
  type TicketList,
  type TicketMessage,
  isClosed,
} from "../../../schemas/support";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { VisibleError, forbidden } from "../errors";
import { Keys } from "../keys";
import { Mail } from "../mail";
import { TicketEvents } from "./events";
import { type StoredTicket, Tickets } from "./tickets";

/** The user's side of the support desk (spec 03 §2.10, §7.9): their tickets, the thread, the e-mail flag. */
export namespace Conversations {
  /** A user's own tickets are few; more than this and the oldest drop off the list. */
  const LIST_LIMIT = 500;

  const view = (user: User, t: StoredTicket): Ticket => (Actor.isAdmin(user) ? TicketEvents.forAdmin(t) : TicketEvents.forCreator(t));

  export async function list(user: User, appId?: string): Promise<TicketList> {
    const mine = await Tickets.listIndex("gsi1", Keys.ticketUserPartition(user.email), LIST_LIMIT);
    const shown = appId ? mine.filter((t) => t.app_id === appId) : mine;
    const closed = shown.filter(isClosed).length;
    return { conversations: shown.map((t) => view(user, t)), counts: { open: shown.length - closed, closed, all: shown.length } };
  }

  export async function create(user: User, body: z.output<typeof CreateTicketBody>): Promise<Ticket> {
    // an app id carries the app's context: only an app the user may open
    if (body.app_id) {
      const app = await Apps.get(body.app_id);
      if (!app || !Apps.canAccess(user, app)) throw new VisibleError("input", "app_id: You do not have access to this app");
    }
    const now = new Date().toISOString();
    const id = ulid().toLowerCase();
    const ticket: StoredTicket = {
      id,
      title: body.title,
      content: body.content,
      category: body.category,
      app_id: body.app_id,
      // the link is asked for only when no app id is given (spec 03 §2.10)
      app_link: body.app_id ? null : (body.app_link ?? null),
      file_urls: body.file_urls,
      ticket_status: "open",
      status: "pending_admin_response",
      pending_response_from: "admin",
      created_by: user.email.toLowerCase(),
      created_by_id: user.id,
      user_subscription_tier: user.subscription_tier ?? "free",
      assigned_to: null,
      internal_categories: [],
      created_date: now,
      updated_date: now,
      draft: null,
      is_bot_writing: false,
      notify_via_email_on_admin_response: false,
      version: 0,
    };
    const first = newMessage(user, "user", body.content, body.file_urls, false, now);
    const saved = await Tickets.write(ticket, null, [Tickets.messageItem(id, first)]);
    await TicketEvents.publish("ticket_updated", saved, { message: first });
    return { ...view(user, saved), messages: [first] };
  }

  export async function get(user: User, id: string): Promise<Ticket> {
    await Tickets.visible(user, id);
    const found = await Tickets.withMessages(id);
    if (!found) throw new VisibleError("not_found", SupportRules.NOT_FOUND);
    return { ...view(user, found.ticket), messages: found.messages };
  }

  /**
   * A reply in the thread. The creator writes as the user; an admin's reply carries
   * is_admin_message (role assistant), hands the ticket to the user, and e-mails them when they asked.
   */
  export async function post(user: User, id: string, body: z.output<typeof PostMessageBody>): Promise<TicketMessage> {
    const seen = await Tickets.visible(user, id);
    const asAdmin = body.additional_message_params.is_admin_message || body.role === "assistant";
    if (asAdmin && !Actor.isAdmin(user)) throw forbidden("Only support agents reply as the assistant");
    if (!asAdmin && seen.created_by_id !== user.id) throw forbidden("Reply as an admin (is_admin_message) on someone else's ticket");
    const message = newMessage(user, asAdmin ? "assistant" : "user", body.content, body.file_urls, asAdmin, new Date().toISOString());
    const saved = await Tickets.change(id, (t) => {
      if (isClosed(t)) throw new VisibleError("conflict", SupportRules.CLOSED);
      const next: StoredTicket = asAdmin
        ? { ...t, status: "pending_user_response", pending_response_from: "user" }
        : { ...t, status: "pending_admin_response", pending_response_from: "admin" };
      return { next, extra: [Tickets.messageItem(id, message)] };
    });
    await TicketEvents.publish("message_created", saved, { message });
    if (asAdmin && saved.notify_via_email_on_admin_response) await notifyCreator(saved, message);
    return message;
  }

  /** The e-mail flag, offered while the ticket waits for an admin (spec 03 §4); only the creator sets it. */
  export async function setNotify(user: User, id: string, notify: boolean): Promise<Ticket> {
    const seen = await Tickets.visible(user, id);
    if (seen.created_by_id !== user.id) throw forbidden("Only the ticket's creator chooses its e-mail notifications");
    const saved = await Tickets.change(id, (t) => {
      if (t.status !== "pending_admin_response") throw new VisibleError("conflict", "E-mail notifications can be set while the ticket awaits an admin response");
      return { next: { ...t, notify_via_email_on_admin_response: notify } };
    });
    await TicketEvents.publish("ticket_updated", saved);
    return view(user, saved);
  }

  function newMessage(user: User, role: TicketMessage["role"], content: string, fileUrls: string[], isAdmin: boolean, at: string): TicketMessage {
    return {
      id: ulid().toLowerCase(),
      role,
      content,
      file_urls: fileUrls,
      additional_message_params: { is_admin_message: isAdmin },
      metadata: { created_date: at, created_by_full_name: user.full_name || user.email.split("@")[0] },
    };
  }

  async function notifyCreator(t: StoredTicket, m: TicketMessage): Promise<void> {
    const link = `${Config.kiln.webUrl.replace(/\/$/, "")}/support/conversations`;
    await Mail.send({
      to: t.created_by,
      subject: `New reply to your support ticket: ${t.title}`,
      text: `Support replied to "${t.title}" (ticket ${t.id.slice(0, SupportRules.ID_DISPLAY_LENGTH)}):\n\n${m.content}\n\nOpen the conversation: ${link}`,
    });
  }
}
