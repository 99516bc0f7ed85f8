import { Alert, Button, Container, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { paymentsAccountQuery } from "../../api/payments";
import { useFeatures } from "../workspace/useFeatures";
import { toast } from "../ui/toaster";
import { AccountStatusCard, CreateAccountCard } from "./AccountSetupCards";
import { CatalogStep } from "./CatalogStep";
import { CompletionStep } from "./CompletionStep";
import { DeleteIntegrationCard } from "./DeleteIntegrationCard";
import { StepIndicator } from "./StepIndicator";
import { SubscriptionRequired } from "./SubscriptionRequired";

/** Spec 03 §8: a toast and a page with Refresh Page. */
function LoadFailed() {
  useEffect(() => toast.error("Failed to load Stripe account information"), []);
  return (
    <Stack align="center" gap="4" py="16" textAlign="center" data-testid="payments-load-error">
      <Text fontWeight="semibold">Failed to load Stripe account information</Text>
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        Refresh Page
      </Button>
    </Stack>
  );
}

/**
 * /integrations/stripe (spec 02 §2, §4; spec 03 §4): 0 create the account, 1 verify it, 2 the
 * product catalog, 3 completion. An account that loads starts at 1; deleting it goes back to 0.
 */
export function PaymentsWizard({ appId }: { appId?: string }) {
  const { features } = useFeatures();
  const account = useQuery({ ...paymentsAccountQuery, enabled: features.payments });
  const [chosen, setStep] = useState<number | null>(null);
  if (!features.payments) {
    return (
      <Container maxW="3xl" py="10">
        <SubscriptionRequired />
      </Container>
    );
  }
  if (account.isError) return <LoadFailed />;
  if (account.isPending) {
    return (
      <Stack align="center" py="24" data-testid="payments-loading">
        <Spinner size="lg" color="brand.solid" />
      </Stack>
    );
  }
  const current = account.data.account;
  const step = current ? (chosen ?? 1) : 0;
  return (
    <Container maxW="3xl" py="8">
      <Stack gap="6" data-testid="payments-wizard" data-step={step}>
        <Stack gap="1">
          <Heading size="xl">Payments setup</Heading>
          <Text color="fg.muted">Take card payments in your apps with Stripe Connect.</Text>
        </Stack>
        <StepIndicator step={step} />
        {step > 0 && (
          <Button alignSelf="start" size="sm" variant="ghost" onClick={() => setStep(step - 1)} data-testid="payments-back">
            <ArrowLeft size={14} /> Back
          </Button>
        )}
        {step === 0 && <CreateAccountCard onCreated={() => setStep(1)} />}
        {current && step === 0 && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>You already have a Stripe account: continue to verify it.</Alert.Title>
          </Alert.Root>
        )}
        {current && step === 1 && <AccountStatusCard account={current} onVerified={() => setStep(2)} />}
        {current && step === 2 && <CatalogStep account={current} onContinue={() => setStep(3)} />}
        {current && step === 3 && <CompletionStep account={current} initialAppId={appId} />}
        {current && <DeleteIntegrationCard account={current} onDeleted={() => setStep(null)} />}
      </Stack>
    </Container>
  );
}
