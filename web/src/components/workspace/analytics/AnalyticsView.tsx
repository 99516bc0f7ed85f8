import { Box, Button, Card, Field, HStack, Heading, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { ResponsiveLine } from "@nivo/line";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { AppStats, AppStatsQuery } from "../../../../../schemas/app-logs";
import { appStatsQuery } from "../../../api/app-logs";

/** Top users show 5 unless expanded (spec 02 §9). */
const TOP_USERS_SHOWN = 5;

/**
 * The app's visit analytics (spec 02 §2 "Analytics", §7 Analytics): unique users, top pages,
 * top users and users per date, filtered by dates (yyyy-MM-dd), page name and user e-mail.
 * Fetch errors are silently ignored (spec 02 §8).
 */
export function AnalyticsView({ app }: { app: App }) {
  const [params, setParams] = useState<AppStatsQuery>({});
  const [text, setText] = useState({ page_name: "", user_email: "" });
  const stats = useQuery(appStatsQuery(app.id, params));

  const set = (patch: Partial<AppStatsQuery>) =>
    setParams((p) => Object.fromEntries(Object.entries({ ...p, ...patch }).filter(([, v]) => v !== undefined && v !== "")) as AppStatsQuery);
  const applyText = () => set({ page_name: text.page_name.trim() || undefined, user_email: text.user_email.trim() || undefined });
  const textField = (key: "page_name" | "user_email", label: string) => (
    <Field.Root width="52">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        size="sm"
        value={text[key]}
        onChange={(e) => setText({ ...text, [key]: e.currentTarget.value })}
        onBlur={applyText}
        onKeyDown={(e) => e.key === "Enter" && applyText()}
        data-testid={`analytics-filter-${key}`}
      />
    </Field.Root>
  );

  return (
    <Stack p="6" gap="5" data-testid="analytics-view">
      <Heading size="lg">Analytics</Heading>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root width="40">
          <Field.Label fontSize="xs">From</Field.Label>
          <Input size="sm" type="date" value={params.date_from ?? ""} max={params.date_to} onChange={(e) => set({ date_from: e.currentTarget.value || undefined })} data-testid="analytics-filter-date_from" />
        </Field.Root>
        <Field.Root width="40">
          <Field.Label fontSize="xs">To</Field.Label>
          <Input size="sm" type="date" value={params.date_to ?? ""} min={params.date_from} onChange={(e) => set({ date_to: e.currentTarget.value || undefined })} data-testid="analytics-filter-date_to" />
        </Field.Root>
        {textField("page_name", "Page name")}
        {textField("user_email", "User email")}
      </HStack>
      {stats.data ? <StatsBody stats={stats.data} /> : !stats.isPending && <Text color="fg.muted">No analytics yet</Text>}
    </Stack>
  );
}

function StatsBody({ stats }: { stats: AppStats }) {
  const [allUsers, setAllUsers] = useState(false);
  const users = allUsers ? stats.top_users : stats.top_users.slice(0, TOP_USERS_SHOWN);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root size="sm">
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              Unique users
            </Text>
            <Text fontSize="3xl" fontWeight="semibold" data-testid="analytics-unique-users">
              {stats.unique_users_count}
            </Text>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              Visits
            </Text>
            <Text fontSize="3xl" fontWeight="semibold" data-testid="analytics-visits">
              {stats.visits_counted}
            </Text>
            {stats.truncated && (
              <Text fontSize="xs" color="fg.muted">
                Counted from the newest {stats.visits_counted} visits; narrow the dates to see older ones.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">Users per date</Heading>
        </Card.Header>
        <Card.Body>
          <UsersPerDate points={stats.users_per_date} />
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root size="sm">
          <Card.Header>
            <Heading size="sm">Top pages</Heading>
          </Card.Header>
          <Card.Body>
            <Table.Root size="sm" data-testid="analytics-top-pages">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Page</Table.ColumnHeader>
                  <Table.ColumnHeader>URL</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Visits</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {stats.top_pages.map((p) => (
                  <Table.Row key={p.page_name}>
                    <Table.Cell>{p.page_name}</Table.Cell>
                    <Table.Cell color="fg.muted">{p.url}</Table.Cell>
                    <Table.Cell textAlign="end">{p.visits}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {stats.top_pages.length === 0 && <Text color="fg.muted">No visits</Text>}
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Header>
            <Heading size="sm">Top users</Heading>
          </Card.Header>
          <Card.Body>
            <Table.Root size="sm" data-testid="analytics-top-users">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Visits</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((u) => (
                  <Table.Row key={u.email}>
                    <Table.Cell>{u.email}</Table.Cell>
                    <Table.Cell textAlign="end">{u.visits}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {stats.top_users.length === 0 && <Text color="fg.muted">No signed-in visitors</Text>}
            {stats.top_users.length > TOP_USERS_SHOWN && (
              <Button size="xs" variant="ghost" alignSelf="start" mt="2" onClick={() => setAllUsers(!allUsers)} data-testid="analytics-users-toggle">
                {allUsers ? "Show less" : `Show all ${stats.top_users.length}`}
              </Button>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}

/** Unique users and visits per day; one point or none is no trend (spec 02 §9 "Not enough data"). */
function UsersPerDate({ points }: { points: AppStats["users_per_date"] }) {
  if (points.length <= 1) {
    return (
      <Text color="fg.muted" textAlign="center" py="10" data-testid="analytics-not-enough">
        Not enough data
      </Text>
    );
  }
  const series = [
    { id: "Unique users", data: points.map((p) => ({ x: p.date, y: p.unique_users })) },
    { id: "Visits", data: points.map((p) => ({ x: p.date, y: p.total_visits })) },
  ];
  return (
    <Box height="72" data-testid="analytics-chart">
      <ResponsiveLine
        data={series}
        margin={{ top: 16, right: 24, bottom: 48, left: 48 }}
        xScale={{ type: "point" }}
        yScale={{ type: "linear", min: 0, max: "auto" }}
        axisBottom={{ tickRotation: -30 }}
        axisLeft={{ tickValues: 5 }}
        colors={{ scheme: "category10" }}
        pointSize={6}
        useMesh
        enableSlices="x"
        legends={[{ anchor: "top-right", direction: "row", itemWidth: 100, itemHeight: 16, translateY: -16 }]}
      />
    </Box>
  );
}
