import type { Ticket, TicketMessage } from "../../schemas/support";

/** A ticket and a message as the server answers them, for the support screens' tests. */
export const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: "t1aaaaaaaaaa",
  title: "Cannot log in",
  content: "The login page spins forever after I submit.",
  category: "authentication",
  app_id: null,
  app_link: null,
  file_urls: [],
  ticket_status: "open",
  status: "pending_admin_response",
  pending_response_from: "admin",
  created_by: "ada@example.test",
  user_subscription_tier: "free",
  assigned_to: null,
  internal_categories: [],
  created_date: "2026-11-24T10:00:00.000Z",
  updated_date: "2026-11-24T10:00:00.000Z",
  is_bot_writing: false,
  notify_via_email_on_admin_response: false,
  ...over,
});

export const message = (id: string, over: Partial<TicketMessage> = {}): TicketMessage => ({
  id,
  role: "user",
  content: `message ${id}`,
  file_urls: [],
  additional_message_params: { is_admin_message: false },
  metadata: { created_date: "2026-11-24T10:00:00.000Z", created_by_full_name: "Ada" },
  ...over,
});
