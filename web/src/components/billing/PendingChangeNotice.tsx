import { Alert, Button } from "@chakra-ui/react";
import type { BillingStats } from "../../../../schemas/billing";
import { tierName } from "./plans";

/** A scheduled plan change (spec 03 §4): the tier it moves to and 'Cancel Change'; the subscription itself is cancelled in Manage Payments once this is gone. */
export function PendingChangeNotice({ stats, cancelling, onCancel }: { stats: BillingStats; cancelling: boolean; onCancel(): void }) {
  if (!stats.subscription_schedule_id) return null;
  const to = stats.subscription_schedule_tier ? tierName(stats.subscription_schedule_tier, stats.pricing) : "another plan";
  return (
    <Alert.Root status="info" rounded="xl" data-testid="pending-change-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your plan changes to {to} at the end of your billing cycle.</Alert.Title>
        <Alert.Description>To cancel your subscription instead, cancel this change first, then use Manage Payments.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={onCancel} loading={cancelling} data-testid="cancel-change">
        Cancel Change
      </Button>
    </Alert.Root>
  );
}
