import { IconButton } from "@chakra-ui/react";
import { Star } from "lucide-react";
import type { AppSummary } from "../../../../schemas/app";
import { appName } from "./describe";
import { useStarApp } from "./useStarApp";

/** The star toggle on an app card or row; sits above the card's link. */
export function StarButton({ app, size = "sm" }: { app: AppSummary; size?: "xs" | "sm" }) {
  const star = useStarApp();
  const starred = Boolean(app.is_starred);
  return (
    <IconButton
      data-testid="star-app"
      aria-label={starred ? `Unstar ${appName(app)}` : `Star ${appName(app)}`}
      aria-pressed={starred}
      title={starred ? "Unstar" : "Star"}
      variant="ghost"
      size={size}
      rounded="full"
      position="relative"
      zIndex="1"
      color={starred ? "yellow.500" : "fg.subtle"}
      _hover={{ color: "yellow.500", bg: "yellow.subtle" }}
      onClick={(e) => {
        e.stopPropagation();
        star.mutate({ id: app.id, starred: !starred });
      }}
    >
      <Star fill={starred ? "currentColor" : "none"} />
    </IconButton>
  );
}
