import { LinkOverlay } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** The link that opens an app's editor; it covers its whole card or row (a stretched link). */
export function AppLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <LinkOverlay asChild _focusVisible={{ outline: "none" }}>
      <RouterLink to="/apps/$appId/editor/preview" params={{ appId }}>
        {children}
      </RouterLink>
    </LinkOverlay>
  );
}
