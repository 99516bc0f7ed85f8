import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { meQuery } from "../../../../api/auth";
import { agentQuery, articlesQuery } from "../../../../api/support";
import { DocsManager } from "../../../../components/support/DocsManager";

export const Route = createFileRoute("/_app/support/admin/agent-backoffice")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery);
    // the server refuses these to others; a failure is the manager's own 'Try Again' screen
    if (me.platform_role.includes("admin"))
      await Promise.all([queryClient.ensureQueryData(articlesQuery), queryClient.ensureQueryData(agentQuery)]).catch(() => undefined);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="docs-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: DocsManager,
});
