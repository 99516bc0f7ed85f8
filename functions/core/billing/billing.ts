import type { BillingStats, CheckoutSession, Plan, PortalSession, SubscriptionUpdate } from "../../../schemas/billing";
import type { SubscriptionTier, User } from "../../../schemas/user";
import { BillingLock } from "./lock";
import { DuplicateSubscriptions } from "./duplicates";
import { Config } from "../config";
import { CreditPeriods } from "./credit-periods";
import { Credits } from "./credits";
import { VisibleError, notFound } from "../errors";
import { PlatformStats } from "../logs/platform-stats";
import { Plans } from "./plans";
import { type Stripe, stripe } from "./stripe";
import { Users } from "../identity/users";

/** Subscription states in which the plan's tier applies (past_due keeps the tier, held to Free limits by Credits). */
const LIVE: ReadonlySet<string> = new Set(["active", "trialing", "past_due", "unpaid"]);
const CHANGEABLE: ReadonlySet<string> = new Set(["active", "trialing"]);

const id = (ref: string | { id: string } | null | undefined) => (typeof ref === "string" ? ref : (ref?.id ?? null));
const fromUnix = (seconds: number) => new Date(seconds * 1000);
/** A second tab's checkout waits this long for the first one's, then gets its page. */
const CHECKOUT_WAIT_MS = 10_000;
const ALREADY_SUBSCRIBED = "You already have a subscription: change plans from the plan cards, or manage it with Manage Payments";

/**
 * Plans and subscriptions on Stripe (spec 03 §2.2, §4, §7.1). Requests only ask Stripe for a
 * change; what a user's plan is comes from Stripe itself, read back through `sync` — on a
 * verified webhook, or right after a change this server made.
 */
export namespace Billing {
  export async function stats(user: User): Promise<BillingStats> {
    const plans = await Plans.list();
    const current = plans.find((p) => p.key === user.subscription_tier);
    const period = await CreditPeriods.current(user.id);
    return {
      pricing: Object.fromEntries(plans.map((p) => [p.key, p])),
      subscription_status: user.stripe_subscription_status,
      stripe_subscription: user.stripe_subscription_id && current ? { plan: { id: current.id } } : null,
      subscription_schedule_id: user.subscription_schedule_id,
      subscription_schedule_tier: user.subscription_schedule_tier,
      usage_by_date: await Credits.usageByDate(user.id, period),
    };
  }

  async function plan(priceId: string): Promise<Plan> {
    const found = await Plans.byId(priceId);
    if (!found) throw notFound("Plan not found");
    return found;
  }

  /** The user's Stripe customer, created on first need (one per user, even when two tabs race). */
  async function customerOf(user: User): Promise<string> {
    if (user.stripe_customer_id) return user.stripe_customer_id;
    const customer = await stripe().customers.create(
      { email: user.email, name: user.full_name ?? undefined, metadata: { kiln_user_id: user.id } },
      { idempotencyKey: `kiln-customer-${user.id}` },
    );
    return Users.linkStripeCustomer(user.id, customer.id);
  }

