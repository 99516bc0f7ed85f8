import { useMutation } from "@tanstack/react-query";
import { Billing, serverDetailOr } from "../../api/billing";
import { toast, toaster } from "../ui/toaster";

/** After a successful update or cancel the page reloads after 2 seconds (spec 03 §4, §9). */
export const RELOAD_DELAY_MS = 2_000;
const reloadSoon = () => window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);

/** Checkout, the payment portal, plan changes and cancelling a scheduled change, with the spec's messages (spec 03 §8). */
export function useBillingActions() {
  const checkout = useMutation({
    mutationFn: Billing.checkout,
    onSuccess: (session) => window.location.assign(session.url),
    onError: () => toast.error("Failed to create checkout session. Please try again later."),
  });
  const portal = useMutation({
    mutationFn: Billing.portal,
    onSuccess: (session) => window.location.assign(session.url),
    onError: () => toast.error("Failed to open subscription management. Please try again later."),
  });
  const update = useMutation({
    mutationFn: Billing.updateSubscription,
    onSuccess: ({ subscription }) => {
      toaster.remove();
      toaster.success({
        title: "Subscription Updated",
        description: subscription.is_downgrade
          ? "Your subscription is scheduled to downgrade at the end of your billing cycle."
          : "Your subscription was upgraded successfully.",
      });
      reloadSoon();
    },
    onError: (err) => toast.error(serverDetailOr(err, "Failed to update subscription. Please try again later.")),
  });
  const cancelSchedule = useMutation({
    mutationFn: Billing.cancelSchedule,
    onSuccess: () => {
      toast.success("Subscription schedule cancelled successfully");
      reloadSoon();
    },
    onError: () => toast.error("Failed to cancel subscription schedule. Please try again later."),
  });
  return { checkout, portal, update, cancelSchedule };
}

export type BillingActions = ReturnType<typeof useBillingActions>;
