import { Box, HStack, Text } from "@chakra-ui/react";

/** An assistant turn that has not said anything yet. */
export function ThinkingDots({ label = "Thinking" }: { label?: string }) {
  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="thinking">
      <HStack gap="1">
        {[0, 1, 2].map((i) => (
          <Box key={i} w="1.5" h="1.5" rounded="full" bg="brand.solid" animation="bounce 1s infinite" style={{ animationDelay: `${i * 0.15}s` }} />
        ))}
      </HStack>
      <Text>{label}…</Text>
    </HStack>
  );
}
