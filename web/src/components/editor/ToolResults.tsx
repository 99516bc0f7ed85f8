import { Box, Stack, Table, Text } from "@chakra-ui/react";
import type { ChatMessage } from "../../../../schemas/chat";

const cell = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** Tool results: widget 'table' as a table (columns and rows), plus any results text. */
export function ToolResults({ results }: { results: NonNullable<ChatMessage["tool_results"]> }) {
  return (
    <Stack gap="2">
      {results.map((result, i) => (
        <Stack key={i} gap="1.5">
          {result.display_results?.widget === "table" && (
            <Box borderWidth="1px" rounded="md" overflow="auto" maxH="80" data-testid="tool-table">
              <Table.Root size="sm" stickyHeader>
                <Table.Header>
                  <Table.Row>
                    {result.display_results.columns.map((column) => (
                      <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.display_results.rows.map((row, r) => (
                    <Table.Row key={r}>
                      {row.map((value, c) => (
                        <Table.Cell key={c}>{cell(value)}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
          {result.results && (
            <Text fontSize="xs" color="fg.muted" whiteSpace="pre-wrap">
              {result.results}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
