import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { links } from "../../editor/links";

/** The free plan's gate on making a user an admin (spec 02 §5), with the way to upgrade. */
export function SubscriptionRequiredDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="subscription-required">
            <Dialog.Header>
              <Dialog.Title>Subscription Required</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Only paying users can make other users admins</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button asChild colorPalette="brand">
                <a href={links.billing}>Upgrade</a>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
