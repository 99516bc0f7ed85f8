import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { catalogListQuery } from "../../../api/catalog";
import { CatalogList } from "../../../components/catalog/CatalogList";
import { LoadFailed } from "../../../components/catalog/LoadFailed";

export const Route = createFileRoute("/_app/integrations-catalog/")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(catalogListQuery),
  pendingComponent: () => (
    <VStack py="24" data-testid="catalog-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  errorComponent: () => <LoadFailed message="Failed to load catalog items. Please try again." testId="catalog-load-error" />,
  component: CatalogList,
});
