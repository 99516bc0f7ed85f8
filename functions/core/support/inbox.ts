import {
  type ConversationStatus,
  type Inbox,
  type InboxCounts,
  type InboxQuery,
  type ResolveManyResult,
  SupportRules,
  type Ticket,
  type TicketState,
  agentEmail,
} from "../../../schemas/support";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { TicketEvents } from "./events";
import { type StoredTicket, Tickets } from "./tickets";

/** The admins' inbox (spec 03 §2.11, §7.10): the filtered list with its counts, and the ticket changes. */
export namespace SupportInbox {
  /** How many tickets, newest change first, the inbox lists before its filters narrow them. */
  const LIST_LIMIT = 1000;

  /** The company domain agents' e-mails must be on (spec 03 §5 Admin assign). */
  export const agentDomain = () => process.env.KILN_SUPPORT_DOMAIN?.trim() || SupportRules.DEFAULT_DOMAIN;

  export async function list(query: InboxQuery): Promise<Inbox> {
    const onlyOpen = query.only_open !== "false";
    const [tickets, counts] = await Promise.all([
      onlyOpen
        ? Tickets.listIndex("gsi3", Keys.ticketOpenPartition, LIST_LIMIT)
        : Tickets.listIndex("gsi2", Keys.ticketAllPartition, LIST_LIMIT),
      countsOf(onlyOpen ? "OPEN" : "ALL"),
    ]);
    const shown = tickets.filter(matches(query));
    return { conversations: shown.map(TicketEvents.forAdmin), total: shown.length, counts };
  }

  function matches(q: InboxQuery): (t: StoredTicket) => boolean {
    const needle = q.search?.trim().toLowerCase();
    return (t) => {
      if (needle && ![t.title, t.content, t.app_id ?? "", t.created_by].some((f) => f.toLowerCase().includes(needle))) return false;
      if (q.pending === "resolved" ? t.ticket_status !== "resolved" : q.pending && (t.ticket_status !== "open" || t.pending_response_from !== q.pending)) return false;
      if (q.assigned_to === "unassigned" ? t.assigned_to : q.assigned_to === "assigned" ? !t.assigned_to : q.assigned_to && t.assigned_to !== q.assigned_to.toLowerCase()) return false;
      if (q.category && t.category !== q.category) return false;
      if (q.internal_category && !t.internal_categories.includes(q.internal_category)) return false;
      return true;
    };
  }

  /**
   * The filter panel's counts from the maintained counters (functions/core/support/tickets.ts), never from the
   * tickets: of the open tickets or of all, as the list shows; open and resolved are always the totals.
   */
  export async function countsOf(scope: "ALL" | "OPEN"): Promise<InboxCounts> {
    const both = await Tickets.counters();
    const all = both[scope];
    const counts: InboxCounts = {
      open: both.ALL.get("STATE#open") ?? 0,
      resolved: both.ALL.get("STATE#resolved") ?? 0,
      pending_admin: all.get("PENDING#admin") ?? 0,
      pending_user: all.get("PENDING#user") ?? 0,
      assigned: 0,
      unassigned: all.get("UNASSIGNED") ?? 0,
      by_assignee: {},
      by_category: {},
      by_internal_category: {},
    };
    for (const [name, n] of all) {
      if (n <= 0) continue;
      const [dim, ...rest] = name.split("#");
      const value = rest.join("#");
      if (dim === "ASSIGNEE") {
        counts.by_assignee[value] = n;
        counts.assigned += n;
      }
      if (dim === "CATEGORY") counts.by_category[value] = n;
      if (dim === "INTERNAL") counts.by_internal_category[value] = n;
    }
    return counts;
  }

  async function changed(t: StoredTicket): Promise<Ticket> {
    await TicketEvents.publish("ticket_updated", t);
    return TicketEvents.forAdmin(t);
  }

  /** `status` (pending_admin_response, pending_user_response, closed); ticket_status and pending follow from it. */
  export async function setStatus(id: string, status: ConversationStatus): Promise<Ticket> {
    return changed(await Tickets.change(id, (t) => ({ next: withStatus(t, status) })));
  }

  /** The admin dropdown's Open / Resolved. */
  export async function setState(id: string, state: TicketState): Promise<Ticket> {
    return changed(await Tickets.change(id, (t) => ({ next: withStatus(t, state === "resolved" ? "closed" : "pending_admin_response") })));
  }

  function withStatus(t: StoredTicket, status: ConversationStatus): StoredTicket {
    if (status === "closed") return { ...t, status, ticket_status: "resolved", pending_response_from: "" };
    return { ...t, status, ticket_status: "open", pending_response_from: status === "pending_user_response" ? "user" : "admin" };
  }

  export async function assign(id: string, rawEmail: string): Promise<Ticket> {
    const parsed = agentEmail(agentDomain()).safeParse(rawEmail);
    if (!parsed.success) throw new VisibleError("input", parsed.error.issues[0].message);
    return changed(
      await Tickets.change(id, (t) => {
        if (t.ticket_status === "resolved") throw new VisibleError("conflict", SupportRules.RESOLVED_CANNOT_ASSIGN);
        return { next: { ...t, assigned_to: parsed.data } };
      }),
    );
  }

  export async function setInternalCategories(id: string, categories: string[]): Promise<Ticket> {
    return changed(await Tickets.change(id, (t) => ({ next: { ...t, internal_categories: categories } })));
  }

  /** Each ticket resolved in its own transaction, so one failure leaves the others resolved; the answer says which. */
  export async function resolveMany(ids: string[]): Promise<ResolveManyResult> {
    const result: ResolveManyResult = { resolved: [], errors: [] };
    for (const id of [...new Set(ids)]) {
      try {
        await changed(
          await Tickets.change(id, (t) => {
            if (t.ticket_status === "resolved") throw new VisibleError("conflict", "Ticket is already resolved");
            return { next: withStatus(t, "closed") };
          }),
        );
        result.resolved.push(id);
      } catch (err) {
        if (!(err instanceof VisibleError)) throw err;
        result.errors.push({ ticket_id: id, error: err.message });
      }
    }
    return result;
  }

  /** Only assistant messages may be deleted (spec 03 §2.11). */
  export async function deleteMessage(id: string, messageId: string): Promise<{ id: string; deleted: true }> {
    const saved = await Tickets.change(id, async (t) => {
      const message = await Tickets.message(id, messageId);
      if (!message) throw notFound(SupportRules.MESSAGE_NOT_FOUND);
      if (message.role !== "assistant") throw new VisibleError("input", SupportRules.ONLY_ASSISTANT_MESSAGES);
      return { next: t, extra: [Tickets.deleteMessageItem(id, messageId)] };
    });
    await TicketEvents.publish("message_deleted", saved, { message_id: messageId });
    return { id: messageId, deleted: true };
  }
}
