import { CreateTicketBody, type InboxQuery, SupportRules, type Ticket, type TicketCategory, isClosed } from "../../../../schemas/support";

/** The new-ticket form as typed (spec 03 §2.10). */
export interface TicketDraft {
  title: string;
  content: string;
  category: TicketCategory | "";
  app_link: string;
}

export type TicketField = keyof TicketDraft;

/** Each field's first §5 message, from the same schema the server parses the body with. */
export function ticketErrors(draft: TicketDraft, appId: string | undefined): Partial<Record<TicketField, string>> {
  const parsed = CreateTicketBody.safeParse({
    ...draft,
    app_link: appId ? null : draft.app_link,
    app_id: appId ?? null,
  });
  const errors: Partial<Record<TicketField, string>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as TicketField;
    if (field in draft && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The description counter: orange above 450 characters, red above 500 (spec 03 §5). */
export function counterColor(length: number): "red" | "orange" | "muted" {
  if (length > SupportRules.DESCRIPTION_MAX) return "red";
  if (length > SupportRules.DESCRIPTION_WARN) return "orange";
  return "muted";
}

export type TicketTab = "open" | "closed" | "all";

/** My tickets' tabs: Closed holds closed or resolved conversations, Open the rest, newest change first. */
export function ticketsIn(tab: TicketTab, tickets: Ticket[]): Ticket[] {
  const shown = tab === "all" ? tickets : tickets.filter((t) => isClosed(t) === (tab === "closed"));
  return [...shown].sort((a, b) => b.updated_date.localeCompare(a.updated_date));
}

/** The inbox's filter panel as the admin set it; "" is "All". */
export interface InboxFilters {
  search: string;
  onlyOpen: boolean;
  pending: "" | "admin" | "user" | "resolved";
  assigned: string;
  category: TicketCategory | "";
  internal: string;
}

export const noFilters: InboxFilters = {
  search: "",
  onlyOpen: true,
  pending: "",
  assigned: "",
  category: "",
  internal: "",
};

/** GET /support/admin carries only the filters that are set (spec 03 §7.10). */
export function inboxQueryOf(f: InboxFilters): InboxQuery {
  const query: InboxQuery = { only_open: f.onlyOpen ? "true" : "false" };
  if (f.search.trim()) query.search = f.search.trim();
  if (f.pending) query.pending = f.pending;
  if (f.assigned) query.assigned_to = f.assigned;
  if (f.category) query.category = f.category;
  if (f.internal) query.internal_category = f.internal;
  return query;
}

/** An agent shows by the local part of their e-mail (spec 03 §2.11). */
export const agentName = (email: string) => email.split("@")[0];

/** Internal category options: trimmed, non-empty, no duplicates (spec 03 §5); answers the list unchanged when `entry` adds nothing. */
export function addCategory(list: string[], entry: string): string[] {
  const value = entry.trim();
  return value && !list.includes(value) ? [...list, value] : list;
}

/** Only open tickets may be selected for bulk resolve; the selection keeps the ones still listed and open. */
export const selectableIds = (tickets: Ticket[]) => tickets.filter((t) => t.ticket_status === "open").map((t) => t.id);
