import { Box, Button, HStack } from "@chakra-ui/react";
import { Check, Copy } from "lucide-react";
import { useCopy } from "../workspace/useCopy";

/** A code sample with Copy. */
export function CodeSample({ code, testId }: { code: string; testId: string }) {
  const { copied, copy } = useCopy();
  return (
    <Box>
      <HStack justify="end">
        <Button size="xs" variant="outline" onClick={() => void copy(code)}>
          {copied ? <Check /> : <Copy />} {copied ? "Copied!" : "Copy"}
        </Button>
      </HStack>
      <Box as="pre" mt="2" p="4" bg="bg.muted" rounded="md" fontFamily="mono" fontSize="xs" overflow="auto" whiteSpace="pre" data-testid={testId}>
        {code}
      </Box>
    </Box>
  );
}
