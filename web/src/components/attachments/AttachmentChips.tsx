import { Box, CloseButton, HStack, Image, Spinner, Text, Wrap } from "@chakra-ui/react";
import { FileText } from "lucide-react";
import type { Attachment } from "./useAttachments";

/** The files attached to the prompt, each with a thumbnail or icon and a remove button. */
export function AttachmentChips({ items, onRemove, disabled }: { items: Attachment[]; onRemove: (id: string) => void; disabled?: boolean }) {
  if (items.length === 0) return null;
  return (
    <Wrap gap="2" px="4" pb="2" data-testid="attachments">
      {items.map((item) => (
        <HStack
          key={item.id}
          gap="2"
          pl="1"
          pr="1"
          py="1"
          maxW="56"
          rounded="lg"
          borderWidth="1px"
          bg="bg.subtle"
          data-testid="attachment"
          aria-busy={item.uploading}
        >
          <Box boxSize="8" rounded="md" overflow="hidden" bg="bg.muted" display="grid" placeItems="center" flexShrink="0" position="relative">
            {item.previewUrl ? <Image src={item.previewUrl} alt="" boxSize="8" objectFit="cover" /> : <FileText size={16} />}
            {item.uploading && (
              <Box position="absolute" inset="0" bg="bg/70" display="grid" placeItems="center">
                <Spinner size="xs" color="brand.solid" />
              </Box>
            )}
          </Box>
          <Text fontSize="xs" truncate title={item.name}>
            {item.name}
          </Text>
          <CloseButton size="2xs" variant="ghost" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.id)} disabled={disabled} />
        </HStack>
      ))}
    </Wrap>
  );
}
