import { Alert, Button } from "@chakra-ui/react";
import type { CurrentUsage } from "../../../../schemas/usage";
import { PAST_DUE_TEXT, PAST_DUE_TITLE } from "../billing/PastDueBanner";

/** Home banners (spec 01 §2): an overdue payment first, else the usage limit; both lead to billing. */
export function UsageBanner({ usage }: { usage: CurrentUsage | undefined }) {
  if (!usage) return null;
  const banner = usage.past_due
    ? { title: PAST_DUE_TITLE, text: PAST_DUE_TEXT, status: "warning" as const, action: "Update payment" }
    : usage.is_over_limit
      ? { title: "You've reached your usage limit", text: "Upgrade your plan to continue creating apps", status: "warning" as const, action: "Upgrade plan" }
      : null;
  if (!banner) return null;
  // beside the text on wider screens, under it on a phone
  const action = (display: object) => (
    <Button asChild size="sm" colorPalette="brand" flexShrink="0" alignSelf={{ base: "flex-start", sm: "center" }} display={display}>
      <a href="/billing">{banner.action}</a>
    </Button>
  );
  return (
    <Alert.Root status={banner.status} rounded="xl" data-testid="usage-banner">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{banner.title}</Alert.Title>
        <Alert.Description>{banner.text}</Alert.Description>
        {action({ base: "inline-flex", sm: "none" })}
      </Alert.Content>
      {action({ base: "none", sm: "inline-flex" })}
    </Alert.Root>
  );
}
