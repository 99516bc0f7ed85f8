import { Box, HStack, LinkBox, Skeleton, Table, Text } from "@chakra-ui/react";
import type { AppSummary } from "../../../../schemas/app";
import { fullDate, timeAgo } from "../../lib/relative-time";
import { AppLink } from "./AppLink";
import { AppLogo } from "./AppLogo";
import { AppStatusBadge } from "./AppStatusBadge";
import { StarButton } from "./StarButton";
import { appName, shortDescription } from "./describe";

/** The table view of the apps list; each row opens the app's editor. */
export function AppsTable({ apps, showCreator, loading }: { apps: AppSummary[]; showCreator: boolean; loading?: boolean }) {
  const columns = showCreator ? 6 : 5;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="xl" bg="bg" data-testid="apps-table">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="10">
              <Box srOnly>Starred</Box>
            </Table.ColumnHeader>
            <Table.ColumnHeader>App</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: "none", md: "table-cell" }}>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            {showCreator && <Table.ColumnHeader display={{ base: "none", lg: "table-cell" }}>Created by</Table.ColumnHeader>}
            <Table.ColumnHeader whiteSpace="nowrap" display={{ base: "none", sm: "table-cell" }}>
              Last updated
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading
            ? Array.from({ length: 6 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={columns}>
                    <Skeleton h="6" />
                  </Table.Cell>
                </Table.Row>
              ))
            : apps.map((app) => <AppRow key={app.id} app={app} showCreator={showCreator} />)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AppRow({ app, showCreator }: { app: AppSummary; showCreator: boolean }) {
  const description = shortDescription(app);
  return (
    <LinkBox as="tr" data-testid="app-row" data-app-id={app.id} _focusWithin={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "-2px" }}>
      <Table.Cell>
        <StarButton app={app} size="xs" />
      </Table.Cell>
      <Table.Cell maxW="64">
        <HStack gap="2.5">
          <AppLogo app={app} size={7} />
          <Box minW="0">
            <Text fontWeight="medium" truncate title={appName(app)}>
              <AppLink appId={app.id}>{appName(app)}</AppLink>
            </Text>
            <Text fontSize="xs" color="fg.muted" display={{ base: "block", sm: "none" }}>
              {timeAgo(app.updated_date)}
            </Text>
          </Box>
        </HStack>
      </Table.Cell>
      <Table.Cell display={{ base: "none", md: "table-cell" }} color="fg.muted" maxW="md">
        <Text truncate title={description.cut ? description.full : undefined}>
          {description.text}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <AppStatusBadge status={app.status} />
      </Table.Cell>
      {showCreator && (
        <Table.Cell display={{ base: "none", lg: "table-cell" }} color="fg.muted">
          <Text truncate maxW="48">
            {app.created_by_name || app.created_by}
          </Text>
        </Table.Cell>
      )}
      <Table.Cell color="fg.muted" whiteSpace="nowrap" title={fullDate(app.updated_date)} display={{ base: "none", sm: "table-cell" }}>
        {timeAgo(app.updated_date)}
      </Table.Cell>
    </LinkBox>
  );
}
