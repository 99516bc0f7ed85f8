import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ChatMessage } from "../../../../schemas/chat";
import { usageQuery } from "../../api/apps";

const DEFAULT_LIMIT = 1_000_000;

/**
 * Where the user stands against the daily and monthly message limits (spec 01 §5, §9):
 * limits default to 1,000,000 when missing; usage failures are silently ignored. Extra
 * credits (coupons, bonuses) are spent after the plan's, so a user who has some is not out.
 */
export function useUsage() {
  const { data } = useQuery(usageQuery);
  const dailyLimit = data?.daily_limit ?? DEFAULT_LIMIT;
  const monthlyLimit = data?.monthly_limit ?? DEFAULT_LIMIT;
  const dailyUsage = data?.daily_usage ?? 0;
  const monthlyUsage = data?.monthly_usage ?? 0;
  const extraCredits = Math.max(0, data?.extra_credits ?? 0);
  const dailyLeft = Math.max(0, dailyLimit - dailyUsage);
  const monthlyLeft = Math.max(0, monthlyLimit - monthlyUsage);
  const planLeft = Math.min(dailyLeft, monthlyLeft);
  return {
    loaded: !!data,
    dailyUsage,
    dailyLimit,
    monthlyUsage,
    monthlyLimit,
    extraCredits,
    /** the plan's own allowance has a daily cap (the Free plan) */
    hasDailyLimit: dailyLimit < DEFAULT_LIMIT,
    dailyLeft,
    monthlyLeft,
    /** the server's word, which counts extra credits; else the plan's credits and the extra ones are both gone */
    limitReached: !!data && (data.is_over_limit || planLeft + extraCredits <= 0),
    /** messages left: the tighter of the two limits, plus extra credits */
    left: planLeft + extraCredits,
    period: monthlyLeft <= dailyLeft ? ("month" as const) : ("day" as const),
  };
}

export type Usage = ReturnType<typeof useUsage>;

/**
 * A turn's charge is settled with its answer's final save (a turn that changed nothing is refunded,
 * the receipt says "Not charged"), so the credit line asks the server again as soon as the last answer ends.
 */
export function useUsageAfterTurn(messages: ChatMessage[]) {
  const client = useQueryClient();
  const last = messages.at(-1);
  const ended = last?.role === "assistant" && last.state && last.state !== "streaming" ? `${last.id}:${last.state}` : null;
  const seen = useRef(ended);
  useEffect(() => {
    if (ended === seen.current) return;
    seen.current = ended;
    if (ended) void client.invalidateQueries({ queryKey: usageQuery.queryKey });
  }, [ended, client]);
}
