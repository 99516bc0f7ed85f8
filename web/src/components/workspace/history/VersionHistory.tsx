import { Box, Button, Drawer, Flex, HStack, Heading, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { History, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { Checkpoint } from "../../../../../schemas/chat";
import { checkpointFilesQuery, checkpointsQuery } from "../../../api/app-logs";
import { detailOf } from "../../../api/client";
import { CodeView } from "../../editor/CodeView";
import { FileTree } from "../../editor/FileTree";
import { RestoreDialog } from "./RestoreDialog";

/**
 * The Version History panel (spec 02 "Version History panel", §7 Checkpoints): the app's
 * checkpoints (named by the moment they keep: "Before: <message>", "Empty app (…)"), a
 * read-only view of a checkpoint's files, and restoring one (code only, or code and data;
 * security rules kept unless chosen) after a confirmation that says what will change.
 */
export function VersionHistory({ app, onClose }: { app: App; onClose: () => void }) {
  const checkpoints = useQuery(checkpointsQuery(app.id));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<Checkpoint | null>(null);
  const list = checkpoints.data ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? list[0] ?? null;

  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} size="full" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="version-history">
            <Drawer.Header borderBottomWidth="1px">
              <HStack justify="space-between" w="full">
                <HStack gap="2">
                  <History size={18} />
                  <Drawer.Title>Version History</Drawer.Title>
                </HStack>
                <Button size="sm" variant="outline" onClick={onClose} data-testid="version-history-exit">
                  <X /> Exit
                </Button>
              </HStack>
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" minH="0">
              <Box w={{ base: "40%", md: "300px" }} flexShrink="0" borderEndWidth="1px" overflowY="auto" bg="bg.subtle">
                {checkpoints.isPending && <Spinner m="4" />}
                {checkpoints.isError && (
                  <Text p="4" color="fg.error">
                    Failed to load checkpoints: {detailOf(checkpoints.error)}
                  </Text>
                )}
                {checkpoints.isSuccess && list.length === 0 && (
                  <Text p="4" color="fg.muted">
                    No checkpoints yet
                  </Text>
                )}
                <Stack gap="0" as="ul" listStyleType="none">
                  {list.map((cp) => (
                    <Box
                      as="li"
                      key={cp.id}
                      px="4"
                      py="3"
                      cursor="pointer"
                      borderBottomWidth="1px"
                      bg={selected?.id === cp.id ? "bg.emphasized" : undefined}
                      onClick={() => setSelectedId(cp.id)}
                      data-testid="checkpoint-item"
                      data-selected={selected?.id === cp.id || undefined}
                    >
                      <Text fontSize="sm" fontWeight="medium" lineClamp={2}>
                        {cp.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {format(new Date(cp.created_date), "MMM d, yyyy HH:mm")}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              </Box>
              {selected ? <CheckpointFiles app={app} checkpoint={selected} onRestore={() => setRestoring(selected)} /> : <Box flex="1" />}
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      <RestoreDialog key={restoring?.id ?? "closed"} app={app} checkpoint={restoring} onClose={() => setRestoring(null)} onRestored={onClose} />
    </Drawer.Root>
  );
}

/** One checkpoint's files, read-only. */
function CheckpointFiles({ app, checkpoint, onRestore }: { app: App; checkpoint: Checkpoint; onRestore: () => void }) {
  const files = useQuery(checkpointFilesQuery(app.id, checkpoint.id));
  const [picked, setPicked] = useState<string | null>(null);
  const tree = files.data?.files ?? {};
  const shown = picked && picked in tree ? picked : (Object.keys(tree).sort()[0] ?? null);

  return (
    <Flex direction="column" flex="1" minW="0" minH="0">
      <HStack px="4" py="3" borderBottomWidth="1px" justify="space-between" gap="3">
        <Stack gap="0" minW="0">
          <Heading size="sm" truncate>
            {checkpoint.name}
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            {format(new Date(checkpoint.created_date), "MMM d, yyyy HH:mm:ss")} · {checkpoint.file_count} files
            {checkpoint.data_snapshot === "saved" && ` · ${checkpoint.record_count} records`}
          </Text>
        </Stack>
        <Button size="sm" colorPalette="blue" onClick={onRestore} data-testid="checkpoint-restore">
          <RotateCcw /> Restore this version
        </Button>
      </HStack>
      <Flex flex="1" minH="0">
        <Box w="220px" flexShrink="0" borderEndWidth="1px" overflowY="auto">
          {files.isPending && <Spinner m="4" />}
          {files.isError && (
            <Text p="4" fontSize="sm" color="fg.error">
              Failed to load files: {detailOf(files.error)}
            </Text>
          )}
          {files.isSuccess && Object.keys(tree).length === 0 && (
            <Text p="4" fontSize="sm" color="fg.muted">
              No files at this checkpoint
            </Text>
          )}
          <FileTree files={tree} selected={shown} liveFile={null} frozen={[]} onSelect={setPicked} />
        </Box>
        <Box flex="1" minW="0" minH="0" data-testid="checkpoint-code">
          {shown && <CodeView path={shown} content={tree[shown] ?? ""} />}
        </Box>
      </Flex>
    </Flex>
  );
}
