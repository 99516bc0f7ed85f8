import { invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { addInterval, nowSeconds, type Interval } from "../clock.ts";
import { page } from "../listing.ts";
import { field, int, list, metadata, object, oneOf, text, unixOrNow, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import { previousAttributes, type Entry, type Store } from "../store.ts";
import { endSubscription, type ProrationBehavior } from "./subscription-changes.ts";
import { usablePrice } from "./subscriptions.ts";
import { enterPhase, phaseObject, releaseSchedule, type PhaseItem } from "./schedule-phases.ts";

const PRORATION = ["always_invoice", "create_prorations", "none"] as const;
const END_BEHAVIORS = ["cancel", "none", "release", "renew"] as const;
const INTERVALS = ["day", "week", "month", "year"] as const;

function create(ctx: Context) {
  const { store, params: p } = ctx;
  const subId = text(p, "from_subscription");
  if (!subId) throw invalid("The stand-in creates schedules with from_subscription only.", "from_subscription");
  const sub = store.find("subscription", subId, ctx.account, "from_subscription");
  if (sub.obj.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.obj.schedule}\`.`, "from_subscription");
  if (sub.obj.status === "canceled") throw invalid("You cannot migrate a canceled subscription.", "from_subscription");
  const item = sub.obj.items.data[0];
  const schedule = store.insert(
    "subscription_schedule",
    ctx.account,
    {
      id: newId("sub_sched"),
      object: "subscription_schedule",
      application: null,
      billing_mode: { flexible: null, type: "classic" },
      canceled_at: null,
      completed_at: null,
      created: nowSeconds(),
      current_phase: { end_date: item.current_period_end, start_date: item.current_period_start },
      customer: sub.obj.customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        automatic_tax: { disabled_reason: null, enabled: false, liability: null },
        billing_cycle_anchor: "automatic",
        billing_thresholds: null,
        collection_method: "charge_automatically",
        default_payment_method: null,
        description: null,
        invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: "self" } },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: "release",
      livemode: false,
      metadata: metadata(p, {}),
      pause_schedules: [],
      phases: [phaseObject(item.current_period_start, item.current_period_end, [{ price: item.price, quantity: item.quantity }], sub.obj.currency, "create_prorations")],
      released_at: null,
      released_subscription: null,
      status: "active",
      subscription: sub.obj.id,
      test_clock: null,
    },
    { phaseIndex: 0 },
  );
  store.emit("subscription_schedule.created", schedule);
  const previous = store.change(sub, (obj) => (obj.schedule = schedule.obj.id));
  if (previous) store.emit("customer.subscription.updated", sub, previous);
  return store.view(schedule.obj.id);
}

/** Reads `phases[i]`: items, start (`start_date`, or where the previous phase ended), end (`end_date`, `duration`, `iterations`, or one billing interval). */
function readPhases(store: Store, schedule: Entry, sub: Entry, p: Params) {
  let cursor: number = schedule.obj.phases[0].start_date;
  return list(p, "phases").map((raw, i) => {
    const label = `phases[${i}]`;
    if (typeof raw !== "object") throw invalid("Invalid object", label);
    const items: PhaseItem[] = list(raw, "items").map((item, j) => {
      const itemLabel = field(field(label, "items"), String(j));
      const price = usablePrice(store, sub, item?.price, field(itemLabel, "price"));
      return { price: price.obj.id, quantity: int(item, "quantity", field(itemLabel, "quantity")) ?? 1 };
    });
    if (items.length !== 1) throw invalid(items.length ? "The stand-in supports one item per phase." : `Missing required param: ${label}[items].`, field(label, "items"));
    const start = unixOrNow(raw, "start_date", field(label, "start_date")) ?? cursor;
    const recurring = store.entry(items[0].price)!.obj.recurring;
    const duration = object(raw, "duration");
    const iterations = int(raw, "iterations", field(label, "iterations"));
    let end = unixOrNow(raw, "end_date", field(label, "end_date"));
    if (end === undefined && duration) {
      const interval = oneOf(duration, "interval", INTERVALS, field(field(label, "duration"), "interval")) as Interval;
      end = addInterval(start, interval, int(duration, "interval_count") ?? 1);
    }
    end ??= addInterval(start, recurring.interval, recurring.interval_count * (iterations ?? 1));
    if (end <= start) throw invalid(`The phase end_date must be after its start_date.`, field(label, "end_date"));
    if (start < cursor && i > 0) throw invalid(`Phases must not overlap: ${label} starts before the previous phase ends.`, field(label, "start_date"));
    cursor = end;
    const proration = oneOf(raw, "proration_behavior", PRORATION, field(label, "proration_behavior")) ?? "create_prorations";
    return phaseObject(start, end, items, sub.obj.currency, proration, metadata(raw, {}));
  });
}

