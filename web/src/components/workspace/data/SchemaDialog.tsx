import { Box, CloseButton, Dialog, Portal } from "@chakra-ui/react";

/** The "Schema" view of an entity: its JSON Schema, as the app keeps it. */
export function SchemaDialog({ open, title, schema, onClose }: { open: boolean; title: string; schema: unknown; onClose(): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="schema-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box as="pre" fontFamily="mono" fontSize="sm" bg="bg.muted" p="4" rounded="md" overflow="auto" data-testid="schema-json">
                {JSON.stringify(schema, null, 2)}
              </Box>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
