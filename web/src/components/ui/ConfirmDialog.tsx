import { Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";
import { type DialogTone, KilnDialog } from "./Dialog";

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
  tone?: Extract<DialogTone, "danger" | "brand">;
  testIds?: { dialog: string; action: string };
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before something that cannot be undone: Cancel, or the red action, on the dialog kit.
 * `confirmation` null closes it; its words stay on screen while the dialog animates out.
 */
export function ConfirmDialog({ confirmation, children, pending, disabled, size, tone = "danger", testIds = { dialog: "confirm-dialog", action: "confirm-action" }, onConfirm, onClose }: ConfirmDialogProps) {
  const last = useRef(confirmation);
  if (confirmation) last.current = confirmation;
  const shown = last.current;

  return (
    <KilnDialog
      open={!!confirmation}
      onClose={onClose}
      title={shown?.title}
      alert
      closeButton={false}
      size={size}
      testId={testIds.dialog}
      cancel={{ testId: "confirm-cancel" }}
      action={{ label: shown?.action, onClick: onConfirm, loading: pending, disabled, tone, testId: testIds.action }}
    >
      <Stack gap="4">
        <Text>{shown?.text}</Text>
        {children}
      </Stack>
    </KilnDialog>
  );
}
