import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { SubscriptionTier } from "../../../../schemas/user";
import { meQuery } from "../../api/auth";
import { billingStatsQuery } from "../../api/billing";
import { trackPurchase } from "../../lib/tracking";
import { toast } from "../ui/toaster";

/** Checkout tracking value (spec 03 §9). */
export const PURCHASE_TRACKING_VALUE = 20;
/** How often, and how long, the page asks whether Stripe's webhook has landed. */
export const ACTIVATION_POLL_MS = 2_000;
const ACTIVATION_PATIENCE_MS = 60_000;

export type Activation = "idle" | "activating" | "slow";

/**
 * Back from checkout with `success=true` (spec 03 §2.2): track the purchase once, drop the flag from
 * the address, and wait for the webhook to move the account off Free (only Free users check out).
 */
export function usePurchaseActivation(success: boolean, tier: SubscriptionTier, dropFlag: () => void): Activation {
  const client = useQueryClient();
  const seen = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!success || seen.current) return;
    seen.current = true;
    trackPurchase(PURCHASE_TRACKING_VALUE);
    setWaiting(true);
    dropFlag();
  }, [success, dropFlag]);

  useEffect(() => {
    if (!waiting) return;
    if (tier !== "free") {
      setWaiting(false);
      setSlow(false);
      toast.success("Your new plan is active. Thank you!");
      void client.invalidateQueries({ queryKey: ["usage"] });
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), ACTIVATION_PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, tier, client]);

  // the page reads the same queries: polling them here refreshes it
  const poll = { refetchInterval: ACTIVATION_POLL_MS, enabled: waiting && !slow };
  useQuery({ ...billingStatsQuery, ...poll });
  useQuery({ ...meQuery, ...poll });

  return !waiting ? "idle" : slow ? "slow" : "activating";
}
