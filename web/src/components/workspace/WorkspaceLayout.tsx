import { Box, Center, Flex, Heading, Splitter, Text } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import type { App } from "../../../../schemas/app";
import { useIsCompact } from "../editor/useMediaQuery";
import { Sidebar, SidebarMenu } from "./Sidebar";
import { type WorkspaceSearch, renderView } from "./views";

/**
 * The sidebar is 15–30 % of the screen (spec 02 Layout) and starts at 15 %, which holds its
 * labels, so the view (a code editor with its own file tree) gets the room. It sits beside the
 * chat's 33 %, so within the remaining 67 % those are 22–45 %.
 */
const panels = [
  { id: "sidebar", minSize: 22, maxSize: 45 },
  { id: "view", minSize: 40 },
];

export function UnknownView() {
  return (
    <Center h="full" flexDirection="column" gap="2" data-testid="unknown-view">
      <Heading size="md">Unknown view</Heading>
      <Text color="fg.muted" fontSize="sm">
        Pick a section from the menu.
      </Text>
    </Center>
  );
}

/** The workspace of one app: the sidebar (a menu under 1024 px) and the chosen view. */
export function WorkspaceLayout({ app, view, search }: { app: App; view: string; search: WorkspaceSearch }) {
  const narrow = useIsCompact();
  const navigate = useNavigate();
  const content = (
    <Box h="full" overflowY="auto" minW="0" data-testid="workspace-view" data-view={view}>
      {renderView(app, view, search) ?? <UnknownView />}
    </Box>
  );

  if (narrow) {
    return (
      <Flex direction="column" h="full" minH="0">
        <Box px="3" py="2" borderBottomWidth="1px">
          <SidebarMenu app={app} view={view} onSelect={(next) => void navigate({ to: "/apps/$appId/editor/workspace/$view", params: { appId: app.id, view: next } })} />
        </Box>
        <Box flex="1" minH="0">
          {content}
        </Box>
      </Flex>
    );
  }
  return (
    <Splitter.Root panels={panels} defaultSize={[22, 78]} colorPalette="brand">
      <Splitter.Panel id="sidebar" minW="0">
        <Sidebar app={app} view={view} />
      </Splitter.Panel>
      <Splitter.ResizeTrigger id="sidebar:view" aria-label="Resize the sidebar" />
      <Splitter.Panel id="view" minW="0">
        {content}
      </Splitter.Panel>
    </Splitter.Root>
  );
}
