import { CreateTicketBody, ListTicketsQuery, NotificationsBody, PostMessageBody, SupportRules } from "../../schemas/support";
import { Actor } from "../core/actor";
import { Conversations } from "../core/support/conversations";
import { Tickets } from "../core/support/tickets";
import { body, callGroup, query } from "./group";

/** Spec 03 §7.9 Support (user side): a user's own tickets; a ticket that is not theirs is 'No Conversation Found' (404). */
export const { app, handler } = callGroup("support", {
  async list(c) {
    const { app_id } = query(c, ListTicketsQuery);
    return c.json(await Conversations.list(Actor.user(), app_id));
  },

  async create(c) {
    return c.json(await Conversations.create(Actor.user(), await body(c, CreateTicketBody)), 201);
  },

  async get(c) {
    return c.json(await Conversations.get(Actor.user(), c.req.param("id")!));
  },

  // Authorized against the ticket before the body is read.
  async postMessage(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await Tickets.visible(user, id);
    return c.json(await Conversations.post(user, id, await body(c, PostMessageBody)), 201);
  },

  async notifications(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await Tickets.visible(user, id);
    const { notify_via_email_on_admin_response } = await body(c, NotificationsBody);
    return c.json(await Conversations.setNotify(user, id, notify_via_email_on_admin_response));
  },
}, { notFound: SupportRules.NOT_FOUND });
