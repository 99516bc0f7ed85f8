import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { platformUsageQuery, tokensByUserQuery, trendingQuery } from "../../../api/admin";
import { meQuery } from "../../../api/auth";
import { PlatformAnalytics } from "../../../components/admin/PlatformAnalytics";

export const Route = createFileRoute("/_app/admin/analytics")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery);
    // the server refuses these to others: only an admin's are worth loading
    if (me.platform_role.includes("admin"))
      await Promise.all([queryClient.ensureQueryData(platformUsageQuery), queryClient.ensureQueryData(tokensByUserQuery), queryClient.ensureQueryData(trendingQuery)]);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="analytics-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: PlatformAnalytics,
});
