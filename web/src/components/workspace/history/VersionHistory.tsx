import { Badge, Box, Button, Dialog, Drawer, Flex, HStack, Heading, Portal, RadioGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { History, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { Checkpoint } from "../../../../../schemas/chat";
import { checkpointFilesQuery, checkpointsQuery, useLoadCheckpoint } from "../../../api/app-logs";
import { detailOf } from "../../../api/client";
import { CodeView } from "../../editor/CodeView";
import { FileTree } from "../../editor/FileTree";
import { toast } from "../../ui/toaster";

/** Why a checkpoint cannot bring data back, when it cannot. */
const noDataReason = (cp: Checkpoint) =>
  cp.data_snapshot === "none"
    ? "This checkpoint was made before data was saved with checkpoints."
    : cp.data_snapshot === "too_large"
      ? "This checkpoint's data was too large to save with it."
      : null;

/**
 * The Version History panel (spec 02 "Version History panel", §7 Checkpoints): the app's
 * checkpoints (name, date), a read-only view of a checkpoint's files, and restoring one
 * (code only, or code and data) after an irreversible-action confirmation.
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

/** Restoring replaces the app's code (and, if chosen, its records): confirmed first, since it cannot be taken back here. */
function RestoreDialog({ app, checkpoint, onClose, onRestored }: { app: App; checkpoint: Checkpoint | null; onClose: () => void; onRestored: () => void }) {
  const load = useLoadCheckpoint(app.id);
  const [mode, setMode] = useState<"code" | "data">("code");
  const reason = checkpoint ? noDataReason(checkpoint) : null;

  const confirm = () => {
    if (!checkpoint) return;
    load.mutate(
      { checkpointId: checkpoint.id, restoreData: mode === "data" && !reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.data ? `Restored the code and ${answer.data.records} records` : "Restored the code");
          onClose();
          onRestored();
        },
        onError: (err) => toast.error(`Failed to restore checkpoint: ${detailOf(err)}`),
      },
    );
  };

  return (
    <Dialog.Root open={!!checkpoint} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="restore-dialog">
            <Dialog.Header>
              <Dialog.Title>Restore this version?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  This replaces the app's current code with the version from {checkpoint ? format(new Date(checkpoint.created_date), "MMM d, yyyy HH:mm") : ""}. This action cannot be
                  undone.
                </Text>
                <RadioGroup.Root value={mode} onValueChange={(e) => setMode(e.value as "code" | "data")}>
                  <Stack gap="3">
                    <RadioGroup.Item value="code" data-testid="restore-code-only">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>Code only</RadioGroup.ItemText>
                    </RadioGroup.Item>
                    <RadioGroup.Item value="data" disabled={!!reason} data-testid="restore-code-and-data">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>
                        Code and data
                        {checkpoint?.data_snapshot === "saved" && (
                          <Badge ms="2" size="sm">
                            {checkpoint.record_count} records
                          </Badge>
                        )}
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  </Stack>
                </RadioGroup.Root>
                {reason ? (
                  <Text fontSize="sm" color="fg.muted">
                    {reason}
                  </Text>
                ) : (
                  mode === "data" && (
                    <Text fontSize="sm" color="fg.error">
                      Every entity's records will be replaced with the records it had at this version; records added since will be deleted.
                    </Text>
                  )
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={load.isPending} data-testid="restore-confirm">
                Restore
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
