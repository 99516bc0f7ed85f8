import type * as z from "zod";
import { SupportRules, type TicketDetail, type TicketSubscription } from "../../../schemas/support";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { VisibleError } from "../errors";
import { Users } from "../identity/users";
import { TicketEvents } from "./events";
import { Tickets } from "./tickets";

/** The admin's ticket detail (spec 03 §3 Ticket detail response): the ticket with its thread and the sidebar. */
export namespace TicketDetails {
  export async function get(id: string): Promise<TicketDetail> {
    const found = await Tickets.withMessages(id);
    if (!found) throw new VisibleError("not_found", SupportRules.NOT_FOUND);
    const { ticket, messages } = found;
    const [user, app] = await Promise.all([Users.get(ticket.created_by_id), ticket.app_id ? Apps.get(ticket.app_id) : undefined]);
    const customer = user?.stripe_customer_id ?? null;
    const subscriptions = customer ? await subscriptionsOf(customer) : { list: [], error: null };
    return {
      ticket: { ...TicketEvents.forAdmin(ticket), messages },
      user: user
        ? {
            id: user.id,
            email: user.email,
            full_name: user.full_name,
            stripe_customer_id: customer,
            stripe_subscription_status: user.stripe_subscription_status,
            subscription_tier: user.subscription_tier,
            created_date: user.created_date,
          }
        : null,
      subscriptions: subscriptions.list,
      subscriptions_error: subscriptions.error,
      app: app
        ? {
            id: app.id,
            name: app.name,
            slug: app.slug,
            public_settings: app.public_settings,
            is_remixable: app.is_remixable,
            created_date: app.created_date,
            updated_date: app.updated_date,
          }
        : null,
      stripe_customer_url: customer ? customerUrl(customer) : null,
    };
  }

  /** 404 'No Conversation Found' unless the ticket exists. */
  export async function assertExists(id: string): Promise<void> {
    if (!(await Tickets.get(id))) throw new VisibleError("not_found", SupportRules.NOT_FOUND);
  }

  /** The payment provider's customer page (test-mode keys open the test dashboard). */
  function customerUrl(customerId: string): string {
    const test = Config.stripe.secretKey.startsWith("sk_live_") ? "" : "test/";
    return `https://dashboard.stripe.com/${test}customers/${encodeURIComponent(customerId)}`;
  }

  /**
   * The customer's subscriptions not yet cancelled, read through the Stripe SDK (the local stand-in without a key);
   * the SDK is loaded with the first ticket of a paying customer, not with the support desk's every cold start.
   */
  async function subscriptionsOf(customer: string): Promise<{ list: z.infer<typeof TicketSubscription>[]; error: string | null }> {
    try {
      const { stripe } = await import("../billing/stripe");
      const page = await stripe().subscriptions.list({ customer, limit: 10 });
      return {
        list: page.data.map((s) => {
          const price = s.items.data[0]?.price;
          return {
            id: s.id,
            status: s.status,
            plan: { nickname: price?.nickname ?? null },
            amount: price?.unit_amount ?? null,
            interval: price?.recurring?.interval ?? null,
          };
        }),
        error: null,
      };
    } catch (err) {
      // the ticket stays readable when the payment provider is not; the sidebar says why
      return { list: [], error: `Could not read subscriptions: ${(err as Error).message}` };
    }
  }
}
