import { Card, Heading, HStack, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import type { CurrentUsage } from "../../../../schemas/usage";
import { integrationUsageQuery } from "../../api/billing";
import { NO_DAILY_LIMIT } from "../../../../lib/tiers";
import { UsageBar } from "./UsageBar";

const day = (iso: string) => format(parseISO(iso), "MMM d, yyyy");

/** Current usage (spec 03 §2.2 Usage view): messages this month and today against the limits, extra credits, the credit period and integration credits. */
export function UsagePanel({ usage }: { usage: CurrentUsage }) {
  const integrations = useQuery(integrationUsageQuery);
  return (
    <Card.Root rounded="2xl" data-testid="usage-panel">
      <Card.Header>
        <Heading size="md">Current usage</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <UsageBar label="Messages this month" used={usage.monthly_usage} limit={usage.monthly_limit} testId="usage-monthly" />
            {usage.daily_limit < NO_DAILY_LIMIT ? (
              <UsageBar label="Messages today" used={usage.daily_usage} limit={usage.daily_limit} testId="usage-daily" />
            ) : (
              <Stack gap="1.5" fontSize="sm" data-testid="usage-daily">
                <Text fontWeight="medium">Messages today</Text>
                <Text>{usage.daily_usage.toLocaleString("en-US")} · no daily limit on your plan</Text>
              </Stack>
            )}
            {integrations.data && <UsageBar label="Integration credits this month" used={integrations.data.usage} limit={integrations.data.limit} testId="usage-integrations" />}
          </SimpleGrid>
          <HStack gap="8" wrap="wrap">
            <Stat.Root data-testid="extra-credits">
              <Stat.Label>Extra credits</Stat.Label>
              <Stat.ValueText>{usage.extra_credits.toLocaleString("en-US")}</Stat.ValueText>
              <Stat.HelpText>spent after your plan's credits</Stat.HelpText>
            </Stat.Root>
            <Stat.Root data-testid="credit-period">
              <Stat.Label>Credit period</Stat.Label>
              <Stat.ValueText fontSize="md">
                {day(usage.current_credit_period_start_date)} – {day(usage.current_credit_period_end_date)}
              </Stat.ValueText>
              <Stat.HelpText>Next period starts {day(usage.next_period_start_date)}</Stat.HelpText>
            </Stat.Root>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
