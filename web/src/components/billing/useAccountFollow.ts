import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { User } from "../../../../schemas/user";
import { billingStatsQuery } from "../../api/billing";

/**
 * Stripe's webhook changes the account, and the user's room (useMyRoom) pushes the change into `me`;
 * the plan cards and the pending-change notice read billing stats, so those are read again then.
 */
export function useAccountFollow(me: User) {
  const client = useQueryClient();
  const billing = [me.subscription_tier, me.stripe_subscription_id, me.stripe_subscription_status, me.subscription_schedule_id, me.subscription_schedule_tier].join("|");
  const seen = useRef(billing);
  useEffect(() => {
    if (seen.current === billing) return;
    seen.current = billing;
    void client.invalidateQueries({ queryKey: billingStatsQuery.queryKey });
    void client.invalidateQueries({ queryKey: ["usage"] });
  }, [billing, client]);
}
