import { Box, Button, Collapsible, HStack, Stack, Text, chakra } from "@chakra-ui/react";
import { AlertCircle, ChevronRight, RotateCw } from "lucide-react";
import type { ChatMessage } from "../../../../schemas/chat";

/** Error details arrive HTML-escaped; a detached textarea decodes entities without running anything. */
export function decodeEntities(text: string): string {
  const area = document.createElement("textarea");
  area.innerHTML = text;
  return area.value;
}

/** An assistant error (spec 01 §2): title, optional 'in {component}', expandable details, and Retry when sending again may work. */
export function ErrorBlock({ error, onRetry }: { error: NonNullable<ChatMessage["error"]>; onRetry?: () => void }) {
  return (
    <Stack gap="1.5" p="3" rounded="md" borderWidth="1px" borderColor="red.muted" bg="red.subtle" data-testid="error-block">
      <HStack align="start" gap="2" color="red.fg">
        <Box mt="0.5" flexShrink="0">
          <AlertCircle size={15} />
        </Box>
        <Text fontSize="sm" fontWeight="medium" flex="1">
          {error.title}
          {error.component && (
            <Text as="span" fontWeight="normal">
              {" "}
              in {error.component}
            </Text>
          )}
        </Text>
        {onRetry && (
          <Button size="2xs" variant="outline" colorPalette="red" onClick={onRetry} data-testid="error-retry">
            <RotateCw /> Retry
          </Button>
        )}
      </HStack>
      {error.details && (
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <chakra.button type="button" display="flex" alignItems="center" gap="1" fontSize="xs" color="red.fg" ps="6" data-testid="error-details-toggle">
              <Box as="span" transition="transform 0.15s" css={{ "[data-state=open] &": { transform: "rotate(90deg)" } }}>
                <ChevronRight size={12} />
              </Box>
              Details
            </chakra.button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box as="pre" mt="1.5" ms="6" p="2" rounded="sm" bg="bg" fontSize="xs" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-word" maxH="60" overflowY="auto">
              {decodeEntities(error.details)}
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </Stack>
  );
}
