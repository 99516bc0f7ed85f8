import { Box, HStack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";

export const WIZARD_STEPS = ["Create Account", "Verify Account", "Product Catalog", "Complete"] as const;

/** The wizard's four steps (spec 02 §2): done ones ticked, the current one marked. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <HStack as="ol" gap="2" flexWrap="wrap" data-testid="payments-steps" aria-label="Setup steps">
      {WIZARD_STEPS.map((label, i) => (
        <HStack as="li" key={label} gap="2" flex="1" minW="32" aria-current={i === step ? "step" : undefined} data-testid={`payments-step-${i}`}>
          <Box
            w="7"
            h="7"
            rounded="full"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="sm"
            fontWeight="semibold"
            bg={i < step ? "brand.solid" : i === step ? "brand.subtle" : "bg.muted"}
            color={i < step ? "brand.contrast" : i === step ? "brand.fg" : "fg.muted"}
            borderWidth={i === step ? "2px" : "0"}
            borderColor="brand.solid"
          >
            {i < step ? <Check size={14} /> : i + 1}
          </Box>
          <Text fontSize="sm" fontWeight={i === step ? "semibold" : undefined} color={i === step ? "fg" : "fg.muted"}>
            {label}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}
