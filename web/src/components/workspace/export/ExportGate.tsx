import { Alert, Button } from "@chakra-ui/react";
import { Lock } from "lucide-react";
import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { links } from "../../editor/links";

/** Spec 02 §6: export needs a plan above Starter; the way there is /billing. */
export function ExportGate() {
  return (
    <Alert.Root status="info" data-testid="export-gate">
      <Alert.Indicator>
        <Lock />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>Subscription Required</Alert.Title>
        <Alert.Description>{FEATURE_MESSAGES.code_export}</Alert.Description>
      </Alert.Content>
      <Button asChild size="xs" colorPalette="brand" alignSelf="center" data-testid="export-upgrade">
        <a href={links.billing}>Upgrade</a>
      </Button>
    </Alert.Root>
  );
}
