import { Badge, Box, Button, HStack, IconButton, SegmentGroup, chakra } from "@chakra-ui/react";
import { Activity, History, Rocket, Share2 } from "lucide-react";
import { memo } from "react";
import { ExportMenu } from "./export/ExportMenu";

export type EditorMode = "workspace" | "preview";

interface Props {
  mode: EditorMode;
  onMode(mode: EditorMode): void;
  activityCount: number;
  onNetwork(): void;
  onShare(): void;
  onPublish(): void;
  onHistory(): void;
}

/**
 * The bar above the workspace and the preview (spec 02 Layout "Toolbar"): the
 * Workspace/Preview toggle, network activity, the code/GitHub menu, Version History, Share and Publish. The preview's own
 * mobile/desktop and refresh buttons sit in its header below. On a phone (under 480 px) Share
 * keeps only its icon and Publish only its word, so every button stays on screen.
 */
export const Toolbar = memo(ToolbarView);

function ToolbarView({ mode, onMode, activityCount, onNetwork, onShare, onPublish, onHistory }: Props) {
  return (
    <HStack px={{ base: "2", sm: "3" }} h="12" gap={{ base: "1", sm: "2" }} borderBottomWidth="1px" flexShrink="0" minW="0" data-testid="workspace-toolbar">
      <SegmentGroup.Root size="xs" value={mode} onValueChange={(e) => onMode(e.value === "workspace" ? "workspace" : "preview")}>
        <SegmentGroup.Indicator />
        <SegmentGroup.Item value="workspace" data-testid="mode-workspace">
          <SegmentGroup.ItemText>Workspace</SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
        <SegmentGroup.Item value="preview" data-testid="mode-preview">
          <SegmentGroup.ItemText>Preview</SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      </SegmentGroup.Root>
      <Box flex="1" />
      <Box position="relative">
        <IconButton aria-label="Network activity" title="Network activity" size="xs" variant="ghost" onClick={onNetwork} data-testid="network-toggle">
          <Activity />
        </IconButton>
        {activityCount > 0 && (
          <Badge position="absolute" top="-1" right="-1" size="xs" colorPalette="brand" variant="solid" rounded="full" pointerEvents="none">
            {activityCount > 99 ? "99+" : activityCount}
          </Badge>
        )}
      </Box>
      <ExportMenu />
      <IconButton aria-label="Version History" title="Version History" size="xs" variant="ghost" onClick={onHistory} data-testid="history-toggle">
        <History />
      </IconButton>
      <Button size="xs" variant="outline" aria-label="Share" title="Share" onClick={onShare} data-testid="share-app">
        <Share2 />
        <chakra.span display={{ base: "none", sm: "inline" }}>Share</chakra.span>
      </Button>
      <Button size="xs" colorPalette="brand" flexShrink="0" onClick={onPublish} data-testid="publish-app">
        <chakra.span display={{ base: "none", sm: "contents" }}>
          <Rocket />
        </chakra.span>
        Publish
      </Button>
    </HStack>
  );
}
