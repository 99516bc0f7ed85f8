import { HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
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

/** an error body as Kiln answers it */
export const fail = (detail: string, status: number) => HttpResponse.json({ detail, message: detail }, { status });

export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** Every request the screens send through `server`, with its JSON body (none for a GET), into `sent`. */
export function recordRequests(server: SetupServer, sent: SentRequest[]): void {
  server.events.on("request:start", async ({ request }) => {
    const body =
      request.method === "GET"
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    sent.push({ method: request.method, url: new URL(request.url), body });
  });
}
