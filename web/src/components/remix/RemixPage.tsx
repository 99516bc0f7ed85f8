import { Alert, Button, Container, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useEffectEvent, useRef } from "react";
import { REMIX_FAILED, type RemixRequirements } from "../../../../schemas/remix";
import { serverDetailOr } from "../../api/billing";
import { useRemixApp } from "../../api/remix";
import { useFeatures } from "../workspace/useFeatures";
import { RemixBlocked } from "./RemixBlocked";
import { RemixSecretsForm } from "./RemixSecretsForm";

interface Props {
  appId: string;
  requirements: RemixRequirements;
  cloneHistory: boolean;
}

/**
 * The remix page once its requirements are in (spec 03 §4 Remix): blocked when the app needs
 * backend functions the plan lacks, else a secret-entry form when it uses secrets, else the
 * remix starts at once. Success opens the new app.
 */
export function RemixPage({ appId, requirements, cloneHistory }: Props) {
  const { features } = useFeatures();
  const remix = useRemixApp(appId);
  const started = useRef(false);
  const blocked = requirements.requires_backend_functions && !features.backend_functions;
  const needsSecrets = requirements.app_secret_names.length > 0;
  const start = (secret_values: Record<string, string> = {}) => remix.mutate({ with_chat_history: cloneHistory, secret_values });

  // nothing stands in the way: the remix starts by itself, once
  const startByItself = useEffectEvent(() => start());
  useEffect(() => {
    if (blocked || needsSecrets || started.current) return;
    started.current = true;
    startByItself();
  }, [blocked, needsSecrets]);

  const error = remix.isError && (
    <Alert.Root status="error" data-testid="remix-error">
      <Alert.Indicator />
      <Alert.Title>{serverDetailOr(remix.error, REMIX_FAILED)}</Alert.Title>
    </Alert.Root>
  );

  let body;
  if (blocked) body = <RemixBlocked name={requirements.name} />;
  else if (needsSecrets)
    body = (
      <Stack gap="4">
        {error}
        <RemixSecretsForm name={requirements.name} secretNames={requirements.app_secret_names} pending={remix.isPending || remix.isSuccess} onSubmit={start} />
      </Stack>
    );
  else if (remix.isError)
    body = (
      <Stack gap="4" align="center">
        {error}
        <Button colorPalette="brand" onClick={() => start()} data-testid="remix-retry">
          Try again
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack gap="4" align="center" textAlign="center" data-testid="remix-progress">
        <Spinner size="lg" color="brand.solid" />
        <Text fontWeight="semibold" fontSize="lg">
          Remixing {requirements.name}…
        </Text>
      </Stack>
    );

  return (
    <Container maxW="lg" py={{ base: "16", md: "24" }} data-testid="remix-page">
      {body}
    </Container>
  );
}