  /** Stripe refused or could not be reached: the UI shows its own words, the log keeps Stripe's. */
  async function asking<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof VisibleError) throw err;
      console.error(`[billing] ${what}`, err);
      const message = (err as { type?: string; message?: string }).type === "StripeInvalidRequestError" ? (err as Error).message : undefined;
      throw new VisibleError("upstream", message ?? `Stripe could not ${what} right now. Please try again later.`);
    }
  }

  /** The user as stored now: a request decides on it only while holding the user's billing lock. */
  async function current(user: User): Promise<User> {
    return (await Users.get(user.id)) ?? user;
  }

  /**
   * POST /api/billing/create-checkout-session/{planId}: Stripe's hosted checkout for a first subscription.
   * One open checkout per user: the same plan again answers the open page; another plan expires it first
   * (Stripe cannot change an open session's price), so two tabs can never both pay.
   */
  export async function checkout(account: User, priceId: string): Promise<CheckoutSession> {
    const chosen = await plan(priceId);
    if (chosen.key === "free") throw new VisibleError("input", "The Free plan needs no checkout");
    return BillingLock.hold(
      account.id,
      async () => {
        const user = await current(account);
        if (user.stripe_subscription_id && LIVE.has(user.stripe_subscription_status ?? "")) throw new VisibleError("conflict", ALREADY_SUBSCRIBED);
        const customer = await asking("create a checkout session", () => customerOf(user));
        let reuse: Stripe.Checkout.Session | undefined;
        for (const open of await asking("read your open checkout", () => openCheckouts(user.id, customer))) {
          if (!reuse && open.metadata?.kiln_price_id === chosen.id && open.url) reuse = open;
          else await expireCheckout(open.id);
        }
        const session = reuse ?? (await asking("create a checkout session", () => createCheckout(user.id, customer, chosen.id)));
        if (!session.url) throw new VisibleError("upstream", "Stripe did not return a checkout page");
        return { sessionId: session.id, url: session.url };
      },
      CHECKOUT_WAIT_MS,
    );
  }

  async function openCheckouts(userId: string, customer: string): Promise<Stripe.Checkout.Session[]> {
    const open: Stripe.Checkout.Session[] = [];
    for await (const session of stripe().checkout.sessions.list({ customer, status: "open", limit: 100 })) {
      if (session.mode === "subscription" && session.metadata?.kiln_user_id === userId) open.push(session);
    }
    return open;
  }

  /** An open checkout for another plan ends; if it was paid a moment ago instead, the user is subscribed. */
  async function expireCheckout(sessionId: string): Promise<void> {
    try {
      await stripe().checkout.sessions.expire(sessionId);
    } catch (err) {
      const session = await asking("read your open checkout", () => stripe().checkout.sessions.retrieve(sessionId));
      if (session.status === "complete") throw new VisibleError("conflict", ALREADY_SUBSCRIBED);
      if (session.status === "open") await asking("replace your open checkout", () => Promise.reject(err));
    }
  }

  function createCheckout(userId: string, customer: string, priceId: string): Promise<Stripe.Checkout.Session> {
    const web = Config.kiln.webUrl;
    return stripe().checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: userId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${web}/billing?success=true`,
      cancel_url: `${web}/billing`,
      metadata: { kiln_user_id: userId, kiln_price_id: priceId },
      subscription_data: { metadata: { kiln_user_id: userId } },
    });
  }

  /** POST /api/billing/create-portal-session: Stripe's page to change the card, see invoices or cancel. */
  export async function portal(user: User): Promise<PortalSession> {
    if (!user.stripe_customer_id) throw new VisibleError("input", "There are no payment details to manage yet: subscribe to a plan first");
    const session = await asking("open subscription management", () =>
      stripe().billingPortal.sessions.create({ customer: user.stripe_customer_id!, return_url: `${Config.kiln.webUrl}/billing` }),
    );
    return { url: session.url };
  }

  async function subscriptionOf(user: User): Promise<Stripe.Subscription> {
    if (!user.stripe_subscription_id) throw new VisibleError("input", "You have no subscription to change: choose Subscribe on a plan");
    return asking("read your subscription", () => stripe().subscriptions.retrieve(user.stripe_subscription_id!));
  }

  /**
   * POST /api/billing/update-subscription/{planId}: a higher plan applies now with a prorated
   * charge; a lower one waits for the end of the billing cycle in a schedule, and Free ends the
   * subscription then (cancel at period end). One change per user at a time: a second one at once is a 409.
   */
  export function updateSubscription(account: User, priceId: string): Promise<SubscriptionUpdate> {
    return BillingLock.hold(account.id, async () => changePlan(await current(account), await plan(priceId)));
  }

  async function changePlan(user: User, chosen: Plan): Promise<SubscriptionUpdate> {
    if (chosen.key === user.subscription_tier) throw new VisibleError("input", "You are already on this plan");
    if (user.subscription_schedule_id || user.subscription_schedule_tier) throw new VisibleError("conflict", "A plan change is already scheduled: cancel it first with Cancel Change");
    const subscription = await subscriptionOf(user);
    if (!CHANGEABLE.has(subscription.status)) throw new VisibleError("conflict", "Your subscription is not active: update your payment method with Manage Payments first");
    const item = subscription.items.data[0];
    const downgrade = Plans.rank(chosen.key) < Plans.rank(user.subscription_tier);
    const endOfCycle = fromUnix(item.current_period_end).toISOString();

    if (!downgrade) {
      const updated = await asking("update your subscription", () =>
        stripe().subscriptions.update(
          subscription.id,
          { items: [{ id: item.id, price: chosen.id }], proration_behavior: "always_invoice", metadata: { kiln_user_id: user.id } },
          { idempotencyKey: `kiln-upgrade-${subscription.id}-${chosen.id}-${item.current_period_start}` },
        ),
      );
      await settle(updated.id);
      return { subscription: { is_downgrade: false, tier: chosen.key, effective_date: new Date().toISOString() } };
    }

    if (chosen.key === "free") {
      await asking("schedule the change", async () => {
        // a schedule left by an earlier attempt that failed half-way would refuse the cancellation: it lets go first
        const leftover = id(subscription.schedule as string | null);
        if (leftover) await stripe().subscriptionSchedules.release(leftover);
        await stripe().subscriptions.update(subscription.id, { cancel_at_period_end: true });
      });
      await settle(subscription.id);
      return { subscription: { is_downgrade: true, tier: "free", effective_date: endOfCycle } };
    }

    const schedule = await asking("schedule the change", async () => {
      // a schedule left by an earlier attempt that failed half-way is reused: a subscription has at most one
      const existing = id(subscription.schedule as string | null);
      const created = existing ? await stripe().subscriptionSchedules.retrieve(existing) : await stripe().subscriptionSchedules.create({ from_subscription: subscription.id });
      const now = created.phases[0];
      const keep = { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: now.start_date, end_date: now.end_date };
      // the lower plan's phase follows, then the schedule lets go
      return stripe().subscriptionSchedules.update(created.id, {
        end_behavior: "release",
        phases: [keep, { items: [{ price: chosen.id, quantity: 1 }], duration: { interval: "month", interval_count: 1 } }],
      });
    });
    await Users.setBilling(user.id, { subscription_schedule_id: schedule.id, subscription_schedule_tier: chosen.key });
    return { subscription: { is_downgrade: true, tier: chosen.key, effective_date: endOfCycle } };
  }

  /**
   * DELETE /api/billing/cancel-schedule: the pending change is dropped (a downgrade's schedule released,
   * or a cancellation at the period end undone); the subscription goes on as it is.
   */
  export function cancelSchedule(account: User): Promise<void> {
    return BillingLock.hold(account.id, async () => {
      const user = await current(account);
      if (user.subscription_schedule_id) {
        const scheduleId = user.subscription_schedule_id;
        await asking("cancel the scheduled change", async () => {
          const schedule = await stripe().subscriptionSchedules.retrieve(scheduleId);
          if (schedule.status === "active" || schedule.status === "not_started") await stripe().subscriptionSchedules.release(scheduleId);
        });
        await Users.setBilling(user.id, { subscription_schedule_id: null, subscription_schedule_tier: null });
        return;
      }
      if (!user.subscription_schedule_tier || !user.stripe_subscription_id) throw notFound("There is no scheduled plan change to cancel");
      const subscriptionId = user.stripe_subscription_id;
      await asking("cancel the scheduled change", async () => {
        const subscription = await stripe().subscriptions.retrieve(subscriptionId);
        if (subscription.cancel_at_period_end) await stripe().subscriptions.update(subscriptionId, { cancel_at_period_end: false });
        else if (subscription.cancel_at) await stripe().subscriptions.update(subscriptionId, { cancel_at: "" });
      });
      await settle(subscriptionId);
    });
  }

  /**
   * The change waiting for a live subscription: its schedule's, else Free when it is set to end
   * (Cancel plan in the portal, or a downgrade to Free), with no schedule id to release.
   */
  async function pendingChange(subscription: Stripe.Subscription): Promise<{ id: string | null; tier: SubscriptionTier } | null | undefined> {
    const scheduled = await scheduledTier(subscription.schedule as string | Stripe.SubscriptionSchedule | null);
    if (scheduled !== null) return scheduled;
    return subscription.cancel_at_period_end || subscription.cancel_at ? { id: null, tier: "free" } : null;
  }

  /**
   * The tier a live schedule moves to at its next phase (Free when it ends the subscription); null for none;
   * undefined while a downgrade is being written (created from the subscription, its phases not yet set),
   * so a delivery read in that moment leaves the pending change as it is.
   */
  async function scheduledTier(scheduleRef: string | Stripe.SubscriptionSchedule | null): Promise<{ id: string; tier: SubscriptionTier } | null | undefined> {
    if (!scheduleRef) return null;
    const schedule = typeof scheduleRef === "string" ? await stripe().subscriptionSchedules.retrieve(scheduleRef) : scheduleRef;
    if (schedule.status !== "active" && schedule.status !== "not_started") return null;
    if (schedule.phases.length === 1 && schedule.end_behavior === "release") return undefined;
    // the phase after the one running, by the schedule's own dates (Stripe's clock, not this server's)
    const current = schedule.current_phase;
    const next = current ? schedule.phases.find((p) => p.start_date >= current.end_date) : schedule.phases[0];
    if (!next) return schedule.end_behavior === "cancel" ? { id: schedule.id, tier: "free" } : null;
    const price = next.items[0]?.price;
    const plan = price ? await Plans.byId(id(price as string | { id: string })!) : undefined;
    return plan ? { id: schedule.id, tier: plan.key } : null;
  }

  async function isLive(subscriptionId: string): Promise<boolean> {
    return LIVE.has((await stripe().subscriptions.retrieve(subscriptionId)).status);
  }

  /**
   * Read back a change this request made at Stripe. Stripe has it already, so should the user keep changing
   * meanwhile (webhooks landing), the answer stands and the change's own webhook settles the user.
   */
  async function settle(subscriptionId: string): Promise<void> {
    await sync(subscriptionId).catch((err) => console.warn(`[billing] left ${subscriptionId} to its webhook:`, err));
  }

  /** The Kiln user a subscription belongs to: by its customer, else by the id Kiln put in its metadata. */
  async function ownerOf(subscription: Stripe.Subscription): Promise<string | undefined> {
    const customer = id(subscription.customer);
    const byCustomer = customer ? await Users.byStripeCustomer(customer) : undefined;
    if (byCustomer) return byCustomer.id;
    const userId = subscription.metadata?.kiln_user_id;
    const user = userId ? await Users.get(userId) : undefined;
    if (user && customer && !user.stripe_customer_id) await Users.linkStripeCustomer(user.id, customer);
    return user?.id;
  }

  /**
   * Make a user's plan what Stripe says it is now: tier, status, pending change and credit
   * period. A second live subscription beside the one the user has is refunded and ended. Reads the subscription afresh, so deliveries out of order or twice end the same;
   * and writes only if the user is unchanged since before that read (else reads again), so a
   * slow delivery cannot put back a pending change the user cancelled meanwhile.
   */
  export async function sync(subscriptionId: string): Promise<User | undefined> {
    const userId = await ownerOf(await stripe().subscriptions.retrieve(subscriptionId));
    if (!userId) {
      console.warn(`[billing] subscription ${subscriptionId} belongs to no Kiln user`);
      return undefined;
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await Users.versioned(userId);
      if (!before) return undefined;
      const subscription = await stripe().subscriptions.retrieve(subscriptionId, { expand: ["schedule"] });
      const live = LIVE.has(subscription.status);
      // an old subscription's news never overrides the one the user has now
      if (!live && before.user.stripe_subscription_id && before.user.stripe_subscription_id !== subscription.id) return before.user;
      const plan = live ? await Plans.ofSubscription(subscription) : undefined;
      const kept = before.user.stripe_subscription_id;
      if (live && kept && kept !== subscription.id && (await isLive(kept))) {
        await DuplicateSubscriptions.refundAndCancel(subscription, kept);
        return before.user;
      }
      const schedule = live ? await pendingChange(subscription) : null;
      const updated = await Users.setBilling(
        userId,
        {
          subscription_tier: plan?.key ?? "free",
          stripe_subscription_id: live ? subscription.id : null,
          stripe_subscription_status: subscription.status,
          subscription_schedule_id: schedule === undefined ? undefined : (schedule?.id ?? null),
          subscription_schedule_tier: schedule === undefined ? undefined : (schedule?.tier ?? null),
        },
        before.version,
      );
      if (!updated) continue;
      await PlatformStats.tierChanged(before.user.subscription_tier, updated.subscription_tier);
      const item = subscription.items.data[0];
      if (live && item) await CreditPeriods.follow(userId, fromUnix(item.current_period_start), fromUnix(item.current_period_end));
      else await CreditPeriods.detach(userId);
      return updated;
    }
    throw new Error(`the plan of subscription ${subscriptionId}'s user kept changing while it was read`);
  }
}
