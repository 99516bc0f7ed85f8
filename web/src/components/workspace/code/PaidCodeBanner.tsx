import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { PlanBanner } from "../../ui/PlanBanner";

/** Above a read-only code workspace on the free plan: why it is read-only, and where plans are (/billing). */
export function PaidCodeBanner() {
  return <PlanBanner message={FEATURE_MESSAGES.code_editing!} testId="code-readonly-banner" upgradeTestId="code-upgrade-link" flush />;
}
