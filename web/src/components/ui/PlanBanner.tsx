import { Alert, Link } from "@chakra-ui/react";
import { Lock } from "lucide-react";
import { links } from "../editor/links";

/** A plan gate's banner: why the feature is locked (the spec's words), and Upgrade to where plans are (/billing). */
export function PlanBanner({ message, testId, upgradeTestId, flush = false }: { message: string; testId: string; upgradeTestId: string; flush?: boolean }) {
  return (
    <Alert.Root status="info" borderRadius={flush ? "0" : undefined} data-testid={testId}>
      <Alert.Indicator>
        <Lock />
      </Alert.Indicator>
      <Alert.Title>{message}</Alert.Title>
      <Link href={links.billing} ms="auto" fontSize="sm" fontWeight="medium" color="brand.fg" textDecoration="underline" data-testid={upgradeTestId}>
        Upgrade
      </Link>
    </Alert.Root>
  );
}
