import { Box, CloseButton, HStack, Image, Spinner, Stack, Text } from "@chakra-ui/react";
import { AlertCircle, FileText } from "lucide-react";
import type { Attachment } from "./useAttachments";

/** The files attached to the next message, each uploading, ready or failed. */
export function AttachmentChips({ items, onRemove }: { items: Attachment[]; onRemove(id: string): void }) {
  if (!items.length) return null;
  return (
    <HStack gap="2" wrap="wrap" px="3" pt="3" data-testid="attachments">
      {items.map((a) => (
        <HStack
          key={a.id}
          gap="2"
          ps="1"
          pe="1"
          py="1"
          rounded="md"
          borderWidth="1px"
          borderColor={a.state === "failed" ? "red.muted" : "border"}
          bg="bg.subtle"
          maxW="48"
          title={a.error ?? a.name}
          data-testid="attachment"
          data-state={a.state}
        >
          <Box w="8" h="8" rounded="sm" overflow="hidden" bg="bg.muted" display="grid" placeItems="center" flexShrink="0" position="relative">
            {a.preview ? <Image src={a.preview} alt="" w="full" h="full" objectFit="cover" /> : <FileText size={14} />}
            {a.state === "uploading" && (
              <Box position="absolute" inset="0" bg="bg/70" display="grid" placeItems="center">
                <Spinner size="xs" />
              </Box>
            )}
          </Box>
          <Text fontSize="xs" truncate flex="1" color={a.state === "failed" ? "red.fg" : "fg"}>
            {a.name}
          </Text>
          <CloseButton size="2xs" onClick={() => onRemove(a.id)} aria-label={`Remove ${a.name}`} />
        </HStack>
      ))}
    </HStack>
  );
}

/** Files that may not be attached, in the spec's words; dismissible. */
export function AttachmentErrors({ errors, onDismiss }: { errors: string[]; onDismiss(): void }) {
  if (!errors.length) return null;
  return (
    <HStack align="start" gap="2" p="2.5" rounded="md" bg="red.subtle" color="red.fg" fontSize="xs" data-testid="attachment-errors">
      <Box mt="0.5" flexShrink="0">
        <AlertCircle size={14} />
      </Box>
      <Stack gap="0.5" flex="1">
        {errors.map((e) => (
          <Text key={e}>{e}</Text>
        ))}
      </Stack>
      <CloseButton size="2xs" onClick={onDismiss} aria-label="Dismiss" color="inherit" />
    </HStack>
  );
}
