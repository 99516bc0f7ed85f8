import { RotateCcw } from "lucide-react";
import type { ChatMessage } from "../../../../schemas/chat";
import { useUndoMessage } from "../../api/chat";
import { ApiError, detailOf } from "../../api/client";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { toast } from "../ui/toaster";

const confirmText = (message: ChatMessage) =>
  message.additional_message_params?.manual_edit
    ? "Are you sure you want to revert these manual edits? This will undo all changes made in this edit."
    : "Are you sure you want to undo this message? This will load the state of the app before this message.";

/** Undo (spec 01 §4, §8): confirmation first; the reverted text goes back into the input. */
export function RevertDialog({ appId, message, onClose, onReverted }: { appId: string; message: ChatMessage | null; onClose(): void; onReverted(content: string): void }) {
  const undo = useUndoMessage(appId);

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
    <ConfirmDialog
      confirmation={message && { title: "Revert this message?", text: confirmText(message), action: <><RotateCcw /> Revert</> }}
      pending={undo.isPending}
      testIds={{ dialog: "revert-dialog", action: "revert-confirm" }}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
