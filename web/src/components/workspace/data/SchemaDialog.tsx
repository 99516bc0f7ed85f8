import { Box } from "@chakra-ui/react";
import { KilnDialog } from "../../ui/Dialog";

/** The "Schema" view of an entity: its JSON Schema, as the app keeps it. */
export function SchemaDialog({ open, title, schema, onClose }: { open: boolean; title: string; schema: unknown; onClose(): void }) {
  return (
    <KilnDialog open={open} onClose={onClose} title={title} size="lg" testId="schema-dialog">
      <Box as="pre" fontFamily="mono" fontSize="sm" bg="bg.muted" p="4" rounded="md" overflow="auto" data-testid="schema-json">
        {JSON.stringify(schema, null, 2)}
      </Box>
    </KilnDialog>
  );
}
