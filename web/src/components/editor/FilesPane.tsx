import { Badge, Box, Button, Flex, HStack, Heading, Spinner, Text, VStack } from "@chakra-ui/react";
import { Eye, Lock, Sparkles } from "lucide-react";
import { useCallback, useState } from "react";
import type { App } from "../../../../schemas/app";
import { type FileMap, type LiveFile } from "./appFiles";
import { CodeView } from "./CodeView";
import { FileTree, LiveDot } from "./FileTree";
import { PageTabs } from "./PageTabs";

export interface FilesPaneProps {
  app: App;
  files: FileMap;
  liveFile: LiveFile | null;
  selectedPage: string | null;
  onSelectPage(name: string): void;
}

/**
 * The app as it is being written: page tabs, a compact file tree and the chosen
 * file's code. Until the user picks a file, the view follows the file the
 * assistant is writing, else shows the selected page.
 */
export function FilesPane({ app, files, liveFile, selectedPage, onSelectPage }: FilesPaneProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const exists = (path: string | null) => !!path && (path in files || liveFile?.path === path);
  const pagePath = selectedPage ? `pages/${selectedPage}` : null;
  const shown = [picked, liveFile?.path ?? null, pagePath, Object.keys(files)[0] ?? null].find(exists) ?? null;
  const isLive = !!liveFile && shown === liveFile.path;
  const content = shown === null ? "" : isLive && liveFile.content !== null ? liveFile.content : (files[shown] ?? "");

  const selectPage = useCallback(
    (name: string) => {
      setPicked(`pages/${name}`);
      onSelectPage(name);
    },
    [onSelectPage],
  );

  return (
    <Flex direction="column" h="full" minW="0" bg="bg" data-testid="files-pane">
      <Box borderBottomWidth="1px" px="4" pt="3">
        <HStack gap="3" mb="2" minW="0">
          <Heading size="sm" truncate data-testid="app-name">
            {app.name}
          </Heading>
          <StatusBadge state={app.status.state} />
        </HStack>
        <PageTabs pages={Object.keys(app.pages)} selected={selectedPage} onSelect={selectPage} />
      </Box>

      <Flex flex="1" minH="0">
        <Box w={{ base: "40%", md: "220px" }} maxW="260px" flexShrink="0" borderEndWidth="1px" overflowY="auto" bg="bg.subtle">
          <FileTree files={files} selected={shown} liveFile={liveFile} frozen={app.frozen_files} onSelect={setPicked} />
        </Box>
        <Flex direction="column" flex="1" minW="0" minH="0">
          {shown === null ? (
            <EmptyFiles processing={app.status.state === "processing"} />
          ) : (
            <>
              <HStack px="4" h="10" borderBottomWidth="1px" gap="2" flexShrink="0" minW="0">
                <Text fontFamily="mono" fontSize="xs" color="fg.muted" truncate data-testid="shown-file">
                  {shown}
                </Text>
                {isLive && (
                  <Badge colorPalette="orange" variant="subtle" gap="1.5" data-testid="file-live">
                    <LiveDot /> Writing…
                  </Badge>
                )}
                {app.frozen_files.includes(shown) && (
                  <Badge variant="subtle" gap="1">
                    <Lock size={10} /> Frozen
                  </Badge>
                )}
                <Box flex="1" />
                {liveFile && !isLive && (
                  <Button size="2xs" variant="subtle" colorPalette="orange" onClick={() => setPicked(null)} data-testid="follow-live">
                    <Eye /> Follow {liveFile.path}
                  </Button>
                )}
              </HStack>
              <Box flex="1" minH="0" overflow="hidden">
                <CodeView path={shown} content={content} height="100%" />
              </Box>
            </>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}

function StatusBadge({ state }: { state: App["status"]["state"] }) {
  if (state === "processing")
    return (
      <Badge colorPalette="orange" variant="subtle" gap="1.5" flexShrink="0">
        <Spinner size="xs" /> Building
      </Badge>
    );
  if (state === "error")
    return (
      <Badge colorPalette="red" variant="subtle" flexShrink="0">
        Error
      </Badge>
    );
  return null;
}

function EmptyFiles({ processing }: { processing: boolean }) {
  return (
    <VStack flex="1" justify="center" gap="3" color="fg.muted" px="6" textAlign="center">
      <Box color="brand.solid">{processing ? <Spinner size="lg" /> : <Sparkles size={32} />}</Box>
      <Text fontWeight="medium" color="fg">
        {processing ? "Kiln is building your app…" : "No pages yet"}
      </Text>
      <Text fontSize="sm">{processing ? "Files appear here as they are written." : "Describe a page in the chat and Kiln will write it."}</Text>
    </VStack>
  );
}
