import {
  AssignBody,
  DeleteMessageBody,
  InboxQuery,
  InternalCategoriesBody,
  PolishBody,
  ResolveManyBody,
  StatusBody,
  SupportRules,
  TicketStateBody,
} from "../../schemas/support";
import { TicketDetails } from "../core/support/detail";
import { SupportInbox } from "../core/support/inbox";
import { body, callGroup, query } from "./group";

/** The AI drafts load the AI SDK and its providers: only the two operations that ask a model import them. */
const drafts = async () => (await import("../core/support/drafts")).SupportDrafts;

/** Spec 03 §7.10 Support (admin): the inbox, a ticket's detail and every change an agent makes (admins only, per the route table). */
export const { app, handler } = callGroup("supportadmin", {
  async inbox(c) {
    return c.json(await SupportInbox.list(query(c, InboxQuery)));
  },

  async resolveMany(c) {
    return c.json(await SupportInbox.resolveMany((await body(c, ResolveManyBody)).ticket_ids));
  },

  async detail(c) {
    return c.json(await TicketDetails.get(c.req.param("id")!));
  },

  async status(c) {
    return c.json(await SupportInbox.setStatus(c.req.param("id")!, (await body(c, StatusBody)).status));
  },

  async changeTicketStatus(c) {
    return c.json(await SupportInbox.setState(c.req.param("id")!, (await body(c, TicketStateBody)).status));
  },

  async assign(c) {
    return c.json(await SupportInbox.assign(c.req.param("id")!, (await body(c, AssignBody)).user_email));
  },

  async internalCategories(c) {
    return c.json(await SupportInbox.setInternalCategories(c.req.param("id")!, (await body(c, InternalCategoriesBody)).internal_categories));
  },

  async deleteMessage(c) {
    return c.json(await SupportInbox.deleteMessage(c.req.param("id")!, (await body(c, DeleteMessageBody)).message_id));
  },

  async polish(c) {
    await TicketDetails.assertExists(c.req.param("id")!);
    return c.json(await (await drafts()).polish((await body(c, PolishBody)).text));
  },

  async draft(c) {
    return c.json(await (await drafts()).draft(c.req.param("id")!));
  },
}, { notFound: SupportRules.NOT_FOUND });
