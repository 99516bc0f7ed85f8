import { Button, Card, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Lock } from "lucide-react";

/** Spec 02 §2 / spec 03 §6: plans below Builder see this in place of payments. */
export function SubscriptionRequired() {
  return (
    <Card.Root maxW="lg" mx="auto" data-testid="payments-subscription-required">
      <Card.Body>
        <Stack gap="3" align="center" textAlign="center">
          <Lock size={28} />
          <Text fontWeight="semibold" fontSize="lg">
            Subscription Required
          </Text>
          <Text color="fg.muted">Taking payments in your apps with Stripe is available on the Builder plan and above.</Text>
          <Button colorPalette="brand" asChild data-testid="payments-upgrade">
            <Link to="/billing">Upgrade Subscription</Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
