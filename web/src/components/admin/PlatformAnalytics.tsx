import { Box, Heading, Stack } from "@chakra-ui/react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import type { TokensByUser, TrendingApp } from "../../../../schemas/admin";
import { platformUsageQuery, tokensByUserQuery, trendingQuery } from "../../api/admin";
import { meQuery } from "../../api/auth";
import { RecordsTable } from "../ui/RecordsTable";
import { AdminOnly } from "./AccessDenied";
import { DailyBars } from "./charts";

type TokenRow = TokensByUser["tokens_by_user_7d"][number];

/** Platform Analytics (spec 03 §2.4): messages per day, tokens per user over 7 days, trending apps. */
export function PlatformAnalytics() {
  const { data: me } = useSuspenseQuery(meQuery);
  return (
    <AdminOnly me={me}>
      <AnalyticsBody />
    </AdminOnly>
  );
}

function AnalyticsBody() {
  const usage = useQuery(platformUsageQuery);
  const tokens = useQuery(tokensByUserQuery);
  const trending = useQuery(trendingQuery);
  return (
    <Box maxW="7xl" mx="auto" px={{ base: "4", md: "8" }} py="8" data-testid="platform-analytics">
      <Heading size="xl" mb="6">
        Platform Analytics
      </Heading>
      <Stack gap="8">
        <Stack gap="3">
          <Heading size="md">Usage by Date</Heading>
          <DailyBars
            data={(usage.data?.usage_by_date ?? []).map((d) => ({ day: d._id, value: d.total_messages }))}
            label="Messages per day"
            empty="No usage data available for this period"
            testId="usage-by-date-chart"
          />
        </Stack>
        <Stack gap="3">
          <Heading size="md">Tokens Used per User (last 7 days)</Heading>
          <RecordsTable<TokenRow>
            rows={tokens.data?.tokens_by_user_7d ?? []}
            rowKey={(r) => r.user_id}
            loading={tokens.isPending}
            columns={[
              { key: "_id", header: "User", text: (r) => r._id },
              { key: "total_tokens", header: "Tokens", text: (r) => r.total_tokens.toLocaleString() },
            ]}
            empty={{ text: "No usage data available for this period" }}
            label="Tokens used per user"
            testIds={{ table: "tokens-table", row: "tokens-row", empty: "tokens-empty" }}
            height="320px"
          />
        </Stack>
        <Stack gap="3">
          <Heading size="md">Trending Apps</Heading>
          <RecordsTable<TrendingApp>
            rows={trending.data?.trending_apps ?? []}
            rowKey={(a) => a.id}
            loading={trending.isPending}
            columns={[
              { key: "name", header: "Name", text: (a) => a.name },
              { key: "total_visits", header: "Total Visits", text: (a) => String(a.total_visits) },
              { key: "unique_users", header: "Unique Users", text: (a) => String(a.unique_users) },
            ]}
            empty={{ text: "No data available for the selected date range" }}
            label="Trending apps"
            testIds={{ table: "trending-table", row: "trending-row", empty: "trending-empty" }}
            height="320px"
          />
        </Stack>
      </Stack>
    </Box>
  );
}
