import { Box, HStack, LinkBox, Text } from "@chakra-ui/react";
import type { AppSummary } from "../../../../schemas/app";
import { fullDate, timeAgo } from "../../lib/relative-time";
import { AppLink } from "./AppLink";
import { AppLogo } from "./AppLogo";
import { AppStatusBadge } from "./AppStatusBadge";
import { StarButton } from "./StarButton";
import { appName, shortDescription } from "./describe";

interface Props {
  app: AppSummary;
  /** platform admins see who made the app */
  showCreator?: boolean;
  /** compact cards (Home's recent apps) leave out the description, the star and a 'Ready' badge */
  compact?: boolean;
  testId?: string;
}

/** One app in a grid: logo, name, status, last update, description and star; the card opens the editor. */
export function AppCard({ app, showCreator, compact, testId = "app-card" }: Props) {
  const description = shortDescription(app);
  return (
    <LinkBox
      as="article"
      data-testid={testId}
      data-app-id={app.id}
      display="flex"
      flexDirection="column"
      gap="3"
      p="4"
      bg="bg"
      borderWidth="1px"
      rounded="xl"
      shadow="xs"
      transition="transform 0.15s, box-shadow 0.15s, border-color 0.15s"
      _hover={{ transform: "translateY(-2px)", shadow: "md", borderColor: "brand.emphasized" }}
      _focusWithin={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      <HStack align="flex-start" gap="3">
        <AppLogo app={app} size={compact ? 9 : 10} />
        <Box flex="1" minW="0">
          <Text fontWeight="semibold" truncate title={appName(app)} data-testid="app-name">
            <AppLink appId={app.id}>{appName(app)}</AppLink>
          </Text>
          <HStack gap="2" mt="1" flexWrap="wrap">
            {/* compact cards only call out apps that are not ready */}
            {(!compact || (app.status && app.status.state !== "ready")) && <AppStatusBadge status={app.status} />}
            <Text fontSize="xs" color="fg.muted" title={fullDate(app.updated_date)}>
              updated {timeAgo(app.updated_date)}
            </Text>
          </HStack>
        </Box>
        {!compact && <StarButton app={app} />}
      </HStack>
      {!compact && (
        <Text fontSize="sm" color="fg.muted" title={description.cut ? description.full : undefined} data-testid="app-description" minH="10" wordBreak="break-word">
          {description.text || <Text as="span" color="fg.subtle" fontStyle="italic">No description</Text>}
        </Text>
      )}
      {showCreator && (
        <Text fontSize="xs" color="fg.subtle" mt="auto" truncate data-testid="app-creator">
          by {app.created_by_name || app.created_by}
        </Text>
      )}
    </LinkBox>
  );
}
