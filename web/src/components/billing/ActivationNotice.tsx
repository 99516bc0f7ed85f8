import { Alert, Spinner } from "@chakra-ui/react";
import type { Activation } from "./usePurchaseActivation";

/** While Stripe's confirmation is on its way after checkout. */
export function ActivationNotice({ activation }: { activation: Activation }) {
  if (activation === "idle") return null;
  return (
    <Alert.Root status="success" rounded="xl" data-testid="activation-notice">
      {activation === "activating" ? <Spinner size="sm" color="green.solid" alignSelf="center" /> : <Alert.Indicator />}
      <Alert.Content>
        <Alert.Title>Payment received. Your new plan is being activated…</Alert.Title>
        <Alert.Description>
          {activation === "activating" ? "This takes a few seconds; the page updates by itself." : "This is taking longer than usual. Your plan will show here by itself once the payment is confirmed."}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
