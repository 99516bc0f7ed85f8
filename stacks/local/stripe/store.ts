import Stripe from "stripe";
import { missing } from "./errors.ts";
import { newId } from "./ids.ts";
import { nowSeconds } from "./clock.ts";

/** A Stripe object as answered: plain JSON with `id` and `object`. */
export type StripeObject = Record<string, any> & { id: string; object: string };

/** One stored object: who owns it (a connected account, or null for the platform) and state Stripe never shows. */
export interface Entry {
  kind: string;
  account: string | null;
  seq: number;
  obj: StripeObject;
  internal: Record<string, any>;
}

export interface DeliveryState {
  status: "pending" | "delivered" | "failed" | "not_sent";
  attempts: number;
  last_error: string | null;
}

export interface IdempotentAnswer {
  account: string | null;
  fingerprint: string;
  status: number;
  body: unknown;
  created: number;
}

export interface StoreData {
  seq: number;
  entries: Record<string, Entry>;
  idempotency: Record<string, IdempotentAnswer>;
  deliveries: Record<string, DeliveryState>;
}

const IDEMPOTENCY_TTL = 24 * 3600;

/** Every object the stand-in holds, in memory; mutations are synchronous so requests never interleave. */
export class Store {
  /** The request being handled, named by the events it causes. */
  request: { id: string; idempotency_key: string | null } | null = null;
  onChange: () => void = () => {};
  onEvent: (eventId: string) => void = () => {};

  constructor(public data: StoreData = { seq: 0, entries: {}, idempotency: {}, deliveries: {} }) {}

  insert(kind: string, account: string | null, obj: StripeObject, internal: Record<string, any> = {}): Entry {
    const entry: Entry = { kind, account, seq: ++this.data.seq, obj, internal };
    this.data.entries[obj.id] = entry;
    this.onChange();
    return entry;
  }

  entry(id: string): Entry | undefined {
    return Object.hasOwn(this.data.entries, id) ? this.data.entries[id] : undefined;
  }

  /** The object of that kind visible to the caller's account, or Stripe's 404 `resource_missing`. */
  find(kind: string, id: unknown, account: string | null, param = "id"): Entry {
    const entry = typeof id === "string" ? this.entry(id) : undefined;
    if (!entry || entry.kind !== kind || entry.account !== account || entry.internal.removed) {
      throw missing(kind.replace(/_/g, " "), String(id ?? ""), param);
    }
    return entry;
  }

  /** Objects of a kind visible to the account, newest first (Stripe's list order). */
  all(kind: string, account: string | null, keep: (entry: Entry) => boolean = () => true): Entry[] {
    return Object.values(this.data.entries)
      .filter((e) => e.kind === kind && e.account === account && !e.internal.removed && keep(e))
      .sort((a, b) => b.seq - a.seq);
  }

  /** A copy of the object as Stripe answers it (subscription items carry their current price and plan). */
  view(id: string): StripeObject {
    const entry = this.entry(id);
    if (!entry) throw missing("object", id);
    const obj = structuredClone(entry.obj);
    if (entry.kind === "subscription") {
      for (const item of obj.items.data) {
        const price = this.view(item.price);
        item.price = price;
        item.plan = planOf(price);
      }
    }
    return obj;
  }

  changed(): void {
    this.onChange();
  }

  /** Applies a change to a stored object; answers Stripe's `previous_attributes`, or null when nothing changed. */
  change(entry: Entry, mutate: (obj: StripeObject) => void): Record<string, unknown> | null {
    const before = this.view(entry.obj.id);
    mutate(entry.obj);
    const previous = previousAttributes(before, this.view(entry.obj.id));
    this.onChange();
    return Object.keys(previous).length ? previous : null;
  }

  /** Records an event about the object as it is now; delivery happens later, outside this request. */
  emit(type: string, entry: Entry, previous?: Record<string, unknown>, account = entry.account): StripeObject {
    const event: StripeObject = {
      id: newId("evt"),
      object: "event",
      ...(account ? { account } : {}),
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: this.view(entry.obj.id), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request: this.request ? { ...this.request } : { id: null, idempotency_key: null },
      type,
    };
    this.insert("event", account, event);
    this.onEvent(event.id);
    return event;
  }

  remember(key: string, answer: IdempotentAnswer): void {
    const cutoff = nowSeconds() - IDEMPOTENCY_TTL;
    for (const [k, v] of Object.entries(this.data.idempotency)) if (v.created < cutoff) delete this.data.idempotency[k];
    this.data.idempotency[key] = answer;
    this.onChange();
  }
}

/** The legacy `plan` Stripe still shows beside each subscription item's price. */
export function planOf(price: StripeObject): StripeObject {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/** The earlier values of what changed: nested objects by key (a key that was absent is null), anything else whole. */
export function previousAttributes(before: Record<string, any>, after: Record<string, any>): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const plain = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
    previous[key] = plain(a) && plain(b) ? previousAttributes(a, b) : (a ?? null);
  }
  return previous;
}
