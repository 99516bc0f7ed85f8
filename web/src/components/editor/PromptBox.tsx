import { Box, HStack, IconButton, Stack, Text, Textarea } from "@chakra-ui/react";
import { ArrowUp, MessageCircleQuestion, Paperclip, Square } from "lucide-react";
import { type DragEvent, type FormEvent, type KeyboardEvent, useRef } from "react";
import { AttachmentChips } from "../attachments/AttachmentChips";
import { AttachmentErrors } from "../attachments/AttachmentErrors";
import { DISCUSSION_COST, MESSAGE_COST } from "../../../../lib/tiers";
import { LowCreditHint, OutOfCredits, SendCost } from "./CreditNotice";
import { ACCEPT, useAttachments } from "../attachments/useAttachments";
import type { Usage } from "./useUsage";

interface Props {
  draft: string;
  onDraftChange(text: string): void;
  discussion: boolean;
  onDiscussionChange(on: boolean): void;
  processing: boolean;
  usage: Usage;
  sending: boolean;
  stopping: boolean;
  outOfCredits: boolean;
  onDismissOutOfCredits(): void;
  onSend(content: string, fileUrls: string[]): Promise<boolean>;
  onStop(): void;
}

/**
 * The chat input (spec 01 §5): grows to 400 px, Enter sends and Shift+Enter breaks
 * the line; disabled while the app is processing or a usage limit is reached.
 * While processing the send button is a Stop button.
 */
export function PromptBox(props: Props) {
  const { draft, onDraftChange, discussion, onDiscussionChange, processing, usage, sending, stopping, outOfCredits } = props;
  const attachments = useAttachments();
  const fileInput = useRef<HTMLInputElement>(null);
  const disabled = processing || usage.limitReached;
  const canSend = !disabled && !sending && !attachments.uploading && draft.trim().length > 0;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    const content = draft;
    const urls = attachments.urls;
    const taken = attachments.take();
    onDraftChange("");
    if (await props.onSend(content, urls)) attachments.release(taken);
    else {
      onDraftChange(content);
      attachments.restore(taken);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Stack gap="2" px="3" pb="3" pt="1" flexShrink="0">
      {outOfCredits && <OutOfCredits onDismiss={props.onDismissOutOfCredits} />}
      <AttachmentErrors errors={attachments.errors} onDismiss={attachments.dismissErrors} />
      <Box
        as="form"
        onSubmit={submit}
        borderWidth="1px"
        rounded="2xl"
        bg="bg"
        shadow="sm"
        transition="border-color 0.15s, box-shadow 0.15s"
        _focusWithin={{ borderColor: discussion ? "blue.solid" : "brand.solid", shadow: "md" }}
        opacity={usage.limitReached ? 0.7 : 1}
        onDragOver={(e: DragEvent) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          if (!disabled) attachments.add([...e.dataTransfer.files]);
        }}
      >
        <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
        <Textarea
          value={draft}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={discussion ? "Ask me anything..." : "What would you change?"}
          disabled={disabled}
          autoresize
          rows={2}
          minH="16"
          maxH="400px"
          overflowY="auto"
          resize="none"
          border="0"
          px="4"
          pt="3"
          fontSize="sm"
          _focusVisible={{ outline: "none", boxShadow: "none" }}
          aria-label="Message"
          data-testid="chat-input"
        />
        <HStack px="2" pb="2" gap="1">
          <input ref={fileInput} type="file" accept={ACCEPT} multiple hidden data-testid="file-input" onChange={(e) => {
            attachments.add([...(e.target.files ?? [])]);
            e.target.value = "";
          }} />
          <IconButton aria-label="Attach files" title="Attach files" size="sm" variant="ghost" rounded="full" color="fg.muted" disabled={disabled} onClick={() => fileInput.current?.click()} data-testid="attach-button">
            <Paperclip />
          </IconButton>
          <IconButton
            aria-label="Discussion mode"
            title={discussion ? "Discussion mode is on: Kiln answers without changing the app" : "Discussion mode: ask without changing the app"}
            aria-pressed={discussion}
            size="sm"
            variant={discussion ? "subtle" : "ghost"}
            colorPalette={discussion ? "blue" : "gray"}
            rounded="full"
            color={discussion ? undefined : "fg.muted"}
            onClick={() => onDiscussionChange(!discussion)}
            data-testid="discussion-toggle"
          >
            <MessageCircleQuestion />
          </IconButton>
          {discussion && (
            <Text fontSize="xs" color="blue.fg" fontWeight="medium">
              Discussion
            </Text>
          )}
          <HStack flex="1" minW="0" justify="flex-end" px="1">
            <LowCreditHint usage={usage} />
            <SendCost usage={usage} cost={discussion ? DISCUSSION_COST : MESSAGE_COST} action={discussion ? "A question in discussion mode" : "A message"} />
          </HStack>
          {processing ? (
            <IconButton aria-label="Stop" title="Stop" size="sm" rounded="full" variant="solid" colorPalette="gray" onClick={props.onStop} loading={stopping} data-testid="stop-button">
              <Square fill="currentColor" />
            </IconButton>
          ) : (
            <IconButton type="submit" aria-label="Send" title="Send" size="sm" rounded="full" colorPalette="brand" disabled={!canSend} loading={sending} data-testid="send-button">
              <ArrowUp />
            </IconButton>
          )}
        </HStack>
      </Box>
    </Stack>
  );
}
