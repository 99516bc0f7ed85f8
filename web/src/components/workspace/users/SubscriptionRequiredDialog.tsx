import { Text } from "@chakra-ui/react";
import { links } from "../../editor/links";
import { KilnDialog } from "../../ui/Dialog";

/** The free plan's gate on making a user an admin (spec 02 §5), with the way to upgrade. */
export function SubscriptionRequiredDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <KilnDialog open={open} onClose={onClose} title="Subscription Required" alert testId="subscription-required" action={{ label: "Upgrade", href: links.billing }}>
      <Text>Only paying users can make other users admins</Text>
    </KilnDialog>
  );
}
