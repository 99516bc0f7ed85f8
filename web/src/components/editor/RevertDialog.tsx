import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { RotateCcw } from "lucide-react";
import { useRef } from "react";
import type { ChatMessage } from "../../../../schemas/chat";
import { useUndoMessage } from "../../api/chat";
import { ApiError, detailOf } from "../../api/client";
import { toast } from "../ui/toaster";

const confirmText = (message: ChatMessage) =>
  message.additional_message_params?.manual_edit
    ? "Are you sure you want to revert these manual edits? This will undo all changes made in this edit."
    : "Are you sure you want to undo this message? This will load the state of the app before this message.";

/** Undo (spec 01 §4, §8): confirmation first; the reverted text goes back into the input. */
export function RevertDialog({ appId, message, onClose, onReverted }: { appId: string; message: ChatMessage | null; onClose(): void; onReverted(content: string): void }) {
  const undo = useUndoMessage(appId);
  // keeps the text on screen while the dialog closes
  const last = useRef(message);
  if (message) last.current = message;

  const confirm = () => {
    if (!message) return;
    undo.mutate(message.id, {
      onSuccess: ({ content }) => {
        onReverted(content);
        onClose();
      },
      onError: (err) => {
        onClose();
        if (err instanceof ApiError && err.status === 403) toast.error("You do not have access to this app");
        else toast.error(`Failed to undo message: ${detailOf(err)}`);
      },
    });
  };

  return (
    <Dialog.Root open={!!message} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="revert-dialog">
            <Dialog.Header>
              <Dialog.Title>Revert this message?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{last.current ? confirmText(last.current) : ""}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={undo.isPending} data-testid="revert-confirm">
                <RotateCcw /> Revert
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
