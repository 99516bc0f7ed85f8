import { Badge, Box, Button, Checkbox, Code, HStack, Heading, Input, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Fragment, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { APP_LOGS_PAGE_SIZE, type AppLogRecord, type AppLogsFilter, AppLogType } from "../../../../../schemas/app-logs";
import { appLogsQuery } from "../../../api/app-logs";

/** spec 02 §3 Log record: `error` and `success`; anything else is info. */
const statusColor = (status: string) => (status === "error" ? "red" : status === "success" ? "green" : "gray");
const statusLabel = (status: string) => (status === "error" || status === "success" ? status : "info");
const who = (log: AppLogRecord) => log.user_email ?? (log.anonymous_id ? `Anonymous (${log.anonymous_id})` : "Anonymous");
const json = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

/**
 * The app's logs explorer (spec 02 §2 "Logs Explorer", §7 Logs): newest first, 50 a page,
 * filtered by user e-mail, errors only and log type; Next is disabled under 50 rows. Fetch
 * errors are silently ignored (spec 02 §8): the list stays as it was.
 */
export function LogsView({ app }: { app: App }) {
  const [email, setEmail] = useState("");
  const [filter, setFilter] = useState<AppLogsFilter>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const logs = useQuery(appLogsQuery(app.id, filter, page));
  const rows = logs.data?.logs ?? [];

  const apply = (next: AppLogsFilter) => {
    setFilter(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== "")) as AppLogsFilter);
    setPage(1);
  };

  return (
    <Stack p="6" gap="4" data-testid="logs-view">
      <Heading size="lg">Logs</Heading>
      <HStack gap="3" wrap="wrap">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply({ ...filter, user_email: email.trim() || undefined });
          }}
        >
          <Input
            size="sm"
            width="64"
            placeholder="Filter by user email"
            aria-label="User email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => apply({ ...filter, user_email: email.trim() || undefined })}
            data-testid="logs-filter-email"
          />
        </form>
        <NativeSelect.Root size="sm" width="44">
          <NativeSelect.Field
            aria-label="Log type"
            value={filter.log_type ?? ""}
            onChange={(e) => apply({ ...filter, log_type: (e.currentTarget.value || undefined) as AppLogsFilter["log_type"] })}
            data-testid="logs-filter-type"
          >
            <option value="">All types</option>
            {AppLogType.options.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Checkbox.Root size="sm" checked={filter.status === "error"} onCheckedChange={(e) => apply({ ...filter, status: e.checked === true ? "error" : undefined })} data-testid="logs-filter-errors">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Errors only</Checkbox.Label>
        </Checkbox.Root>
      </HStack>

      <Box borderWidth="1px" rounded="md" overflowX="auto">
        <Table.Root size="sm" data-testid="logs-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>User</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Object</Table.ColumnHeader>
              <Table.ColumnHeader>Error</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((log) => (
              <Fragment key={log.id}>
                <Table.Row cursor="pointer" onClick={() => setOpen(open === log.id ? null : log.id)} data-testid="log-row" data-type={log.log_type} data-status={log.status}>
                  <Table.Cell whiteSpace="nowrap">{format(new Date(log.created_date), "yyyy-MM-dd HH:mm:ss")}</Table.Cell>
                  <Table.Cell>{log.log_type}</Table.Cell>
                  <Table.Cell>{who(log)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusColor(log.status)}>{statusLabel(log.status)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{log.object_name}</Table.Cell>
                  <Table.Cell color="fg.error" maxW="md" truncate title={log.error ?? undefined}>
                    {log.error}
                  </Table.Cell>
                </Table.Row>
                {open === log.id && (
                  <Table.Row data-testid="log-details">
                    <Table.Cell colSpan={6}>
                      <Stack gap="2" fontSize="xs">
                        {log.inputs != null && <Detail label="Inputs" value={json(log.inputs)} />}
                        {log.outputs != null && <Detail label="Outputs" value={json(log.outputs)} />}
                        {log.error && <Detail label="Error" value={log.error} />}
                        {log.inputs == null && log.outputs == null && !log.error && <Text color="fg.muted">No details recorded.</Text>}
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            ))}
          </Table.Body>
        </Table.Root>
        {!logs.isPending && rows.length === 0 && (
          <Text p="6" textAlign="center" color="fg.muted">
            No logs found
          </Text>
        )}
      </Box>

      <HStack justify="flex-end" gap="3">
        <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)} data-testid="logs-prev">
          <ChevronLeft /> Previous
        </Button>
        <Text fontSize="sm" data-testid="logs-page">
          Page {page}
        </Text>
        <Button size="sm" variant="outline" disabled={rows.length < APP_LOGS_PAGE_SIZE} onClick={() => setPage(page + 1)} data-testid="logs-next">
          Next <ChevronRight />
        </Button>
      </HStack>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{label}</Text>
      <Code whiteSpace="pre-wrap" wordBreak="break-all" display="block" p="2">
        {value}
      </Code>
    </Stack>
  );
}
