import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Clock, LifeBuoy, RotateCcw, Square } from "lucide-react";
import { links } from "./links";

/** After 10 minutes without a status update: stop, revert the last message, or contact support. */
export function StuckHint({ appId, onStop, onRevertLast }: { appId: string; onStop(): void; onRevertLast: (() => void) | null }) {
  return (
    <Stack gap="2.5" p="3" rounded="md" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" data-testid="stuck-hint">
      <HStack align="start" gap="2" color="orange.fg" fontSize="sm">
        <Box mt="0.5" flexShrink="0">
          <Clock size={15} />
        </Box>
        <Text>This is taking longer than usual. The app may be stuck.</Text>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" bg="bg" onClick={onStop} data-testid="stuck-stop">
          <Square /> Stop
        </Button>
        {onRevertLast && (
          <Button size="xs" variant="outline" bg="bg" onClick={onRevertLast} data-testid="stuck-revert">
            <RotateCcw /> Revert the last message
          </Button>
        )}
        <Button size="xs" variant="ghost" asChild>
          <a href={links.support(appId)} target="_blank" rel="noreferrer" data-testid="stuck-support">
            <LifeBuoy /> Contact support
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}
