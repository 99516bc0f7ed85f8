import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";

export interface Confirmation {
  title: string;
  /** what will happen, in words */
  text: string;
  /** the confirming button's label, a verb ("Delete"), with an icon if it has one */
  action: ReactNode;
}

interface ConfirmDialogProps {
  confirmation: Confirmation | null;
  /** more than words below the text: choices, a list of what changes */
  children?: ReactNode;
  pending?: boolean;
  /** the action waits for something (say, the list of what changes) */
  disabled?: boolean;
  size?: "md" | "lg";
  /** red for what cannot be undone; brand for a considered but ordinary step (a plan change) */
  tone?: "danger" | "brand";
  testIds?: { dialog: string; action: string };
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before something that cannot be undone: Cancel, or the red action. `confirmation`
 * null closes it; its words stay on screen while the dialog animates out.
 */
export function ConfirmDialog({ confirmation, children, pending, disabled, size, tone = "danger", testIds = { dialog: "confirm-dialog", action: "confirm-action" }, onConfirm, onClose }: ConfirmDialogProps) {
  const last = useRef(confirmation);
  if (confirmation) last.current = confirmation;
  const shown = last.current;

  return (
    <Dialog.Root open={!!confirmation} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testIds.dialog}>
            <Dialog.Header>
              <Dialog.Title>{shown?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{shown?.text}</Text>
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" data-testid="confirm-cancel">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={tone === "danger" ? "red" : "brand"} onClick={onConfirm} loading={pending} disabled={disabled} data-testid={testIds.action}>
                {shown?.action}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
