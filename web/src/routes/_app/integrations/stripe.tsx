import { Spinner, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";
import { meQuery } from "../../../api/auth";
import { PaymentsWizard } from "../../../components/payments/PaymentsWizard";

/** `?appId=` when opened from an app's Payments view: the completion step offers that app first. */
const StripeSearch = z.object({ appId: z.string().max(128).optional().catch(undefined) });

/** /integrations/stripe (spec 02 §2): the payments setup wizard, and where Stripe's onboarding returns. */
export const Route = createFileRoute("/_app/integrations/stripe")({
  validateSearch: (search) => StripeSearch.parse(search),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(meQuery),
  pendingComponent: () => (
    <Stack align="center" py="24" data-testid="payments-loading">
      <Spinner size="lg" color="brand.solid" />
    </Stack>
  ),
  component: StripeSetup,
});

function StripeSetup() {
  const { appId } = Route.useSearch();
  return <PaymentsWizard appId={appId} />;
}
