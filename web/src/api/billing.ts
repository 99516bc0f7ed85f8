import { queryOptions } from "@tanstack/react-query";
import { BillingStats, CheckoutSession, CouponRedeemed, PortalSession, ScheduleCancelled, SubscriptionUpdate } from "../../../schemas/billing";
import { ErrorBody } from "../../../schemas/errors";
import { IntegrationUsage } from "../../../schemas/usage";
import { ApiError, call } from "./client";

/** Spec 03 §7.1–7.2: billing, subscription and coupon calls, typed by schemas/. */
export const Billing = {
  stats: () => call("GET /api/billing/stats", { schema: BillingStats }),
  integrationUsage: () => call("GET /api/usage-logs/current-integration-usage", { schema: IntegrationUsage }),
  checkout: (planId: string) => call("POST /api/billing/create-checkout-session/{planId}", { params: { planId }, schema: CheckoutSession }),
  portal: () => call("POST /api/billing/create-portal-session", { schema: PortalSession }),
  updateSubscription: (planId: string) => call("POST /api/billing/update-subscription/{planId}", { params: { planId }, schema: SubscriptionUpdate }),
  cancelSchedule: () => call("DELETE /api/billing/cancel-schedule", { schema: ScheduleCancelled }),
  redeemCoupon: (code: string) => call("POST /api/credits/add-coupon-code/{code}", { params: { code }, schema: CouponRedeemed }),
};

export const billingStatsQuery = queryOptions({ queryKey: ["billing", "stats"] as const, queryFn: Billing.stats, staleTime: 15_000 });
export const integrationUsageQuery = queryOptions({ queryKey: ["usage", "integrations"] as const, queryFn: Billing.integrationUsage, staleTime: 15_000 });

/** The server's own words when it sent some (an error body), else the screen's fallback (spec 03 §8 "server detail, else …"). */
export function serverDetailOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && ErrorBody.safeParse(err.body).success ? err.detail : fallback;
}
