import { HStack, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { adminUserUsageQuery } from "../../api/admin";

/** The user's messages per day over the last 30 days (GET /api/usage-logs/user-stats/{id}). */
export function UserUsage({ userId }: { userId: string }) {
  const usage = useQuery(adminUserUsageQuery(userId));
  const days = usage.data?.usage_by_date ?? [];
  const total = days.reduce((sum, d) => sum + d.total_messages, 0);
  return (
    <Stack gap="2" data-testid="admin-user-usage">
      <Heading size="sm">Usage (last 30 days)</Heading>
      {usage.isPending ? (
        <Spinner size="sm" />
      ) : days.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No usage data available for this period
        </Text>
      ) : (
        <Stack gap="1" fontSize="sm">
          <Text fontWeight="medium">{total} messages</Text>
          {days.map((d) => (
            <HStack key={d._id} justify="space-between">
              <Text>{d._id}</Text>
              <Text>{d.total_messages}</Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
