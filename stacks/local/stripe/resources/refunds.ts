import { invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { formatAmount } from "../money.ts";
import { int, metadata, oneOf, text } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** POST /v1/refunds — all or part of a succeeded payment intent goes back to the card (at once: this is the stand-in). */
function create(ctx: Context) {
  const { store, params: p, account } = ctx;
  if (text(p, "charge")) throw invalid("The Stripe stand-in refunds payment intents only: pass payment_intent.", "charge");
  const intent = store.find("payment_intent", text(p, "payment_intent", true), account, "payment_intent");
  if (intent.obj.status !== "succeeded") throw invalid(`This PaymentIntent (${intent.obj.id}) does not have a successful charge to refund.`, "payment_intent");
  const refunded: number = intent.internal.refunded ?? 0;
  const left = intent.obj.amount_received - refunded;
  if (left <= 0) throw invalid(`Charge for ${intent.obj.id} has already been refunded.`, undefined, "charge_already_refunded");
  const amount = int(p, "amount") ?? left;
  if (amount < 1) throw invalid("This value must be greater than or equal to 1.", "amount");
  if (amount > left) {
    throw invalid(`Refund amount (${formatAmount(amount, intent.obj.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, intent.obj.currency)})`, "amount", "amount_too_large");
  }
  intent.internal.refunded = refunded + amount;
  const refund = store.insert("refund", account, {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: intent.obj.latest_charge,
    created: nowSeconds(),
    currency: intent.obj.currency,
    customer: intent.obj.customer,
    customer_account: null,
    destination_details: { card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" }, type: "card" },
    metadata: metadata(p, {}),
    payment_intent: intent.obj.id,
    payment_method: intent.obj.payment_method,
    reason: oneOf(p, "reason", REASONS) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  store.emit("refund.created", refund);
  return store.view(refund.obj.id);
}

export const refundRoutes: Route[] = [
  api("POST", "/v1/refunds", create),
  api("GET", "/v1/refunds/:id", (ctx) => ctx.store.view(ctx.store.find("refund", ctx.path.id, ctx.account).obj.id)),
  api("GET", "/v1/refunds", (ctx) => {
    const intent = text(ctx.params, "payment_intent");
    const entries = ctx.store.all("refund", ctx.account, (e) => !intent || e.obj.payment_intent === intent);
    return page(ctx.store, entries, ctx.params, "/v1/refunds");
  }),
];
