import { SimpleGrid } from "@chakra-ui/react";
import { useState } from "react";
import type { BillingStats, Plan } from "../../../../schemas/billing";
import type { SubscriptionTier } from "../../../../schemas/user";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { EliteSelector } from "./EliteSelector";
import { PlanCard } from "./PlanCard";
import { cardAction, hasPendingChange, isElite, planGroups, tierName } from "./plans";
import type { BillingActions } from "./useBillingActions";

interface Props {
  stats: BillingStats;
  tier: SubscriptionTier;
  /** a past-due subscription changes plan only once it is paid */
  pastDue: boolean;
  actions: BillingActions;
}

const settling = (m: { isPending: boolean; isSuccess: boolean }) => m.isPending || m.isSuccess;

/** What the dialog asks first (spec 03 §4): an upgrade applies now; a downgrade, Free included (the subscription ends), at the cycle's end. */
function confirmationOf(plan: Plan, downgrade: boolean, current: string) {
  if (!downgrade) {
    return {
      title: `Upgrade to ${plan.nickname}?`,
      text: `The upgrade from ${current} to ${plan.nickname} is applied immediately with a prorated charge for the rest of this billing cycle.`,
      action: "Upgrade",
    };
  }
  const then = plan.key === "free" ? "then your subscription ends, and the downgrade to Free" : `the downgrade to ${plan.nickname}`;
  return {
    title: `Downgrade to ${plan.nickname}?`,
    text: `You keep ${current} until the end of the billing cycle; ${then} is effective at the end of the billing cycle.`,
    action: "Downgrade",
  };
}

/** The plan cards in tier order, the Elite family as one card; upgrades and downgrades ask first (spec 03 §4). */
export function PlanCards({ stats, tier, pastDue, actions }: Props) {
  const groups = planGroups(stats.pricing);
  const [elite, setElite] = useState<SubscriptionTier>(() => (isElite(tier) ? tier : (groups.find((g) => isElite(g.key))?.plans[0]?.key ?? "elite")));
  const [change, setChange] = useState<{ plan: Plan; downgrade: boolean } | null>(null);
  const busy = settling(actions.checkout) || settling(actions.portal) || settling(actions.update) || settling(actions.cancelSchedule);
  const current = tierName(tier, stats.pricing);

  const start = (plan: Plan) => {
    const action = cardAction(plan.key, tier);
    if (action === "subscribe") actions.checkout.mutate(plan.id);
    else if (action !== "current") setChange({ plan, downgrade: action === "downgrade" });
  };

  const confirm = () => {
    if (!change) return;
    actions.update.mutate(change.plan.id, { onSettled: () => setChange(null) });
  };

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="plan-cards">
        {groups.map((group) => {
          const family = group.plans.length > 1 || isElite(group.key);
          const plan = (family && group.plans.find((p) => p.key === elite)) || group.plans[0]!;
          const action = cardAction(plan.key, tier);
          const change = action === "upgrade" || action === "downgrade";
          const blockedBy = change && pastDue ? "Update your payment method first." : change && hasPendingChange(stats) ? "Cancel the pending change first." : undefined;
          return (
            <PlanCard
              key={group.key}
              cardKey={family ? "elite" : plan.key}
              plan={plan}
              action={action}
              selector={family && <EliteSelector plans={group.plans} value={plan.key} onChange={setElite} />}
              busy={busy}
              blockedBy={blockedBy}
              onAction={() => start(plan)}
              onManage={() => actions.portal.mutate()}
            />
          );
        })}
      </SimpleGrid>
      <ConfirmDialog
        tone="brand"
        confirmation={change && confirmationOf(change.plan, change.downgrade, current)}
        pending={actions.update.isPending}
        testIds={{ dialog: "plan-change-dialog", action: "plan-change-confirm" }}
        onConfirm={confirm}
        onClose={() => !actions.update.isPending && setChange(null)}
      />
    </>
  );
}
