import { Alert, Button } from "@chakra-ui/react";

/** The one wording of the past-due state (spec 01 §2, spec 03 §2.2), on home and on billing. */
export const PAST_DUE_TITLE = "Subscription payment overdue";
export const PAST_DUE_TEXT = "You are limited to Free plan usage until you update your payment method.";

/** Yellow, on the billing page, with the way out: the payment portal. */
export function PastDueBanner({ opening, onUpdatePayment }: { opening: boolean; onUpdatePayment(): void }) {
  return (
    <Alert.Root status="warning" rounded="xl" data-testid="past-due-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{PAST_DUE_TITLE}</Alert.Title>
        <Alert.Description>{PAST_DUE_TEXT}</Alert.Description>
      </Alert.Content>
      <Button size="sm" colorPalette="yellow" alignSelf="center" onClick={onUpdatePayment} loading={opening} data-testid="update-payment">
        Update payment method
      </Button>
    </Alert.Root>
  );
}
