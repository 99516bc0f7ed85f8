import { Button, Card, HStack, RadioGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, ExternalLink, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import type { AccountType, PaymentsAccount } from "../../../../schemas/payments";
import { Payments, accountStatusQuery, useCreateAccount } from "../../api/payments";
import { toast } from "../ui/toaster";

const types: { value: AccountType; label: string; hint: string }[] = [
  { value: "express", label: "Express", hint: "Stripe hosts onboarding and a light dashboard. Quickest to start." },
  { value: "standard", label: "Standard", hint: "A full Stripe account you manage in Stripe's own dashboard." },
];

/** Step 0: create the account, express (default) or standard (spec 03 §4). */
export function CreateAccountCard({ onCreated }: { onCreated(account: PaymentsAccount): void }) {
  const [type, setType] = useState<AccountType>("express");
  const create = useCreateAccount();
  const submit = () =>
    create.mutate(type, {
      onSuccess: (account) => {
        toast.success("Stripe account created successfully");
        onCreated(account);
      },
      onError: () => toast.error("Failed to create Stripe account"),
    });
  return (
    <Card.Root data-testid="payments-create-card">
      <Card.Header>
        <Card.Title>Create your Stripe account</Card.Title>
        <Card.Description>Your apps' customers pay into this account. Kiln never holds the money.</Card.Description>
      </Card.Header>
      <Card.Body>
        <RadioGroup.Root value={type} onValueChange={(e) => e.value && setType(e.value as AccountType)} data-testid="payments-account-type">
          <Stack gap="3">
            {types.map((t) => (
              <RadioGroup.Item key={t.value} value={t.value} alignItems="start" data-testid={`payments-type-${t.value}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <Text fontWeight="medium">{t.label}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t.hint}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="brand" loading={create.isPending} onClick={submit} data-testid="payments-create">
          Create Stripe Account
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** Step 1: is onboarding complete? If not, continue it through a link that returns to /integrations/stripe. */
export function AccountStatusCard({ account, onVerified }: { account: PaymentsAccount; onVerified(): void }) {
  const status = useQuery(accountStatusQuery(account.stripe_account_id));
  const link = useMutation({ mutationFn: () => Payments.link(account.stripe_account_id) });
  useEffect(() => {
    if (status.isError) toast.error("Failed to check Stripe account status");
  }, [status.isError]);
  const onboard = () =>
    link.mutate(undefined, {
      onSuccess: ({ account_link_url }) => window.location.assign(account_link_url),
      onError: () => toast.error("Failed to create Stripe account link"),
    });
  const complete = status.data?.is_complete === true;
  return (
    <Card.Root data-testid="payments-status-card">
      <Card.Header>
        <Card.Title>Verify your account</Card.Title>
        <Card.Description>
          Account <Text as="span" fontFamily="mono">{account.stripe_account_id}</Text> ({account.account_type})
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {status.isPending ? (
          <Spinner />
        ) : complete ? (
          <HStack color="green.fg" data-testid="payments-status-complete">
            <CheckCircle2 size={18} />
            <Text>Onboarding is complete: this account can take payments.</Text>
          </HStack>
        ) : (
          <Text color="fg.muted" data-testid="payments-status-incomplete">
            Stripe needs a few details before this account can take payments. Continue onboarding on Stripe; you will come back here.
          </Text>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {complete ? (
          <Button colorPalette="brand" onClick={onVerified} data-testid="payments-status-continue">
            Continue
          </Button>
        ) : (
          <Button colorPalette="brand" loading={link.isPending} disabled={status.isPending} onClick={onboard} data-testid="payments-onboard">
            Continue Onboarding <ExternalLink size={14} />
          </Button>
        )}
        <Button variant="outline" loading={status.isFetching} onClick={() => void status.refetch()} data-testid="payments-status-refresh">
          <RefreshCw size={14} /> Refresh Status
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
