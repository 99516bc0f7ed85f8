import { Box, Button, CloseButton, HStack, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";
import { Gauge, Zap } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { usageMeter } from "../billing/usageMeter";
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
    <UsagePopover usage={usage}>
      <Button size="2xs" variant="plain" color="orange.fg" px="0" gap="1" data-testid="low-credit-hint">
        <Gauge /> {label}
      </Button>
    </UsagePopover>
  );
}

/** What is left, in a few words: today's and this month's plan credits, and extra credits. */
export function leftSummary(usage: Usage): string {
  const plan = usage.hasDailyLimit ? `${count(usage.dailyLeft)} left today, ${count(usage.monthlyLeft)} this month` : `${count(usage.monthlyLeft)} left this month`;
  return usage.extraCredits > 0 ? `${plan} + ${count(usage.extraCredits)} extra` : plan;
}

export const costLabel = (cost: number) => `${count(cost)} ${cost === 1 ? "credit" : "credits"}`;

/** "1 credit · 6 left today, 22 this month + 3 extra" in the pieces a narrow prompt box may wrap between, never inside. */
const wrapPieces = (line: string) => line.split(/(?<=·) |(?<=,) | (?=\+ )/);

/** Beyond the peers: what sending costs before it runs, and what is left; opens the usage popover. On a phone it wraps, never cut. */
export function SendCost({ usage, cost, action }: { usage: Usage; cost: number; action: string }) {
  if (!usage.loaded || usage.left < 1) return null;
  const pieces = wrapPieces(`${costLabel(cost)} · ${leftSummary(usage)}`);
  return (
    <UsagePopover usage={usage}>
      <Button
        size="2xs"
        variant="plain"
        color="fg.subtle"
        _hover={{ color: "fg.muted" }}
        px="0"
        h="auto"
        minH="6"
        fontWeight="normal"
        minW="0"
        flexShrink="1"
        whiteSpace="normal"
        title={`${action} costs ${costLabel(cost)}; Kiln's automated fixes are free.`}
        data-testid="send-cost"
      >
        <Text as="span" textAlign="end" lineHeight="short">
          {pieces.map((piece, i) => (
            // the space between pieces stays outside them: the line may break there
            <Fragment key={i}>
              {i > 0 && " "}
              <Text as="span" whiteSpace="nowrap">
                {piece}
              </Text>
            </Fragment>
          ))}
        </Text>
      </Button>
    </UsagePopover>
  );
}

function UsagePopover({ usage, children }: { usage: Usage; children: ReactNode }) {
  return (
    <Popover.Root positioning={{ placement: "top-start" }}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64" data-testid="usage-popover">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" fontSize="sm">
                <Text fontWeight="semibold">Your usage</Text>
                {usage.hasDailyLimit && <UsageRow label="Today" used={usage.dailyUsage} limit={usage.dailyLimit} />}
                <UsageRow label="This month" used={usage.monthlyUsage} limit={usage.monthlyLimit} />
                <HStack justify="space-between" fontSize="xs" data-testid="popover-extra-credits">
                  <Text color="fg.muted">Extra credits</Text>
                  <Text>{count(usage.extraCredits)}</Text>
                </HStack>
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
  const meter = usageMeter(used, limit);
  return (
    <Stack gap="1">
      <HStack justify="space-between" fontSize="xs">
        <Text color="fg.muted">{label}</Text>
        <Text>
          {count(used)} / {count(limit)}
        </Text>
      </HStack>
      <Box h="1.5" rounded="full" bg="bg.muted" overflow="hidden">
        <Box h="full" w={`${meter.width}%`} bg={meter.tone === "neutral" ? "brand.solid" : `${meter.tone}.solid`} />
      </Box>
    </Stack>
  );
}
