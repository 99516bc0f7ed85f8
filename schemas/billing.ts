import * as z from "zod";
import { SubscriptionTier } from "./user";
import { UsageByDate } from "./usage";

/**
 * A plan is a Stripe price (spec 03 §3 Plan). Its metadata carries the limits as Stripe
 * stores metadata, strings; `key` is the lower-cased nickname with spaces as underscores.
 */
export const PlanMetadata = z.object({
  monthly_message_limit: z.string(),
  monthly_integration_credits: z.string(),
  /** comma-separated; underscores are shown as spaces */
  features: z.string().default(""),
  /** messages a day; absent means no daily limit (the spec's default of 1,000,000) */
  daily_message_limit: z.string().optional(),
});

export const Plan = z.object({
  /** the Stripe price id: what checkout and update-subscription take */
  id: z.string(),
  key: SubscriptionTier,
  nickname: z.string(),
  /** cents a month */
  unit_amount: z.number(),
  currency: z.string(),
  metadata: PlanMetadata,
});
export type Plan = z.infer<typeof Plan>;

/** GET /api/billing/stats (spec 03 §3 Billing stats). */
export const BillingStats = z.object({
  /** every plan, by key, in tier order */
  pricing: z.record(z.string(), Plan),
  subscription_status: z.string().nullable(),
  stripe_subscription: z.object({ plan: z.object({ id: z.string() }) }).nullable(),
  subscription_schedule_id: z.string().nullable(),
  subscription_schedule_tier: SubscriptionTier.nullable(),
  usage_by_date: UsageByDate,
});
export type BillingStats = z.infer<typeof BillingStats>;

/** A price id in a path: checkout and update-subscription. */
export const PlanIdParam = z.string().trim().min(1, "A plan is required").max(255).regex(/^[A-Za-z0-9_]+$/, "That is not a plan");

/** POST /api/billing/create-checkout-session/{planId}: the browser goes to `url` (Stripe's hosted checkout). */
export const CheckoutSession = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** POST /api/billing/create-portal-session. */
export const PortalSession = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof PortalSession>;

/** POST /api/billing/update-subscription/{planId}: an upgrade is applied now, a downgrade scheduled for the cycle's end. */
export const SubscriptionUpdate = z.object({
  subscription: z.object({
    is_downgrade: z.boolean(),
    tier: SubscriptionTier,
    /** when the new plan takes effect (now for an upgrade) */
    effective_date: z.string(),
  }),
});
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

/** DELETE /api/billing/cancel-schedule. */
export const ScheduleCancelled = z.object({ cancelled: z.literal(true) });

/** A coupon code (spec 03 §3): `used_credits` counts the people who redeemed it. */
export const CouponCode = z.object({
  code: z.string(),
  num_messages: z.number(),
  max_number_of_people: z.number(),
  domain: z.string().nullable(),
  used_credits: z.number(),
  created_date: z.string(),
});
export type CouponCode = z.infer<typeof CouponCode>;
export const CouponCodeList = z.array(CouponCode);

const missing = (input: unknown) => input === undefined || input === null || input === "";
const required = (message: string) => ({ error: (issue: { input: unknown }) => (missing(issue.input) ? message : undefined) });
/** A count of at least 1, as the admin forms send it (a number; the forms parse what was typed). */
const AtLeastOne = (requiredMessage: string) =>
  z
    .number({ error: (issue) => (missing(issue.input) ? requiredMessage : "Must be a number") })
    .int("Must be a whole number")
    .min(1, "Must be at least 1")
    .max(1_000_000, "Must be at most 1,000,000");

/** A code as people type it: trimmed, compared without case. */
export const CouponCodeText = z
  .string()
  .trim()
  .min(1, { error: "Code is required", abort: true })
  .max(64, "Code must be at most 64 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Code may contain only letters, digits, - and _")
  .transform((v) => v.toUpperCase());

/** POST /api/credits/create-coupon-code (spec 03 §5 Coupon creation). */
export const CreateCouponBody = z.strictObject({
  code: z.string(required("Code is required")).pipe(CouponCodeText),
  num_messages: AtLeastOne("Number of messages is required"),
  max_number_of_people: AtLeastOne("Max number of people is required"),
  /** limits the code to one e-mail domain; empty means any */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .transform((v) => v.replace(/^@/, ""))
    .refine((v) => v === "" || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v), "Enter a domain like example.com")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;

/** POST /api/credits/add-coupon-code/{code}. */
export const CouponRedeemed = z.object({ num_messages: z.number(), message: z.string() });
export type CouponRedeemed = z.infer<typeof CouponRedeemed>;

/** Extra credits granted to a user (spec 03 §3 Bonus credit): by an admin, a coupon or a reward. */
export const BonusCredit = z.object({
  id: z.string(),
  num_messages: z.number(),
  /** what is left of it */
  remaining: z.number(),
  reason: z.string(),
  created_date: z.string(),
  expires_date: z.string().nullable(),
});
export type BonusCredit = z.infer<typeof BonusCredit>;
export const BonusCreditList = z.array(BonusCredit);

/** POST /api/credits/add-bonus-credits (spec 03 §5 Bonus credits). */
export const AddBonusCreditsBody = z.strictObject({
  user_id: z.string().trim().min(1, "A user is required").max(64),
  num_messages: AtLeastOne("Number of messages is required"),
  reason: z.string(required("Reason is required")).trim().min(1, "Reason is required").max(200, "Reason must be at most 200 characters"),
  /** ISO date or date-time; absent means the credits never expire */
  expires_date: z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .nullable()
    .optional()
    .transform((v) => (v ? new Date(v).toISOString() : null)),
});
export type AddBonusCreditsBody = z.infer<typeof AddBonusCreditsBody>;

/** GET /api/usage-logs/user-stats/{id} query. */
export const UserStatsQuery = z.object({
  start_date: z.iso.date("start_date must be a date (YYYY-MM-DD)").optional(),
  end_date: z.iso.date("end_date must be a date (YYYY-MM-DD)").optional(),
});
