import { Badge, Button, Card, HStack, List, Stack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { Plan } from "../../../../schemas/billing";
import { type CardAction, count, dollars, featuresOf } from "./plans";

const ACTION_LABEL: Record<Exclude<CardAction, "current">, string> = { subscribe: "Subscribe", upgrade: "Upgrade", downgrade: "Downgrade" };

interface Props {
  /** the card's key: a plan's, or `elite` for the Elite family */
  cardKey: string;
  plan: Plan;
  action: CardAction;
  /** the Elite selector, on the Elite card */
  selector?: ReactNode;
  /** a plan change is waiting or under way: no other may start */
  busy: boolean;
  /** why the action is unavailable, shown instead of it */
  blockedBy?: string;
  onAction(): void;
  onManage(): void;
}

/** One plan (spec 03 §2.2): name, price a month, limits and features, and what it offers relative to the user's tier (§4). */
export function PlanCard({ cardKey, plan, action, selector, busy, blockedBy, onAction, onManage }: Props) {
  const current = action === "current";
  const daily = plan.metadata.daily_message_limit;
  return (
    <Card.Root data-testid={`plan-card-${cardKey}`} data-action={action} borderColor={current ? "brand.solid" : undefined} borderWidth={current ? "2px" : "1px"} rounded="2xl">
      <Card.Header gap="1">
        <HStack justify="space-between">
          <Text fontWeight="semibold" fontSize="lg" data-testid="plan-name">
            {plan.nickname}
          </Text>
          {current && (
            <Badge colorPalette="orange" variant="solid" data-testid="current-badge">
              Current
            </Badge>
          )}
        </HStack>
        <HStack gap="1" align="baseline">
          <Text fontSize="3xl" fontWeight="bold" letterSpacing="-0.02em" data-testid="plan-price">
            {dollars(plan.unit_amount)}
          </Text>
          <Text color="fg.muted">/month</Text>
        </HStack>
        {selector}
      </Card.Header>
      <Card.Body gap="3" pt="2">
        <Stack gap="0.5" fontSize="sm">
          <Text data-testid="plan-messages">
            <b>{count(plan.metadata.monthly_message_limit)}</b> messages a month
            {daily ? `, ${count(daily)} a day` : ""}
          </Text>
          <Text data-testid="plan-integration-credits">
            <b>{count(plan.metadata.monthly_integration_credits)}</b> integration credits a month
          </Text>
        </Stack>
        <List.Root gap="1.5" variant="plain" fontSize="sm" color="fg.muted" data-testid="plan-features">
          {featuresOf(plan).map((feature) => (
            <List.Item key={feature}>
              <List.Indicator asChild color="brand.solid">
                <Check size={14} />
              </List.Indicator>
              {feature.charAt(0).toUpperCase() + feature.slice(1)}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        {current ? (
          plan.key !== "free" && (
            <Button w="full" variant="outline" onClick={onManage} disabled={busy} data-testid="manage-payments">
              Manage Payments
            </Button>
          )
        ) : blockedBy ? (
          <Text fontSize="xs" color="fg.muted" data-testid="plan-blocked">
            {blockedBy}
          </Text>
        ) : (
          <Button w="full" colorPalette="brand" variant={action === "downgrade" ? "outline" : "solid"} onClick={onAction} disabled={busy} data-testid="plan-action">
            {ACTION_LABEL[action]}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
