import { Alert, Button } from "@chakra-ui/react";
import type { BillingStats } from "../../../../schemas/billing";
import { hasPendingChange, tierName } from "./plans";

/**
 * A change waiting for the end of the billing cycle (spec 03 §4), with 'Cancel Change': a scheduled downgrade,
 * or a subscription set to end (a downgrade to Free, or Cancel plan in Manage Payments), which moves the user to Free.
 */
export function PendingChangeNotice({ stats, cancelling, onCancel }: { stats: BillingStats; cancelling: boolean; onCancel(): void }) {
  if (!hasPendingChange(stats)) return null;
  const ending = stats.subscription_schedule_tier === "free";
  const to = stats.subscription_schedule_tier ? tierName(stats.subscription_schedule_tier, stats.pricing) : "another plan";
  return (
    <Alert.Root status="info" rounded="xl" data-testid="pending-change-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your plan changes to {to} at the end of your billing cycle.</Alert.Title>
        <Alert.Description>
          {ending
            ? "Your subscription ends then and is not renewed. Cancel Change keeps it going."
            : "To cancel your subscription instead, cancel this change first, then use Manage Payments."}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={onCancel} loading={cancelling} data-testid="cancel-change">
        Cancel Change
      </Button>
    </Alert.Root>
  );
}
