import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { catalogItemQuery } from "../../../../api/catalog";
import { CatalogEditor } from "../../../../components/catalog/CatalogEditor";
import { LoadFailed } from "../../../../components/catalog/LoadFailed";

/** Spec 03 §8: an item that is gone, hidden or not the caller's to edit reads the same. */
const LOAD_FAILED = "Failed to load integration. It may have been deleted or you may not have permission to view it.";

export const Route = createFileRoute("/_app/integrations-catalog/editor/{-$itemId}")({
  loader: async ({ context: { queryClient }, params }) => {
    if (!params.itemId) return null;
    const entry = await queryClient.ensureQueryData(catalogItemQuery(params.itemId));
    if (!entry.can_edit) throw new Error(LOAD_FAILED);
    return entry;
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="catalog-editor-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  errorComponent: () => <LoadFailed message={LOAD_FAILED} retry={false} testId="catalog-editor-load-error" />,
  component: Editor,
});

function Editor() {
  const entry = Route.useLoaderData();
  // A new key per item: moving from one item's editor to another's starts a fresh form.
  return <CatalogEditor key={entry?.item.id ?? "new"} entry={entry} />;
}
