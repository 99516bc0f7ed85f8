import { useQuery } from "@tanstack/react-query";
import { Features, type TierFeatures } from "../../../../lib/tiers";
import { meQuery } from "../../api/auth";

const NONE = Features.free;

/** What the signed-in owner's plan unlocks (the one gate table), and whether they are a platform admin (spec 02 §6: platform_role contains admin). */
export function useFeatures(): { features: TierFeatures; isAdmin: boolean } {
  const me = useQuery(meQuery);
  return { features: me.data ? Features[me.data.subscription_tier] : NONE, isAdmin: me.data ? me.data.platform_role.includes("admin") : false };
}
