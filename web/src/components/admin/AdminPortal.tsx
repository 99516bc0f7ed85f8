import { Box, Heading, Tabs } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { meQuery } from "../../api/auth";
import { AdminOnly } from "./AccessDenied";
import { CouponsTab } from "./CouponsTab";
import { ModelProviders } from "./ModelProviders";
import { StatisticsTab } from "./StatisticsTab";
import { UsersTab } from "./UsersTab";

export interface PortalSearch {
  userId?: string;
  tab?: "users" | "statistics" | "coupons" | "providers";
}

/** The admin portal (spec 03 §2.3): User Management, Statistics and Coupon Codes; Model providers (issue 23). */
export function AdminPortal({ search, setSearch }: { search: PortalSearch; setSearch(next: PortalSearch): void }) {
  const { data: me } = useSuspenseQuery(meQuery);
  return (
    <AdminOnly me={me}>
      <Box maxW="7xl" mx="auto" px={{ base: "4", md: "8" }} py="8" data-testid="admin-portal">
        <Heading size="xl" mb="6">
          Admin Portal
        </Heading>
        <Tabs.Root value={search.tab ?? "users"} onValueChange={(e) => setSearch({ tab: e.value as PortalSearch["tab"] })} lazyMount unmountOnExit>
          <Tabs.List>
            <Tabs.Trigger value="users" data-testid="tab-users">
              User Management
            </Tabs.Trigger>
            <Tabs.Trigger value="statistics" data-testid="tab-statistics">
              Statistics
            </Tabs.Trigger>
            <Tabs.Trigger value="coupons" data-testid="tab-coupons">
              Coupon Codes
            </Tabs.Trigger>
            <Tabs.Trigger value="providers" data-testid="tab-providers">
              Model providers
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="users">
            <UsersTab userId={search.userId} setUserId={(userId) => setSearch({ userId })} />
          </Tabs.Content>
          <Tabs.Content value="statistics">
            <StatisticsTab />
          </Tabs.Content>
          <Tabs.Content value="coupons">
            <CouponsTab />
          </Tabs.Content>
          <Tabs.Content value="providers">
            <ModelProviders />
          </Tabs.Content>
        </Tabs.Root>
      </Box>
    </AdminOnly>
  );
}
