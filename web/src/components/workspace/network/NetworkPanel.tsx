import { Badge, Box, Button, Code, HStack, Stack, Text } from "@chakra-ui/react";
import { memo, useState } from "react";
import { type ActivityEntry, type ActivityFilter, entryLine, matches, nextFilter, truncate } from "./activity";
import { SideDrawer } from "../../ui/SideDrawer";

const pretty = (value: unknown) => {
  if (value === undefined || value === null) return "—";
  try {
    return JSON.stringify(value, null, 2).slice(0, 20_000);
  } catch {
    return String(value);
  }
};

function EntryBadge({ entry }: { entry: ActivityEntry }) {
  if (entry.kind === "log") {
    const palette = entry.severity === "error" ? "red" : entry.severity === "warn" ? "orange" : "gray";
    return <Badge colorPalette={palette}>{entry.severity}</Badge>;
  }
  if (entry.status === "pending") return <Badge colorPalette="blue">pending</Badge>;
  return <Badge colorPalette={entry.statusCode !== null && entry.statusCode >= 400 ? "red" : "green"}>{entry.statusCode}</Badge>;
}

function EntryDetails({ entry }: { entry: ActivityEntry }) {
  const rows: [string, string][] =
    entry.kind === "request"
      ? [
          ["URL", entry.url],
          ["Method", entry.method.toUpperCase()],
          ["Status", entry.status === "pending" ? "Pending" : `${entry.statusCode}`],
          ["Duration", entry.duration === null ? "—" : `${entry.duration} ms`],
          ["Body", pretty(entry.body)],
          ["Response", pretty(entry.response)],
        ]
      : [
          ["Message", entry.message],
          ["Severity", entry.severity],
          ["Time", new Date(entry.timestamp).toLocaleTimeString()],
        ];
  return (
    <Stack gap="1" px="2" pb="2" fontSize="xs" data-testid="activity-details">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Text fontWeight="semibold">{label}</Text>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" maxH="48" overflow="auto">
            {value}
          </Code>
        </Box>
      ))}
    </Stack>
  );
}

/** Network activity (spec 02): the preview's requests and logs; the filter cycles all → requests → logs → success → error. */
export const NetworkPanel = memo(NetworkPanelView);

function NetworkPanelView({ open, entries, onClose, onClear }: { open: boolean; entries: ActivityEntry[]; onClose(): void; onClear(): void }) {
  const [filter, setFilter] = useState<ActivityFilter>("all");
  const [expanded, setExpanded] = useState<string | null>(null);
  const shown = entries.filter((entry) => matches(entry, filter));

  return (
    <SideDrawer open={open} onClose={onClose} placement="end" size="md" testId="network-panel" title="Network Activity" body={{ px: "3" }}>
      <HStack mb="3" gap="2">
        <Button size="xs" variant="outline" onClick={() => setFilter(nextFilter(filter))} data-testid="network-filter">
          Filter: {filter}
        </Button>
        <Button size="xs" variant="ghost" onClick={onClear} disabled={!entries.length}>
          Clear
        </Button>
        <Text fontSize="xs" color="fg.muted" ms="auto">
          {shown.length} of {entries.length}
        </Text>
      </HStack>
      {shown.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="network-empty">
          No activity yet. Use the app in the preview to see its requests and logs.
        </Text>
      ) : (
        <Stack gap="0.5">
          {[...shown].reverse().map((entry) => (
            <Box key={`${entry.kind}-${entry.id}`} borderWidth="1px" rounded="md" data-testid="activity-entry" data-kind={entry.kind}>
              <HStack
                as="button"
                w="full"
                textAlign="start"
                px="2"
                py="1.5"
                gap="2"
                fontSize="xs"
                onClick={() => setExpanded(expanded === entry.id ? null : entry.id)}
              >
                <EntryBadge entry={entry} />
                <Text fontFamily="mono" truncate title={entryLine(entry)} data-testid="activity-line">
                  {truncate(entryLine(entry))}
                </Text>
              </HStack>
              {expanded === entry.id && <EntryDetails entry={entry} />}
            </Box>
          ))}
        </Stack>
      )}
    </SideDrawer>
  );
}
