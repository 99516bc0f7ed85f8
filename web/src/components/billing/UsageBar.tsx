import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { type MeterTone, usageMeter } from "./usageMeter";

const FILL: Record<MeterTone, string> = { red: "red.solid", yellow: "yellow.solid", neutral: "gray.500" };

const amount = (n: number) => (Number.isInteger(n) ? n : Number(n.toFixed(1))).toLocaleString("en-US");

/** Used against a limit, coloured by how close it is (spec 03 §4 Usage bar colour). */
export function UsageBar({ label, used, limit, testId }: { label: string; used: number; limit: number; testId: string }) {
  const meter = usageMeter(used, limit);
  return (
    <Stack gap="1.5" data-testid={testId}>
      <HStack justify="space-between" fontSize="sm">
        <Text fontWeight="medium">{label}</Text>
        <Text data-testid="usage-amount">
          {amount(used)} / {amount(limit)}
        </Text>
      </HStack>
      <Box h="2" rounded="full" bg="bg.muted" overflow="hidden" role="meter" aria-label={label} aria-valuenow={used} aria-valuemin={0} aria-valuemax={limit}>
        <Box h="full" rounded="full" w={`${meter.width}%`} bg={FILL[meter.tone]} data-testid="usage-fill" data-tone={meter.tone} />
      </Box>
      <Text fontSize="xs" color="fg.muted" data-testid="usage-remaining">
        {amount(meter.remaining)} remaining
      </Text>
    </Stack>
  );
}
