import { Box, Button, Flex, Splitter } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { MessageSquare } from "lucide-react";
import { type ComponentProps, useCallback, useMemo, useRef, useState } from "react";
import type { App } from "../../../../schemas/app";
import { visibleMessages } from "../../api/chat";
import { AppStageScreen, isPendingStage } from "../workspace/AppStageScreens";
import { NetworkPanel } from "../workspace/network/NetworkPanel";
import { type ActivityStore, createActivityStore, useActivity } from "../workspace/network/activity";
import { VersionHistory } from "../workspace/history/VersionHistory";
import { PublishDialog } from "../workspace/publish/PublishDialog";
import { ShareDialog } from "../workspace/share/ShareDialog";
import { type EditorMode, Toolbar } from "../workspace/Toolbar";
import { WorkspaceLayout } from "../workspace/WorkspaceLayout";
import type { WorkspaceSearch } from "../workspace/views";
import { filesOf, liveFileOf } from "./appFiles";
import { ChatPanel } from "./ChatPanel";
import { useChatInputs } from "./chatInputs";
import { EDITOR_HEIGHT } from "./EditorStates";
import { PreviewPane } from "./preview/PreviewPane";
import { useIsMobile } from "./useMediaQuery";
import { SideDrawer } from "../ui/SideDrawer";

const panels = [
  { id: "chat", minSize: 20, maxSize: 40 },
  { id: "files", minSize: 60 },
];

/** Which workspace view the address names, when it names one (/editor/workspace/{view}). */
export interface WorkspaceRoute {
  view: string;
  search: WorkspaceSearch;
}

type Dialog = "share" | "publish" | "network" | "history" | null;

/**
 * The editor of one app (spec 02 Layout): the chat on the left (33 %, 20–40 %, resizable),
 * and beside it the toolbar over either the live preview or the workspace (sidebar and
 * view). Under 768 px the chat moves into a left drawer behind a floating "Edit App" button.
 * The preview stays mounted in the workspace, so switching back is instant and its
 * network activity keeps being recorded.
 */
