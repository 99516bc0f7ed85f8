import { Badge, Button, HStack, IconButton, Spinner, Stack, Text } from "@chakra-ui/react";
import { RefreshCw } from "lucide-react";
import { FunctionMessages } from "../../../../../schemas/functions";
import { messageOr } from "../../../api/client";
import { useFunctionLogs } from "../../../api/functions";
import { fullDate } from "../../../lib/relative-time";
import { levelPalette, regionLabel } from "./functionDisplay";

/**
 * A function's logs (spec 02 §3, §8, §9): newest first, 50 a page with Load More while there
 * are more; each line's level, time, region (without "gcp-"), the call's request id and message.
 * A failure shows the server's message or "Failed to fetch logs".
 */
export function FunctionLogs({ appId, name }: { appId: string; name: string }) {
  const logs = useFunctionLogs(appId, name);
  const lines = logs.data?.pages.flatMap((page) => page.logs) ?? [];
  const failure = logs.isError ? messageOr(logs.error, FunctionMessages.LOGS_FAILED) : null;

  return (
    <Stack gap="2" data-testid="function-logs">
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          Newest first
        </Text>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Refresh logs"
          title="Refresh logs"
          loading={logs.isFetching && !logs.isFetchingNextPage}
          onClick={() => void logs.refetch()}
          data-testid="function-logs-refresh"
        >
          <RefreshCw />
        </IconButton>
      </HStack>
      {failure && (
        <Text color="fg.error" fontSize="sm" data-testid="function-logs-error">
          {failure}
        </Text>
      )}
      {logs.isPending && !failure && <Spinner size="sm" />}
      {logs.isSuccess && lines.length === 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="function-logs-empty">
          No logs yet. Run the function to see its output here.
        </Text>
      )}
      <Stack gap="0" divideY="1px" data-testid="function-logs-list">
        {lines.map((line, i) => (
          <Stack key={`${line.time}-${i}`} gap="1" py="2" data-testid="function-log" data-level={line.level}>
            <HStack gap="2" fontSize="xs" color="fg.muted">
              <Badge size="sm" colorPalette={levelPalette(line.level)} data-testid="function-log-level">
                {line.level}
              </Badge>
              <Text title={fullDate(line.time)}>{new Date(line.time).toLocaleTimeString()}</Text>
              <Text data-testid="function-log-region">{regionLabel(line.region)}</Text>
              {line.request_id && (
                <Text fontFamily="mono" truncate title="The request id a failed call's caller was given" data-testid="function-log-request">
                  {line.request_id}
                </Text>
              )}
            </HStack>
            <Text fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="function-log-message">
              {line.message}
            </Text>
          </Stack>
        ))}
      </Stack>
      {logs.hasNextPage && (
        <Button size="xs" variant="outline" alignSelf="center" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()} data-testid="function-logs-more">
          Load More
        </Button>
      )}
    </Stack>
  );
}
