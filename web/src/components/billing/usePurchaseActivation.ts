import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { SubscriptionTier } from "../../../../schemas/user";
import { meQuery } from "../../api/auth";
import { billingStatsQuery } from "../../api/billing";
import { trackPurchase } from "../../lib/tracking";
import { toast } from "../ui/toaster";

/** Checkout tracking value (spec 03 §9). */
export const PURCHASE_TRACKING_VALUE = 20;
/**
 * How often the page asks whether Stripe's webhook has landed; after `patienceMs` it says so and asks
 * less often, until the deadline (Stripe retries a failed delivery for a while). One object so tests can shorten it.
 */
export const ACTIVATION_TIMING = { pollMs: 2_000, patienceMs: 60_000, slowPollMs: 10_000, deadlineMs: 15 * 60_000 };

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
  const [gaveUp, setGaveUp] = useState(false);

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
      void client.invalidateQueries({ queryKey: billingStatsQuery.queryKey });
      return;
    }
    const timers = [window.setTimeout(() => setSlow(true), ACTIVATION_TIMING.patienceMs), window.setTimeout(() => setGaveUp(true), ACTIVATION_TIMING.deadlineMs)];
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [waiting, tier, client]);

  // The page reads the same queries: polling them here refreshes it. A late webhook still shows (a slow
  // delivery is retried by Stripe for minutes), and the user's room (useMyRoom) may bring it sooner.
  const poll = { refetchInterval: slow ? ACTIVATION_TIMING.slowPollMs : ACTIVATION_TIMING.pollMs, enabled: waiting && !gaveUp };
  useQuery({ ...billingStatsQuery, ...poll });
  useQuery({ ...meQuery, ...poll });

  return !waiting ? "idle" : slow ? "slow" : "activating";
}
