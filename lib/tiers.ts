import type { SubscriptionTier } from "../schemas/user";

/**
 * The plan gates: what each tier may do, the one table handlers, the worker and the web
 * client read. How much a plan allows (messages, integration credits) is not here: it is
 * the Stripe price's metadata (functions/core/billing/plans.ts).
 */

/** A plan without a daily limit (spec 01 §5: the default when one is missing). */
export const NO_DAILY_LIMIT = 1_000_000;

/**
 * Features a plan unlocks (spec 02 §6). The free plan may still make class-only edits
 * to one line (Visual Edit); any other code change needs `code_editing`.
 */
export interface TierFeatures {
  code_editing: boolean;
  badge_toggle: boolean;
  assign_admin: boolean;
  custom_domains: boolean;
  backend_functions: boolean;
  payments: boolean;
  code_export: boolean;
}

const none: TierFeatures = { code_editing: false, badge_toggle: false, assign_admin: false, custom_domains: false, backend_functions: false, payments: false, code_export: false };
const all: TierFeatures = { code_editing: true, badge_toggle: true, assign_admin: true, custom_domains: true, backend_functions: true, payments: true, code_export: true };

export const Features: Record<SubscriptionTier, TierFeatures> = {
  free: none,
  starter: { ...none, code_editing: true, badge_toggle: true, assign_admin: true },
  builder: all,
  pro: all,
  elite: all,
  elite_2: all,
  elite_3: all,
  enterprise: all,
};

/** The words the spec uses when a plan lacks a feature. */
export const FEATURE_MESSAGES: Partial<Record<keyof TierFeatures, string>> = {
  code_editing: "Code editing is only available on paid plans",
  assign_admin: "Paid plans only",
  badge_toggle: "Hiding the platform badge is only available on paid plans",
  backend_functions: "Backend functions need the Builder plan or higher",
  code_export: "GitHub and ZIP export need the Builder plan or higher",
  payments: "Payments need the Builder plan or higher",
};

/** Credits one chat message costs (spec 01 §9): discussion mode is 0.3. */
export const MESSAGE_COST = 1;
export const DISCUSSION_COST = 0.3;
/** Automated error fixes are free and capped per turn. */
export const MAX_AUTOMATED_FIXES_PER_TURN = 2;
