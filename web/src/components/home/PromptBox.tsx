import { Box, HStack, IconButton, Kbd, Tag, Text, Textarea } from "@chakra-ui/react";
import { ArrowUp, Paperclip, Upload } from "lucide-react";
import { type ClipboardEvent, type DragEvent, type KeyboardEvent, type Ref, useLayoutEffect, useRef, useState } from "react";
import { MESSAGE_COST } from "../../../../lib/tiers";
import type { StylePreset } from "../../lib/styles";
import { AttachmentChips } from "../attachments/AttachmentChips";
import { ACCEPT, type Attachments } from "../attachments/useAttachments";
import { SendCost } from "../editor/CreditNotice";
import { useUsage } from "../editor/useUsage";

/** Home variant of the prompt box grows from 110 to 200 px (spec 01 §2, §9). */
const MIN_HEIGHT = 110;
const MAX_HEIGHT = 200;

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  submitting: boolean;
  attachments: Attachments;
  style: StylePreset | undefined;
  onClearStyle: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes("Files");

/** The description box: Enter sends, Shift+Enter breaks the line; files by button, drop or paste. */
export function PromptBox({ value, onChange, onSubmit, disabled, submitting, attachments, style, onClearStyle, inputRef }: Props) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const usage = useUsage();

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [value]);

  const setRefs = (el: HTMLTextAreaElement | null) => {
    textarea.current = el;
    if (typeof inputRef === "function") inputRef(el);
    else if (inputRef) inputRef.current = el;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSubmit();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files);
    if (files.length === 0) return;
    e.preventDefault();
    attachments.add(files);
  };

  const dragHandlers = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e) || disabled) return;
      e.preventDefault();
      dragDepth.current++;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e) || disabled) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      if (!disabled) attachments.add(Array.from(e.dataTransfer.files));
    },
  };

  return (
    <Box
      position="relative"
      bg="bg"
      borderWidth="1px"
      borderColor={dragging ? "brand.solid" : "border"}
      rounded="2xl"
      shadow="lg"
      transition="border-color 0.15s, box-shadow 0.15s"
      _focusWithin={{ borderColor: "brand.solid", shadow: "0 0 0 4px var(--chakra-colors-brand-muted), var(--chakra-shadows-lg)" }}
      opacity={disabled && !submitting ? 0.75 : 1}
      data-testid="prompt-box"
      {...dragHandlers}
    >
      <Textarea
        ref={setRefs}
        data-testid="prompt-input"
        aria-label="Describe the app you want to build"
        placeholder="Describe your app: who it is for, what it should do, and the data it keeps…"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        disabled={disabled}
        resize="none"
        border="none"
        outline="none"
        _focusVisible={{ outline: "none", boxShadow: "none" }}
        bg="transparent"
        px="4"
        pt="4"
        pb="2"
        fontSize="md"
        lineHeight="1.6"
        minH={`${MIN_HEIGHT}px`}
        maxH={`${MAX_HEIGHT}px`}
        overflowY="auto"
        _disabled={{ cursor: "not-allowed", opacity: 1 }}
      />
      <AttachmentChips items={attachments.items} onRemove={attachments.remove} disabled={submitting} />
      <HStack px="3" pb="3" gap="2" justify="space-between">
        <HStack gap="2" minW="0">
          <IconButton variant="ghost" size="sm" rounded="full" aria-label="Attach files" title="Attach files (jpg, png, pdf, txt, html)" onClick={() => fileInput.current?.click()} disabled={disabled} data-testid="attach-files">
            <Paperclip />
          </IconButton>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            data-testid="file-input"
            onChange={(e) => {
              attachments.add(Array.from(e.target.files ?? []));
              e.target.value = "";
            }}
          />
          {style && (
            <Tag.Root size="md" variant="subtle" colorPalette="orange" rounded="full" data-testid="selected-style">
              <Tag.Label>Style: {style.name}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Remove style ${style.name}`} onClick={onClearStyle} />
              </Tag.EndElement>
            </Tag.Root>
          )}
          <Text fontSize="xs" color="fg.subtle" display={{ base: "none", md: style ? "none" : "block", lg: "block" }} truncate>
            <Kbd size="sm">Enter</Kbd> to create · <Kbd size="sm">Shift</Kbd>+<Kbd size="sm">Enter</Kbd> for a new line
          </Text>
        </HStack>
        <HStack gap="3" minW="0" flexShrink="1">
          <SendCost usage={usage} cost={MESSAGE_COST} action="Creating an app" />
          <IconButton
            data-testid="submit-prompt"
            aria-label="Create app"
            colorPalette="brand"
            rounded="full"
            size="md"
            onClick={onSubmit}
            loading={submitting}
            disabled={disabled || attachments.uploading}
            title={attachments.uploading ? "Waiting for attachments to upload" : "Create app"}
          >
            <ArrowUp />
          </IconButton>
        </HStack>
      </HStack>
      {dragging && (
        <Box position="absolute" inset="0" rounded="2xl" bg="brand.subtle/90" borderWidth="2px" borderStyle="dashed" borderColor="brand.solid" display="grid" placeItems="center" pointerEvents="none">
          <HStack color="brand.fg" fontWeight="semibold">
            <Upload size={18} /> Drop files to attach
          </HStack>
        </Box>
      )}
    </Box>
  );
}
