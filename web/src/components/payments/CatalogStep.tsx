import { Button, Card, HStack, Text } from "@chakra-ui/react";
import { formatDistanceToNow } from "date-fns";
import { RefreshCw } from "lucide-react";
import type { PaymentsAccount } from "../../../../schemas/payments";
import { useRefreshCatalog } from "../../api/payments";
import { toast } from "../ui/toaster";
import { DashboardLink } from "./DashboardLink";
import { ProductCatalog } from "./ProductCatalog";

/** Refreshes the account's catalogue from Stripe; `failure` is the screen's own words (spec 02 §8, spec 03 §8). */
export function useCatalogRefresh(failure: string) {
  const refresh = useRefreshCatalog();
  return { refresh: (account: string) => refresh.mutate(account, { onError: () => toast.error(failure) }), pending: refresh.isPending };
}

export function RefreshedAt({ account }: { account: PaymentsAccount }) {
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="payments-refreshed-at">
      {account.catalog_refreshed_at ? `Refreshed ${formatDistanceToNow(new Date(account.catalog_refreshed_at), { addSuffix: true })}` : "Not refreshed from Stripe yet"}
    </Text>
  );
}

/** Step 2: the product catalogue, read from the account's Stripe products and prices. */
export function CatalogStep({ account, onContinue }: { account: PaymentsAccount; onContinue(): void }) {
  const { refresh, pending } = useCatalogRefresh("Failed to refresh product catalog");
  return (
    <Card.Root data-testid="payments-catalog-card">
      <Card.Header>
        <Card.Title>Product catalog</Card.Title>
        <Card.Description>
          Create products and prices in your <DashboardLink account={account.stripe_account_id} testId="payments-catalog-dashboard-link" />, then refresh to bring them here.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <HStack justify="space-between">
          <RefreshedAt account={account} />
          <Button size="sm" variant="outline" loading={pending} onClick={() => refresh(account.stripe_account_id)} data-testid="payments-refresh-products">
            <RefreshCw size={14} /> Refresh Products
          </Button>
        </HStack>
        <ProductCatalog products={account.product_catalog} account={account.stripe_account_id} />
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="brand" onClick={onContinue} data-testid="payments-catalog-continue">
          Continue
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
