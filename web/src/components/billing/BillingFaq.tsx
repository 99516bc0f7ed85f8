import { Accordion, Heading, Stack, Text } from "@chakra-ui/react";
import type { Plan } from "../../../../schemas/billing";
import { DISCUSSION_COST, MESSAGE_COST } from "../../../../lib/tiers";
import { count } from "./plans";

/** The Free plan's limits as the price catalogue has them (spec 03 §9: 7 a day, 25 a month, 500 integration credits). */
function freePlanAnswer(free: Plan): string {
  const { daily_message_limit: daily, monthly_message_limit: monthly, monthly_integration_credits: integrations } = free.metadata;
  return `${daily ? `${count(daily)} messages per day, ${count(monthly)} per month` : `${count(monthly)} messages per month`}, and ${count(integrations)} integration credits a month.`;
}

/** How credits are spent (spec 03 §2.2, §9). */
const QUESTIONS: { q: string; a: string }[] = [
  {
    q: "What uses a credit?",
    a: `Each message to the AI assistant costs ${MESSAGE_COST} credit; in discussion mode, where it answers without changing the app, ${DISCUSSION_COST} credits. One integration request your app makes costs 1 integration credit.`,
  },
  {
    q: "Am I charged when the assistant fails?",
    a: "No. A turn in which the assistant could not do what you asked and changed nothing is not charged, and the assistant's own automated fixes are free.",
  },
  {
    q: "What are extra credits?",
    a: "Credits from coupon codes and bonuses. They are spent after your plan's credits run out and do not reset each month; a bonus may carry an expiry date.",
  },
  {
    q: "What happens when I change plans?",
    a: "An upgrade is applied immediately, with a prorated charge for the rest of the billing cycle. A downgrade takes effect at the end of the billing cycle; until then you keep your current plan, and you can cancel the change.",
  },
  {
    q: "What if a payment fails?",
    a: "While a payment is past due you are limited to Free plan usage. Update your payment method in Manage Payments and your plan's limits return.",
  },
  {
    q: "How do I cancel?",
    a: "Open Manage Payments on your current plan. If a plan change is pending, cancel the change first.",
  },
];

export function BillingFaq({ free }: { free: Plan | undefined }) {
  const questions = free ? [{ q: "What does the Free plan include?", a: freePlanAnswer(free) }, ...QUESTIONS] : QUESTIONS;
  return (
    <Stack gap="3" data-testid="billing-faq">
      <Heading size="lg">Frequently asked questions</Heading>
      <Accordion.Root collapsible multiple variant="enclosed" bg="bg" rounded="xl">
        {questions.map(({ q, a }) => (
          <Accordion.Item key={q} value={q}>
            <Accordion.ItemTrigger>
              <Text flex="1" fontWeight="medium">
                {q}
              </Text>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted">{a}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}
