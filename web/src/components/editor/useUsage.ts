import { useQuery } from "@tanstack/react-query";
import { usageQuery } from "../../api/apps";

const DEFAULT_LIMIT = 1_000_000;

/**
 * Where the user stands against the daily and monthly message limits (spec 01 §5, §9):
 * limits default to 1,000,000 when missing; usage failures are silently ignored.
 */
export function useUsage() {
  const { data } = useQuery(usageQuery);
  const dailyLimit = data?.daily_limit ?? DEFAULT_LIMIT;
  const monthlyLimit = data?.monthly_limit ?? DEFAULT_LIMIT;
  const dailyUsage = data?.daily_usage ?? 0;
  const monthlyUsage = data?.monthly_usage ?? 0;
  const dailyLeft = dailyLimit - dailyUsage;
  const monthlyLeft = monthlyLimit - monthlyUsage;
  return {
    loaded: !!data,
    dailyUsage,
    dailyLimit,
    monthlyUsage,
    monthlyLimit,
    limitReached: !!data && (dailyUsage >= dailyLimit || monthlyUsage >= monthlyLimit),
    /** the tighter of the two, and which one it is */
    left: Math.max(0, Math.min(dailyLeft, monthlyLeft)),
    period: monthlyLeft <= dailyLeft ? ("month" as const) : ("day" as const),
  };
}

export type Usage = ReturnType<typeof useUsage>;
