import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { catalogItemQuery } from "../../../../api/catalog";
import { CatalogDetail } from "../../../../components/catalog/CatalogDetail";
import { LoadFailed } from "../../../../components/catalog/LoadFailed";

export const Route = createFileRoute("/_app/integrations-catalog/item/$itemId")({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(catalogItemQuery(params.itemId)),
  pendingComponent: () => (
    <VStack py="24" data-testid="catalog-item-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  errorComponent: () => <LoadFailed message="Failed to load item details" retry={false} testId="catalog-item-load-error" />,
  component: Item,
});

function Item() {
  const { itemId } = Route.useParams();
  return <CatalogDetail itemId={itemId} />;
}
