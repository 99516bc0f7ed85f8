import { Box, Flex, SegmentGroup, Splitter } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import type { App } from "../../../../schemas/app";
import { visibleMessages } from "../../api/chat";
import { filesOf, liveFileOf } from "./appFiles";
import { ChatPanel } from "./ChatPanel";
import { EDITOR_HEIGHT } from "./EditorStates";
import { PreviewPane } from "./preview/PreviewPane";
import { useIsMobile } from "./useMediaQuery";

const panels = [
  { id: "chat", minSize: 20, maxSize: 40 },
  { id: "files", minSize: 60 },
];

/** Chat on the left (33 %, 20–40 %, resizable), the app's preview or code on the right; one at a time under 768 px. */
export function EditorLayout({ app, pageName, msgId }: { app: App; pageName?: string; msgId?: string }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [mobileView, setMobileView] = useState<"chat" | "files">("chat");

  const pages = Object.keys(app.pages);
  const firstPage = app.main_page && pages.includes(app.main_page) ? app.main_page : (pages[0] ?? null);
  const selectedPage = pageName && pages.includes(pageName) ? pageName : firstPage;
  const files = useMemo(() => filesOf(app), [app.pages, app.components, app.entities, app.layout, app.functions]); // eslint-disable-line react-hooks/exhaustive-deps
  const messages = useMemo(() => visibleMessages(app.conversation.messages), [app.conversation.messages]);
  const last = messages[messages.length - 1];
  const liveFile = useMemo(() => liveFileOf(last ? [last] : []), [last]);

  const selectPage = (name: string) => navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: name } });
  // The app moved to a page by itself: the address follows without a history entry of its own.
  const pageShown = (name: string) => {
    if (name !== selectedPage) void navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: name }, replace: true });
  };

  const chat = <ChatPanel app={app} messages={messages} files={files} currentPage={selectedPage} msgId={msgId} />;
  const filesPane = (
    <PreviewPane app={app} files={files} liveFile={liveFile} selectedPage={selectedPage} onSelectPage={selectPage} onPageShown={pageShown} />
  );

  if (isMobile) {
    return (
      <Flex direction="column" h={EDITOR_HEIGHT} bg="bg">
        <Box px="3" py="2" borderBottomWidth="1px">
          <SegmentGroup.Root
            size="sm"
            w="full"
            value={mobileView}
            onValueChange={(e) => setMobileView(e.value === "files" ? "files" : "chat")}
            data-testid="view-toggle"
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items flex="1" items={[{ value: "chat", label: "Chat" }, { value: "files", label: "Preview" }]} />
          </SegmentGroup.Root>
        </Box>
        <Box flex="1" minH="0">
          {mobileView === "chat" ? chat : filesPane}
        </Box>
      </Flex>
    );
  }

  return (
    // The splitter sizes itself to 100% of its parent (inline style), so the parent holds the height.
    <Box h={EDITOR_HEIGHT} bg="bg">
      <Splitter.Root panels={panels} defaultSize={[33, 67]} colorPalette="brand">
        <Splitter.Panel id="chat" minW="0">
          {chat}
        </Splitter.Panel>
        <Splitter.ResizeTrigger id="chat:files" aria-label="Resize the chat" data-testid="chat-resize" />
        <Splitter.Panel id="files" minW="0">
          {filesPane}
        </Splitter.Panel>
      </Splitter.Root>
    </Box>
  );
}