function update(ctx: Context) {
  const { store, params: p } = ctx;
  const schedule = store.find("subscription_schedule", ctx.path.id, ctx.account);
  if (schedule.obj.status !== "active") throw invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.obj.status}\` status.`);
  const sub = store.entry(schedule.obj.subscription)!;
  const phases = p.phases !== undefined ? readPhases(store, schedule, sub, p) : null;
  const endBehavior = oneOf(p, "end_behavior", END_BEHAVIORS);
  const proration: ProrationBehavior = oneOf(p, "proration_behavior", PRORATION) ?? "create_prorations";
  if (phases?.length === 0) throw invalid("Missing required param: phases.", "phases");
  const subBefore = store.view(sub.obj.id);
  const invoices: Entry[] = [];
  const previous = store.change(schedule, (obj) => {
    if (endBehavior) obj.end_behavior = endBehavior;
    obj.metadata = metadata(p, obj.metadata ?? {});
    if (!phases) return;
    obj.phases = phases;
    const anchor = sub.obj.items.data[0].current_period_start;
    const index = Math.max(0, phases.findIndex((ph) => ph.start_date <= anchor && anchor < ph.end_date));
    const invoice = enterPhase(store, schedule, sub, index, proration);
    if (invoice) invoices.push(invoice);
  });
  if (previous) store.emit("subscription_schedule.updated", schedule, previous);
  const subPrevious = previousAttributes(subBefore, store.view(sub.obj.id));
  if (Object.keys(subPrevious).length) store.emit("customer.subscription.updated", sub, subPrevious);
  for (const invoice of invoices) store.emit("invoice.paid", invoice);
  return store.view(schedule.obj.id);
}

function activeSchedule(ctx: Context, verb: string): Entry {
  const schedule = ctx.store.find("subscription_schedule", ctx.path.id, ctx.account);
  if (schedule.obj.status !== "active" && schedule.obj.status !== "not_started") {
    throw invalid(`You cannot ${verb} a subscription schedule that is currently in the \`${schedule.obj.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
  }
  return schedule;
}

export const scheduleRoutes: Route[] = [
  api("POST", "/v1/subscription_schedules", create),
  api("GET", "/v1/subscription_schedules/:id", (ctx) => ctx.store.view(ctx.store.find("subscription_schedule", ctx.path.id, ctx.account).obj.id)),
  api("POST", "/v1/subscription_schedules/:id", update),
  api("POST", "/v1/subscription_schedules/:id/release", (ctx) => {
    const schedule = activeSchedule(ctx, "release");
    releaseSchedule(ctx.store, schedule, ctx.store.entry(schedule.obj.subscription ?? ""));
    return ctx.store.view(schedule.obj.id);
  }),
  api("POST", "/v1/subscription_schedules/:id/cancel", (ctx) => {
    const schedule = activeSchedule(ctx, "cancel");
    endSubscription(ctx.store, ctx.store.entry(schedule.obj.subscription)!, "cancellation_requested", "canceled");
    return ctx.store.view(schedule.obj.id);
  }),
  api("GET", "/v1/subscription_schedules", (ctx) => {
    const customer = text(ctx.params, "customer");
    const entries = ctx.store.all("subscription_schedule", ctx.account, (e) => !customer || e.obj.customer === customer);
    return page(ctx.store, entries, ctx.params, "/v1/subscription_schedules");
  }),
];
