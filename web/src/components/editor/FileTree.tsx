import { Box, HStack, Stack, Text, chakra } from "@chakra-ui/react";
import { Box as BoxIcon, Database, FileCode2, LayoutTemplate, Lock, Zap } from "lucide-react";
import { memo } from "react";
import { type FileKind, type FileMap, type LiveFile, fileGroups, kindOfPath, nameOfPath, samePaths } from "./appFiles";

const icons: Record<FileKind, typeof FileCode2> = {
  pages: FileCode2,
  components: BoxIcon,
  entities: Database,
  layout: LayoutTemplate,
  functions: Zap,
};

interface Props {
  files: FileMap;
  selected: string | null;
  liveFile: LiveFile | null;
  frozen: string[];
  onSelect(path: string): void;
}

/** A compact tree of the app's files by kind; the file being written now pulses. It shows paths only, so a saved file's new content does not re-render it. */
export const FileTree = memo(FileTreeView, (a, b) => samePaths(a.files, b.files) && a.selected === b.selected && a.liveFile === b.liveFile && a.frozen === b.frozen && a.onSelect === b.onSelect);

function FileTreeView({ files, selected, liveFile, frozen, onSelect }: Props) {
  const paths = Object.keys(files);
  if (liveFile && !(liveFile.path in files)) paths.push(liveFile.path);
  const frozenSet = new Set(frozen);

  return (
    <Stack gap="3" py="3" data-testid="file-tree" aria-label="Files">
      {fileGroups.map(({ kind, label }) => {
        const inGroup = paths.filter((p) => kindOfPath(p) === kind).sort();
        if (!inGroup.length) return null;
        const Icon = icons[kind];
        return (
          <Box key={kind}>
            <Text px="3" pb="1" fontSize="2xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
              {label}
            </Text>
            {inGroup.map((path) => {
              const live = liveFile?.path === path;
              const active = selected === path;
              return (
                <chakra.button
                  key={path}
                  type="button"
                  onClick={() => onSelect(path)}
                  data-testid={`file-${path}`}
                  data-live={live || undefined}
                  aria-current={active ? "true" : undefined}
                  display="flex"
                  alignItems="center"
                  gap="2"
                  w="full"
                  px="3"
                  py="1"
                  fontSize="sm"
                  textAlign="start"
                  color={active ? "fg" : "fg.muted"}
                  bg={active ? "bg.emphasized" : "transparent"}
                  fontWeight={active ? "medium" : "normal"}
                  _hover={{ bg: active ? "bg.emphasized" : "bg.muted", color: "fg" }}
                  borderRadius="md"
                >
                  <Box color={live ? "brand.solid" : "fg.subtle"} flexShrink="0">
                    <Icon size={14} />
                  </Box>
                  <Text truncate flex="1" title={path}>
                    {kind === "layout" ? "Layout" : nameOfPath(path)}
                  </Text>
                  {frozenSet.has(path) && (
                    <Box color="fg.subtle" aria-label="Frozen" title="Frozen: the AI will not change this file">
                      <Lock size={12} />
                    </Box>
                  )}
                  {live && <LiveDot />}
                </chakra.button>
              );
            })}
          </Box>
        );
      })}
      {!paths.length && (
        <HStack px="3" color="fg.subtle" fontSize="sm">
          <Text>No files yet</Text>
        </HStack>
      )}
    </Stack>
  );
}

/** The "being written" mark: a pulsing dot in the brand colour. */
export function LiveDot() {
  return (
    <Box
      as="span"
      aria-label="Being written"
      title="Being written"
      w="2"
      h="2"
      rounded="full"
      bg="brand.solid"
      flexShrink="0"
      animation="pulse 1.2s ease-in-out infinite"
    />
  );
}
