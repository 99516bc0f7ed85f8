import { Alert, Badge, Button, Card, HStack, Heading, List, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { RefreshCw, Settings2, Unplug } from "lucide-react";
import { useEffect, useState } from "react";
import type { App } from "../../../../schemas/app";
import { PAYMENTS_PACKAGE } from "../../../../schemas/payments";
import { detailOf } from "../../api/client";
import { Payments, accountStatusQuery, paymentsAccountQuery, returnUrls, useAppConnection } from "../../api/payments";
import { useFeatures } from "../workspace/useFeatures";
import { toast } from "../ui/toaster";
import { RefreshedAt, useCatalogRefresh } from "./CatalogStep";
import { CodeSample } from "./CodeSample";
import { DashboardLink } from "./DashboardLink";
import { ProductCatalog } from "./ProductCatalog";
import { SubscriptionRequired } from "./SubscriptionRequired";
import { checkoutCode } from "./checkoutCode";

/** The workspace's Payments view shows for apps connected to a payments account (spec 02 §2 WorkspaceView values). */
export const hasPayments = (app: App) => Boolean(app.installable_integrations?.[PAYMENTS_PACKAGE]);

function StatusBadge({ account }: { account: string }) {
  const status = useQuery(accountStatusQuery(account));
  if (status.isPending) return <Spinner size="xs" />;
  if (status.isError) return <Badge colorPalette="red">Status unavailable</Badge>;
  return status.data.is_complete ? (
    <Badge colorPalette="green" data-testid="payments-account-active">
      Active
    </Badge>
  ) : (
    <Badge colorPalette="orange" data-testid="payments-account-incomplete">
      Onboarding incomplete
    </Badge>
  );
}

/** Spec 02 §2 Payments: a title, an alpha warning, the account card, a guide and the product catalog. */
export function PaymentsView({ app }: { app: App }) {
  const { features } = useFeatures();
  const owner = useQuery({ ...paymentsAccountQuery, enabled: features.payments });
  const { refresh, pending } = useCatalogRefresh("Failed to refresh product catalog from Stripe");
  const { disconnect } = useAppConnection();
  const [checkingOut, setCheckingOut] = useState<string | null>(null);
  const connectedId = app.installable_integrations?.[PAYMENTS_PACKAGE]?.account_id ?? "";
  const account = owner.data?.account?.stripe_account_id === connectedId ? owner.data.account : null;
  const checkout = useMutation({ mutationFn: (priceId: string) => Payments.checkout(connectedId, { price_id: priceId, quantity: 1, ...returnUrls(window.location.href) }) });

  useEffect(() => {
    if (owner.isError) toast.error("Failed to load Stripe account information");
  }, [owner.isError]);

  if (!features.payments) return <SubscriptionRequired />;
  const startCheckout = (priceId: string) => {
    setCheckingOut(priceId);
    // the tab opens in the click, before the answer, so no popup blocker stops it
    const tab = window.open("", "_blank");
    checkout.mutate(priceId, {
      onSuccess: ({ checkout_url }) => {
        if (tab) tab.location.href = checkout_url;
        else window.open(checkout_url, "_blank");
      },
      onError: (err) => {
        tab?.close();
        toast.error(detailOf(err));
      },
      onSettled: () => setCheckingOut(null),
    });
  };
  const unplug = () =>
    disconnect.mutate({ appId: app.id, account: connectedId }, { onError: (err) => toast.error(`Failed to disconnect Stripe account: ${detailOf(err)}`) });

  return (
    <Stack gap="5" p={{ base: "4", md: "6" }} maxW="4xl" data-testid="payments-view">
      <Heading size="lg">Payments</Heading>
      <Alert.Root status="warning" data-testid="payments-alpha">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Payments are in alpha</Alert.Title>
          <Alert.Description>Try your checkout with Stripe's test cards before you take real payments.</Alert.Description>
        </Alert.Content>
      </Alert.Root>

      <Card.Root data-testid="payments-account-card">
        <Card.Header>
          <HStack justify="space-between" flexWrap="wrap">
            <Card.Title>Stripe account</Card.Title>
            {account && <StatusBadge account={account.stripe_account_id} />}
          </HStack>
          <Card.Description>
            <Text as="span" fontFamily="mono" data-testid="payments-account-id">
              {connectedId}
            </Text>
            {owner.isSuccess && !account && " — not your current payments account: set it up again in Payments setup."}
          </Card.Description>
        </Card.Header>
        <Card.Footer gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" asChild>
            <RouterLink to="/integrations/stripe" search={{ appId: app.id }} data-testid="payments-setup-link">
              <Settings2 size={14} /> Payments setup
            </RouterLink>
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" loading={disconnect.isPending} onClick={unplug} data-testid="payments-disconnect">
            <Unplug size={14} /> Disconnect
          </Button>
        </Card.Footer>
      </Card.Root>

      <Card.Root data-testid="payments-guide">
        <Card.Header>
          <Card.Title>How to sell from this app</Card.Title>
        </Card.Header>
        <Card.Body gap="3">
          <List.Root as="ol" gap="1" ps="5">
            <List.Item>
              Add products and prices in your <DashboardLink account={account?.stripe_account_id} />, then Refresh Products below.
            </List.Item>
            <List.Item>Ask the assistant to add a Buy button for a price, naming its id (the buttons below start a test checkout).</List.Item>
            <List.Item>Publish: checkout opens from the published app in a new tab, and returns with checkout_status=success or canceled.</List.Item>
          </List.Root>
          <CodeSample code={checkoutCode(connectedId, app.id, account?.product_catalog[0]?.prices[0]?.id)} testId="payments-view-code" />
        </Card.Body>
      </Card.Root>

      <Card.Root data-testid="payments-catalog">
        <Card.Header>
          <HStack justify="space-between" flexWrap="wrap">
            <Card.Title>Product catalog</Card.Title>
            <Button size="sm" variant="outline" disabled={!account} loading={pending} onClick={() => refresh(connectedId)} data-testid="payments-view-refresh">
              <RefreshCw size={14} /> Refresh Products
            </Button>
          </HStack>
          {account && <RefreshedAt account={account} />}
        </Card.Header>
        <Card.Body>{owner.isPending ? <Spinner /> : <ProductCatalog products={account?.product_catalog ?? []} onCheckout={account ? startCheckout : undefined} checkingOut={checkingOut} account={account?.stripe_account_id} />}</Card.Body>
      </Card.Root>
    </Stack>
  );
}
