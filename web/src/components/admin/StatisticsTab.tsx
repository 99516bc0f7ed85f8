import { Box, Button, Checkbox, HStack, Heading, Input, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ALL_TIME_START, type GrowthRange } from "../../../../schemas/admin";
import type { TopUser } from "../../../../schemas/admin";
import { adminStatsQuery, topUsersQuery, userGrowthQuery } from "../../api/admin";
import { RecordsTable } from "../ui/RecordsTable";
import { DailyBars } from "./charts";

const RANGES: { value: GrowthRange; label: string }[] = [
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
  { value: "1y", label: "1 year" },
  { value: "all", label: "All time" },
];
/** Spec 03 §9 top-users quick ranges, in days (null: all time from 2020-01-01). */
const QUICK: { days: number | null; label: string }[] = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 15, label: "15 days" },
  { days: 30, label: "30 days" },
  { days: null, label: "All time" },
];
const today = () => new Date().toISOString().slice(0, 10);
const daysBack = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** n days ending today, today included */
const lastDays = (n: number | null) => ({ start: n === null ? ALL_TIME_START : daysBack(n - 1), end: today() });

/** Statistics (spec 03 §2.3): totals, user growth and top users. */
export function StatisticsTab() {
  const stats = useQuery(adminStatsQuery);
  return (
    <Stack gap="8" pt="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {(
          [
            ["total_users", "Total Users"],
            ["new_users_today", "New Users Today"],
            ["paying_users", "Paying Users"],
          ] as const
        ).map(([key, label]) => (
          <Stat.Root key={key} borderWidth="1px" rounded="lg" p="4">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText data-testid={`stat-${key}`}>{stats.data ? stats.data[key] : "—"}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <UserGrowthChart />
      <TopUsers />
    </Stack>
  );
}

function UserGrowthChart() {
  const [range, setRange] = useState<GrowthRange>("30d");
  const [hideToday, setHideToday] = useState(false);
  const growth = useQuery({ ...userGrowthQuery(range, hideToday), placeholderData: (p) => p });
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">User Growth</Heading>
        <HStack gap="1" wrap="wrap">
          {RANGES.map((r) => (
            <Button key={r.value} size="xs" variant={range === r.value ? "solid" : "outline"} onClick={() => setRange(r.value)} data-testid={`growth-${r.value}`}>
              {r.label}
            </Button>
          ))}
          <Checkbox.Root size="sm" ms="3" checked={hideToday} onCheckedChange={(e) => setHideToday(!!e.checked)} data-testid="growth-hide-today">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Hide today</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
      </HStack>
      <DailyBars
        data={(growth.data ?? []).map((d) => ({ day: d.date, value: d.count }))}
        label="New users per day"
        empty="No data available for the selected date range"
        testId="user-growth-chart"
      />
    </Stack>
  );
}

function TopUsers() {
  const [range, setRange] = useState(() => lastDays(7));
  const invalid = range.start > range.end || range.end > today() || range.start < ALL_TIME_START;
  const top = useQuery({ ...topUsersQuery(range.start, range.end), enabled: !invalid });
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">Top Users</Heading>
        <HStack gap="1" wrap="wrap">
          {QUICK.map((q) => (
            <Button key={q.label} size="xs" variant="outline" onClick={() => setRange(lastDays(q.days))} data-testid={`top-range-${q.days ?? "all"}`}>
              {q.label}
            </Button>
          ))}
          <Input type="date" size="xs" w="36" value={range.start} min={ALL_TIME_START} max={range.end} onChange={(e) => setRange((r) => ({ ...r, start: e.target.value }))} aria-label="Start date" data-testid="top-start" />
          <Input type="date" size="xs" w="36" value={range.end} min={range.start} max={today()} onChange={(e) => setRange((r) => ({ ...r, end: e.target.value }))} aria-label="End date" data-testid="top-end" />
        </HStack>
      </HStack>
      {invalid ? (
        <Text color="red.fg" fontSize="sm">
          Pick a start date on or before the end date, and no date after today.
        </Text>
      ) : (
        <Box>
          <RecordsTable<TopUser>
            rows={top.data ?? []}
            rowKey={(u) => u.user_id}
            loading={top.isPending}
            columns={[
              { key: "email", header: "Email", text: (u) => u.email },
              { key: "full_name", header: "Full Name", text: (u) => u.full_name ?? "" },
              { key: "subscription_tier", header: "Tier", text: (u) => u.subscription_tier },
              { key: "platform_role", header: "Role", text: (u) => u.platform_role },
              { key: "message_count", header: "Messages", text: (u) => String(u.message_count) },
            ]}
            empty={{ text: "No data available for the selected date range" }}
            label="Top users"
            testIds={{ table: "top-users-table", row: "top-user-row", empty: "top-users-empty" }}
            height="400px"
          />
        </Box>
      )}
    </Stack>
  );
}
