import { Button, HStack, IconButton, Stack, Textarea } from "@chakra-ui/react";
import { Paperclip, Send } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { AttachmentChips } from "../attachments/AttachmentChips";
import { AttachmentErrors } from "../attachments/AttachmentErrors";
import type { Attachments } from "../attachments/useAttachments";
import { AttachInput } from "./AttachInput";

/** Ctrl+K or Cmd+K: the admin's grammar polish (spec 03 §2.11). */
export const isPolishShortcut = (e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey">) => (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k";

interface ReplyBoxProps {
  value: string;
  onChange(value: string): void;
  attachments: Attachments;
  sending: boolean;
  onSend(): void;
  /** admins only: polish the text in place */
  onPolish?(): void;
  polishing?: boolean;
}

/** The reply box of a conversation: text, attachments uploaded through POST /api/files, send. */
export function ReplyBox({ value, onChange, attachments, sending, onSend, onPolish, polishing }: ReplyBoxProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const empty = !value.trim() && attachments.urls.length === 0;
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="reply-box">
      <AttachmentErrors errors={attachments.errors} onDismiss={attachments.dismissErrors} />
      <AttachmentChips items={attachments.items} onRemove={attachments.remove} disabled={sending} />
      <Textarea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        placeholder={onPolish ? "Reply to the user (Ctrl/Cmd+K polishes)" : "Write a reply"}
        disabled={polishing}
        data-testid="reply-input"
        onKeyDown={(e) => {
          if (onPolish && isPolishShortcut(e)) {
            e.preventDefault();
            onPolish();
          } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !empty) onSend();
        }}
      />
      <HStack justify="space-between">
        <AttachInput inputRef={fileInput} attachments={attachments} testId="reply-files" />
        <HStack gap="2">
          <IconButton size="sm" variant="ghost" aria-label="Attach files" onClick={() => fileInput.current?.click()}>
            <Paperclip />
          </IconButton>
          {onPolish && (
            <Button size="sm" variant="outline" onClick={onPolish} loading={polishing} disabled={!value.trim()} data-testid="reply-polish">
              Polish
            </Button>
          )}
        </HStack>
        <Button size="sm" colorPalette="brand" onClick={onSend} loading={sending} disabled={empty || attachments.uploading} data-testid="reply-send">
          <Send /> Send
        </Button>
      </HStack>
    </Stack>
  );
}
