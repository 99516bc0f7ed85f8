import { Button } from "@chakra-ui/react";
import { BarChart3, CreditCard } from "lucide-react";

export type BillingView = "billing" | "usage";

/** 'View Usage' / 'See Pricing' (spec 03 §2.2). */
export function ViewToggle({ view, onChange }: { view: BillingView; onChange(view: BillingView): void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onChange(view === "billing" ? "usage" : "billing")} data-testid="billing-view-toggle">
      {view === "billing" ? <BarChart3 /> : <CreditCard />}
      {view === "billing" ? "View Usage" : "See Pricing"}
    </Button>
  );
}