export function EditorLayout({ app, pageName, msgId, workspace }: { app: App; pageName?: string; msgId?: string; workspace: WorkspaceRoute | null }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const [activity] = useState(createActivityStore);
  const lastView = useRef("overview");
  if (workspace) lastView.current = workspace.view;
  const mode: EditorMode = workspace ? "workspace" : "preview";

  const pages = Object.keys(app.pages);
  const firstPage = app.main_page && pages.includes(app.main_page) ? app.main_page : (pages[0] ?? null);
  const selectedPage = pageName && pages.includes(pageName) ? pageName : firstPage;
  const files = useMemo(
    () => filesOf({ pages: app.pages, components: app.components, entities: app.entities, layout: app.layout, functions: app.functions }),
    [app.pages, app.components, app.entities, app.layout, app.functions],
  );
  const messages = useMemo(() => visibleMessages(app.conversation.messages), [app.conversation.messages]);
  const last = messages[messages.length - 1];
  const liveFile = useMemo(() => liveFileOf(last ? [last] : []), [last]);

  // Handlers keep their identity while their inputs hold, so the memoised toolbar, dialogs and file tree skip a file change.
  const selectPage = useCallback(
    (name: string) => void navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: name } }),
    [navigate, app.id],
  );
  // The app moved to a page by itself: the address follows without a history entry of its own.
  const inWorkspace = !!workspace;
  const pageShown = useCallback(
    (name: string) => {
      if (!inWorkspace && name !== selectedPage) void navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: name }, replace: true });
    },
    [inWorkspace, selectedPage, navigate, app.id],
  );
  const switchMode = useCallback(
    (next: EditorMode) => {
      if (next === mode) return;
      if (next === "workspace") void navigate({ to: "/apps/$appId/editor/workspace/$view", params: { appId: app.id, view: lastView.current } });
      else if (selectedPage) void navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: selectedPage } });
      else void navigate({ to: "/apps/$appId/editor/preview", params: { appId: app.id } });
    },
    [mode, selectedPage, navigate, app.id],
  );
  const close = useCallback(() => setDialog(null), []);
  const openDialog = useMemo(
    () => ({ network: () => setDialog("network"), share: () => setDialog("share"), publish: () => setDialog("publish"), history: () => setDialog("history") }),
    [],
  );

  // The same element while its inputs hold, so a saved file (which re-renders this layout) does not re-render the chat.
  // The dialogs read no file either, so they take the chat's app.
  const forChat = useChatInputs(app, files, messages);
  const chat = useMemo(
    () => <ChatPanel app={forChat.app} messages={messages} files={forChat.files} currentPage={selectedPage} msgId={msgId} />,
    [forChat, messages, selectedPage, msgId],
  );
  const pending = isPendingStage(app);
  const main = (
    <Flex direction="column" h="full" minW="0" bg="bg">
      <ActivityToolbar
        activity={activity}
        mode={mode}
        onMode={switchMode}
        onNetwork={openDialog.network}
        onShare={openDialog.share}
        onPublish={openDialog.publish}
        onHistory={openDialog.history}
      />
      {app.is_blocked && (
        <Box px="3" py="1.5" bg="red.subtle" color="red.fg" fontSize="sm" data-testid="app-blocked">
          This app has been blocked by the platform: its API refuses everyone but platform admins.
        </Box>
      )}
      <Box flex="1" minH="0" display={!pending && mode === "preview" ? "block" : "none"}>
        {!pending && (
          <PreviewPane
            app={app}
            files={files}
            liveFile={liveFile}
            selectedPage={selectedPage}
            onSelectPage={selectPage}
            onPageShown={pageShown}
            onFrameMessage={activity.onFrameMessage}
          />
        )}
      </Box>
      {pending && (
        <Box flex="1" minH="0">
          <AppStageScreen app={app} />
        </Box>
      )}
      {!pending && workspace && (
        <Box flex="1" minH="0">
          <WorkspaceLayout app={app} view={workspace.view} search={workspace.search} />
        </Box>
      )}
      <ShareDialog app={forChat.app} open={dialog === "share"} onClose={close} />
      <PublishDialog app={forChat.app} open={dialog === "publish"} onClose={close} />
      {dialog === "history" && <VersionHistory app={app} onClose={close} />}
      <ActivityPanel activity={activity} open={dialog === "network"} onClose={close} />
    </Flex>
  );

  if (isMobile) {
    return (
      <Box h={EDITOR_HEIGHT} position="relative">
        {main}
        <Button
          position="fixed"
          bottom="4"
          left="4"
          zIndex="docked"
          colorPalette="brand"
          rounded="full"
          boxShadow="lg"
          onClick={() => setChatOpen(true)}
          data-testid="edit-app"
        >
          <MessageSquare /> Edit App
        </Button>
        <SideDrawer open={chatOpen} onClose={() => setChatOpen(false)} placement="start" size="full" testId="chat-drawer" body={{ p: "0", pt: "10" }}>
          {chat}
        </SideDrawer>
      </Box>
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
          {main}
        </Splitter.Panel>
      </Splitter.Root>
    </Box>
  );
}

const countOf = (entries: unknown[]) => entries.length;

/** The toolbar with the activity count; a request's end keeps the count, so only its start re-renders the toolbar. */
function ActivityToolbar({ activity, ...props }: Omit<ComponentProps<typeof Toolbar>, "activityCount"> & { activity: ActivityStore }) {
  return <Toolbar {...props} activityCount={useActivity(activity, countOf)} />;
}

const all = <T,>(entries: T) => entries;

function ActivityPanel({ activity, open, onClose }: { activity: ActivityStore; open: boolean; onClose: () => void }) {
  return <NetworkPanel open={open} entries={useActivity(activity, all)} onClose={onClose} onClear={activity.clear} />;
}
