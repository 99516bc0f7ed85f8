import { Alert, Link } from "@chakra-ui/react";
import { Lock } from "lucide-react";
import { FEATURE_MESSAGES } from "../../../../../functions/core/tiers";
import { links } from "../../editor/links";

/** Above a read-only code workspace on the free plan: why it is read-only, and where plans are (/billing). */
export function PaidCodeBanner() {
  return (
    <Alert.Root status="info" borderRadius="0" data-testid="code-readonly-banner">
      <Alert.Indicator>
        <Lock />
      </Alert.Indicator>
      <Alert.Title>{FEATURE_MESSAGES.code_editing}</Alert.Title>
      <Link href={links.billing} ms="auto" fontSize="sm" fontWeight="medium" color="brand.fg" textDecoration="underline" data-testid="code-upgrade-link">
        Upgrade
      </Link>
    </Alert.Root>
  );
}
