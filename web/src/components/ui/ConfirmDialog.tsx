import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { useRef } from "react";

export interface Confirmation {
  title: string;
  text: string;
  /** the confirming button's label, a verb: "Delete" */
  action: string;
}

/**
 * Asks before something that cannot be undone: Cancel, or the red action. `confirmation`
 * null closes it; its text stays on screen while the dialog animates out.
 */
export function ConfirmDialog({ confirmation, pending, onConfirm, onClose }: { confirmation: Confirmation | null; pending?: boolean; onConfirm(): void; onClose(): void }) {
  const last = useRef(confirmation);
  if (confirmation) last.current = confirmation;
  const shown = last.current;

  return (
    <Dialog.Root open={!!confirmation} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{shown?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{shown?.text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" data-testid="confirm-cancel">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm} loading={pending} data-testid="confirm-action">
                {shown?.action}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
