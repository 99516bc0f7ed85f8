import { NativeSelect } from "@chakra-ui/react";
import type { Plan } from "../../../../schemas/billing";
import type { SubscriptionTier } from "../../../../schemas/user";
import { count } from "./plans";

/** The Elite card's choice among elite, elite_2 and elite_3 (spec 03 §2.2). */
export function EliteSelector({ plans, value, onChange }: { plans: Plan[]; value: SubscriptionTier; onChange(key: SubscriptionTier): void }) {
  return (
    <NativeSelect.Root size="sm" mt="1">
      <NativeSelect.Field
        aria-label="Elite plan"
        data-testid="elite-select"
        value={value}
        onChange={(e) => {
          const picked = plans.find((p) => p.key === e.currentTarget.value);
          if (picked) onChange(picked.key);
        }}
      >
        {plans.map((plan) => (
          <option key={plan.key} value={plan.key}>
            {plan.nickname} · {count(plan.metadata.monthly_message_limit)} messages
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
