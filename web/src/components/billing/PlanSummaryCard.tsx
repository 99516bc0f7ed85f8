import { Badge, Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import type { User } from "../../../../schemas/user";
import { usageQuery } from "../../api/apps";
import { UsageBar } from "./UsageBar";

const tierLabel = (tier: string) => tier.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** Account settings' plan line: the plan, this period's messages, extra credits, and 'Go to Billing' (spec 01 §2). */
export function PlanSummaryCard({ user }: { user: User }) {
  const usage = useQuery(usageQuery);
  return (
    <Card.Root data-testid="plan-summary">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title>Plan and usage</Card.Title>
          <Badge colorPalette={usage.data?.past_due ? "yellow" : "orange"}>{usage.data?.past_due ? "Payment overdue" : `${tierLabel(user.subscription_tier)} plan`}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {usage.data && <UsageBar label="Messages this period" used={usage.data.monthly_usage} limit={usage.data.monthly_limit} testId="settings-monthly-usage" />}
          {!!usage.data?.extra_credits && (
            <Text fontSize="sm" color="fg.muted">
              {usage.data.extra_credits.toLocaleString("en-US")} extra credits, spent once the plan's are used up
            </Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" variant="outline" size="sm">
          <RouterLink to="/billing" data-testid="go-to-billing">
            Go to Billing
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
