import { HStack, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A small heading for a Home section, with an optional hint and something on the right. */
export function SectionTitle({ id, children, hint, end }: { id?: string; children: ReactNode; hint?: string; end?: ReactNode }) {
  return (
    <HStack justify="space-between" gap="3">
      <HStack gap="2" align="baseline">
        <Heading as="h2" id={id} size="sm" fontWeight="semibold">
          {children}
        </Heading>
        {hint && (
          <Text fontSize="xs" color="fg.subtle">
            {hint}
          </Text>
        )}
      </HStack>
      {end}
    </HStack>
  );
}
