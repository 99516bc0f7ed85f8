import { Box, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { usageQuery } from "../../api/apps";
import { meQuery } from "../../api/auth";
import { billingStatsQuery } from "../../api/billing";
import { ActivationNotice } from "./ActivationNotice";
import { BillingFaq } from "./BillingFaq";
import { CouponForm } from "./CouponForm";
import { DailyUsageChart } from "./DailyUsageChart";
import { PastDueBanner } from "./PastDueBanner";
import { PendingChangeNotice } from "./PendingChangeNotice";
import { PlanCards } from "./PlanCards";
import { currentTier, tierName } from "./plans";
import { useAccountFollow } from "./useAccountFollow";
import { useBillingActions } from "./useBillingActions";
import { usePurchaseActivation } from "./usePurchaseActivation";
import { UsagePanel } from "./UsagePanel";
import { type BillingView, ViewToggle } from "./ViewToggle";

interface Props {
  /** back from checkout (`?success=true`) */
  success: boolean;
  dropSuccessFlag(): void;
}

/** Plans and usage (spec 03 §2.2): the Billing view's plan cards, notice, coupon form and FAQ, or the Usage view. */
export function BillingPage({ success, dropSuccessFlag }: Props) {
  const [view, setView] = useState<BillingView>("billing");
  const { data: stats } = useSuspenseQuery(billingStatsQuery);
  const { data: me } = useSuspenseQuery(meQuery);
  const { data: usage } = useSuspenseQuery(usageQuery);
  const actions = useBillingActions();
  useAccountFollow(me);
  const tier = currentTier(stats, me.subscription_tier);
  const activation = usePurchaseActivation(success, tier, dropSuccessFlag);

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Flex gap="4" align={{ base: "flex-start", sm: "center" }} justify="space-between" direction={{ base: "column", sm: "row" }}>
          <Box>
            <Heading size="2xl">{view === "billing" ? "Plans and billing" : "Usage"}</Heading>
            <Text color="fg.muted" mt="1" data-testid="current-plan">
              You are on the {tierName(tier, stats.pricing)} plan.
            </Text>
          </Box>
          <ViewToggle view={view} onChange={setView} />
        </Flex>
        {usage.past_due && <PastDueBanner opening={actions.portal.isPending} onUpdatePayment={() => actions.portal.mutate()} />}
        <ActivationNotice activation={activation} />
        {view === "billing" ? (
          <>
            <PendingChangeNotice stats={stats} cancelling={actions.cancelSchedule.isPending || actions.cancelSchedule.isSuccess} onCancel={() => actions.cancelSchedule.mutate()} />
            <PlanCards stats={stats} tier={tier} pastDue={usage.past_due} actions={actions} />
            <CouponForm />
            <BillingFaq free={stats.pricing.free} />
          </>
        ) : (
          <>
            <UsagePanel usage={usage} />
            <Stack gap="3" bg="bg" borderWidth="1px" rounded="2xl" p="5">
              <Heading size="md">Messages per day</Heading>
              <DailyUsageChart days={stats.usage_by_date} periodStart={usage.current_credit_period_start_date} periodEnd={usage.current_credit_period_end_date} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
