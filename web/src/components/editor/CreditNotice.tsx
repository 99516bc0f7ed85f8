import { Box, Button, CloseButton, HStack, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";
import { Gauge, Zap } from "lucide-react";
import { links } from "./links";
import type { Usage } from "./useUsage";

const count = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** 402 on send: 'Out of credits' with an Upgrade link to billing. */
export function OutOfCredits({ onDismiss }: { onDismiss(): void }) {
  const router = useRouter();
  return (
    <HStack gap="2" p="2.5" rounded="md" bg="orange.subtle" color="orange.fg" fontSize="sm" data-testid="out-of-credits">
      <Zap size={14} />
      <Text flex="1" fontWeight="medium">
        Out of credits
      </Text>
      <Button size="xs" colorPalette="brand" onClick={() => router.history.push(links.billing)} data-testid="upgrade-link">
        Upgrade
      </Button>
      <CloseButton size="2xs" onClick={onDismiss} aria-label="Dismiss" color="inherit" />
    </HStack>
  );
}

/** Fewer than 1 message left: 'N messages left this month' / 'N messages left today', with a usage popover. */
export function LowCreditHint({ usage }: { usage: Usage }) {
  if (!usage.loaded || usage.left >= 1) return null;
  const label = `${count(usage.left)} messages left ${usage.period === "month" ? "this month" : "today"}`;
  return (
    <Popover.Root positioning={{ placement: "top-start" }}>
      <Popover.Trigger asChild>
        <Button size="2xs" variant="plain" color="orange.fg" px="0" gap="1" data-testid="low-credit-hint">
          <Gauge /> {label}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64" data-testid="usage-popover">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" fontSize="sm">
                <Text fontWeight="semibold">Your usage</Text>
                <UsageRow label="Today" used={usage.dailyUsage} limit={usage.dailyLimit} />
                <UsageRow label="This month" used={usage.monthlyUsage} limit={usage.monthlyLimit} />
                <Link href={links.billing} color="brand.fg" fontWeight="medium" fontSize="sm">
                  Upgrade for more messages
                </Link>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Stack gap="1">
      <HStack justify="space-between" fontSize="xs">
        <Text color="fg.muted">{label}</Text>
        <Text>
          {count(used)} / {count(limit)}
        </Text>
      </HStack>
      <Box h="1.5" rounded="full" bg="bg.muted" overflow="hidden">
        <Box h="full" w={`${share}%`} bg={share >= 100 ? "red.solid" : "brand.solid"} />
      </Box>
    </Stack>
  );
}
