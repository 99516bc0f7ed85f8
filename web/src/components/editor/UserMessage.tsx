import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { MessageCircleQuestion, PencilLine, RotateCcw, Wrench } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { ChatMessage } from "../../../../schemas/chat";
import { MessageAttachments } from "./MessageAttachments";

interface Props {
  message: ChatMessage;
  revertable: boolean;
  onRevert(): void;
}

/** A user message: bubble, attachments, notices (automated fix, manual edit) and 'Revert this'. */
export function UserMessage({ message, revertable, onRevert }: Props) {
  const params = message.additional_message_params ?? {};
  return (
    <Stack align="flex-end" gap="1.5" className="group">
      {params.automated_fix ? (
        <AutomatedFixNotice content={message.content} />
      ) : (
        <>
          {params.manual_edit && (
            <Notice icon={<PencilLine size={14} />} testId="manual-edit-notice">
              Files have been manually edited.
            </Notice>
          )}
          <MessageAttachments urls={message.file_urls ?? []} />
          <Box bg="bg.emphasized" px="4" py="2.5" rounded="2xl" roundedBottomRight="sm" maxW="85%" fontSize="sm" lineHeight="tall" whiteSpace="pre-wrap" wordBreak="break-word">
            {message.content}
          </Box>
        </>
      )}
      <HStack gap="1" minH="6">
        {params.discussion_mode && (
          <Badge size="sm" variant="subtle" gap="1">
            <MessageCircleQuestion size={11} /> Discussion
          </Badge>
        )}
        {revertable && (
          <Button
            size="2xs"
            variant="ghost"
            color="fg.subtle"
            opacity={{ base: 1, md: 0.55 }}
            _groupHover={{ opacity: 1 }}
            _hover={{ color: "fg" }}
            onClick={onRevert}
            data-testid={`revert-${message.id}`}
          >
            <RotateCcw /> Revert this
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function Notice({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <HStack gap="2" px="3" py="2" rounded="md" bg="bg.muted" color="fg.muted" fontSize="xs" maxW="85%" data-testid={testId}>
      {icon}
      <Text>{children}</Text>
    </HStack>
  );
}

/** 'Some errors were detected, Kiln will try to fix them automatically.' with see/hide errors. */
function AutomatedFixNotice({ content }: { content: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="2" p="3" rounded="md" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" maxW="85%" w="full" data-testid="automated-fix-notice">
      <HStack gap="2" align="start" color="orange.fg" fontSize="sm">
        <Box mt="0.5" flexShrink="0">
          <Wrench size={14} />
        </Box>
        <Text flex="1">Some errors were detected, Kiln will try to fix them automatically.</Text>
      </HStack>
      <Button size="2xs" variant="plain" color="orange.fg" alignSelf="flex-start" px="0" onClick={() => setShown((s) => !s)} data-testid="toggle-errors">
        {shown ? "Hide errors" : "See errors"}
      </Button>
      {shown && (
        <Box as="pre" fontSize="xs" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-word" bg="bg" p="2" rounded="sm" maxH="60" overflowY="auto">
          {content}
        </Box>
      )}
    </Stack>
  );
}
