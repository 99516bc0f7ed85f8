import { Button, Spinner, Text, VStack } from "@chakra-ui/react";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import * as z from "zod";
import { usageQuery } from "../../api/apps";
import { meQuery } from "../../api/auth";
import { billingStatsQuery, integrationUsageQuery } from "../../api/billing";
import { BillingPage } from "../../components/billing/BillingPage";

/** `?success=true` when Stripe's hosted checkout sends the user back (spec 03 §2.2); the router reads it as a boolean. */
const BillingSearch = z.object({
  success: z.preprocess((v) => (v === true || v === "true" ? true : undefined), z.literal(true).optional()).catch(undefined),
});

export const Route = createFileRoute("/_app/billing")({
  validateSearch: (search) => BillingSearch.parse(search),
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(integrationUsageQuery);
    return Promise.all([queryClient.ensureQueryData(billingStatsQuery), queryClient.ensureQueryData(usageQuery), queryClient.ensureQueryData(meQuery)]);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="billing-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  errorComponent: BillingLoadFailed,
  component: Billing,
});

function Billing() {
  const { success } = Route.useSearch();
  const navigate = Route.useNavigate();
  const dropSuccessFlag = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <BillingPage success={success === true} dropSuccessFlag={dropSuccessFlag} />;
}

/** Spec 03 §8: 'Failed to load billing information'. */
function BillingLoadFailed() {
  const router = useRouter();
  return (
    <VStack py="24" gap="4" px="6" textAlign="center" data-testid="billing-load-error">
      <Text fontWeight="semibold">Failed to load billing information</Text>
      <Button colorPalette="brand" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </VStack>
  );
}
