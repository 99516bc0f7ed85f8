import { Button, Card, HStack, Link, List, NativeSelect, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import type { PaymentsAccount } from "../../../../schemas/payments";
import { meQuery } from "../../api/auth";
import { appsListQuery } from "../../api/apps";
import { useAppConnection } from "../../api/payments";
import { toast } from "../ui/toaster";
import { CodeSample } from "./CodeSample";
import { checkoutCode } from "./checkoutCode";

/** Connect the account to one of the owner's apps: install-integration with "StripeIntegration" and the account id. */
function ConnectApp({ account, appId, onPick }: { account: PaymentsAccount; appId: string; onPick(id: string): void }) {
  const me = useQuery(meQuery);
  const apps = useQuery({ ...appsListQuery({ q: { created_by: me.data?.email ?? "" }, sort: "-updated_date", limit: 100, fields: "id,name" }), enabled: !!me.data });
  const { connect } = useAppConnection();
  const connected = account.connected_app_ids.includes(appId);
  const submit = () =>
    connect.mutate({ appId, account: account.stripe_account_id }, { onSuccess: () => toast.success("Stripe account connected"), onError: () => toast.error("Failed to connect Stripe account") });
  return (
    <Stack gap="2">
      <HStack gap="2" flexWrap="wrap">
        <NativeSelect.Root w={{ base: "full", md: "64" }}>
          <NativeSelect.Field value={appId} onChange={(e) => onPick(e.currentTarget.value)} aria-label="App" data-testid="payments-connect-app">
            <option value="">Choose an app…</option>
            {(apps.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name ?? a.id}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button colorPalette="brand" disabled={!appId || connected} loading={connect.isPending} onClick={submit} data-testid="payments-connect">
          Connect
        </Button>
      </HStack>
      {appId && connected && (
        <HStack color="green.fg" data-testid="payments-connected">
          <CheckCircle2 size={16} />
          <Text>Connected.</Text>
          <Link asChild colorPalette="brand">
            <RouterLink to="/apps/$appId/editor/workspace/$view" params={{ appId, view: "payments" }} data-testid="payments-open-workspace">
              Open Payments in the workspace
            </RouterLink>
          </Link>
        </HStack>
      )}
    </Stack>
  );
}

/** Step 3: how to use the account — navigation instructions and the code integration (spec 02 §2). */
export function CompletionStep({ account, initialAppId }: { account: PaymentsAccount; initialAppId?: string }) {
  const [appId, setAppId] = useState(initialAppId ?? account.connected_app_ids[0] ?? "");
  return (
    <Card.Root data-testid="payments-complete-card">
      <Card.Header>
        <Card.Title>Your Stripe account is ready</Card.Title>
        <Card.Description>Connect it to an app, then add Buy buttons for your prices.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Tabs.Root defaultValue="navigation" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="navigation" data-testid="payments-tab-navigation">
              Navigation Instructions
            </Tabs.Trigger>
            <Tabs.Trigger value="code" data-testid="payments-tab-code">
              Code Integration
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="navigation">
            <Stack gap="4">
              <List.Root as="ol" gap="2" ps="5">
                <List.Item>Choose the app that sells, and Connect it to this account.</List.Item>
                <List.Item>Open the app, switch to Workspace and choose Payments in the sidebar: your products and prices are there.</List.Item>
                <List.Item>Ask the assistant in the chat to add a Buy button for a price (name it by its id).</List.Item>
                <List.Item>Publish the app: checkout opens from the published app, not inside the editor's preview.</List.Item>
              </List.Root>
              <ConnectApp account={account} appId={appId} onPick={setAppId} />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="code">
            <Stack gap="2">
              <Text fontSize="sm" color="fg.muted">
                The app asks Kiln for a checkout session on your account and opens Stripe's checkout in a new tab; the buyer comes back with checkout_status=success or canceled.
              </Text>
              <CodeSample code={checkoutCode(account.stripe_account_id, appId || undefined)} testId="payments-code" />
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
