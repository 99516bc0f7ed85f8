import { Box, Center, Flex, HStack, IconButton, SegmentGroup, Spinner, Text, chakra } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, MousePointerClick, RefreshCw, Smartphone } from "lucide-react";
import { type ReactNode, memo, useEffect, useEffectEvent, useState } from "react";
import type { FrameMessage } from "../../../../../schemas/preview";
import { runtimeTokenQuery } from "../../../api/preview";
import { detailOf } from "../../../api/client";
import { FilesPane, type FilesPaneProps } from "../FilesPane";
import { useChatSend } from "../useChatSend";
import { useIsMobile } from "../useMediaQuery";
import { VisualEditPanel } from "../visual-edit/VisualEditPanel";
import { useVisualEdit } from "../visual-edit/useVisualEdit";
import { IssuesPanel, resolveMessage } from "./IssuesPanel";
import { previewSrc } from "./previewUrl";
import { usePreviewFrame } from "./usePreviewFrame";
import { NameSelect } from "../../ui/NameSelect";

type View = "preview" | "code";
type Device = "desktop" | "mobile";

const devices = [
  { id: "desktop", label: "Desktop width", Icon: Monitor },
  { id: "mobile", label: "Mobile width", Icon: Smartphone },
] as const;

/** Skips its re-renders while hidden, so a save under the preview does not update the unseen code view; showing it catches up. */
const WhileShown = memo(({ children }: { hidden: boolean; children: ReactNode }) => children, (_, next) => next.hidden);

interface Props extends FilesPaneProps {
  /** the frame moved to another page on its own (a link in the app) */
  onPageShown(name: string): void;
  /** every checked message from the frame (the network activity panel listens) */
  onFrameMessage?(message: FrameMessage): void;
}

/**
 * The app beside the chat (spec 02 Layout): the live preview on the app's own
 * origin, or its files and code. Refresh, a mobile/desktop width, the page picker
 * (which follows the app's own navigation), and "Issues Found" under the frame.
 */
export function PreviewPane({ app, files, liveFile, selectedPage, onSelectPage, onPageShown, onFrameMessage }: Props) {
  const pages = Object.keys(app.pages);
  const [chosenView, setChosenView] = useState<View | null>(null);
  // Until the user picks, the code shows while the first pages are being written.
  const view: View = chosenView ?? (pages.length ? "preview" : "code");
  const [device, setDevice] = useState<Device>("desktop");
  const client = useQueryClient();
  const token = useQuery(runtimeTokenQuery(app.id));
  const preview = usePreviewFrame(app, files, selectedPage, token.data?.token ?? null, onPageShown);
  const chat = useChatSend(app, selectedPage);
  const mobile = useIsMobile();
  // Visual Edit (spec 01 §2): only on the preview, with at least one page, at 768 px or wider.
  const canVisualEdit = view === "preview" && pages.length > 0 && !mobile && preview.mounted;
  const visual = useVisualEdit({ frame: preview, appId: app.id, files, active: canVisualEdit });
  const { subscribe } = preview;
  useEffect(() => (onFrameMessage ? subscribe(onFrameMessage) : undefined), [subscribe, onFrameMessage]);
  const processing = app.status.state === "processing";
  // Sending a message while editing discards the edit (the app turns to processing).
  const discardEdit = useEffectEvent(() => visual.discard());
  useEffect(() => {
    if (processing) discardEdit();
  }, [processing]);

  // The frame's address is set once per load; later pages travel as messages, so the frame keeps its state.
  const [frame, setFrame] = useState<{ src: string; load: number } | null>(null);
  const firstToken = token.data?.token;
  useEffect(() => {
    if (firstToken) setFrame((current) => current ?? { src: previewSrc(app.slug, selectedPage, firstToken), load: 0 });
  }, [firstToken, app.slug, selectedPage]);

  const refresh = async () => {
    preview.reloading();
    const fresh = await client.fetchQuery({ ...runtimeTokenQuery(app.id), staleTime: 0 });
    setFrame((current) => ({ src: previewSrc(app.slug, selectedPage, fresh.token), load: (current?.load ?? 0) + 1 }));
  };

  return (
    <Flex direction="column" h="full" minW="0" bg="bg" data-testid="preview-pane">
      <HStack px="3" h="12" gap="2" borderBottomWidth="1px" flexShrink="0" minW="0">
        <SegmentGroup.Root size="xs" value={view} onValueChange={(e) => setChosenView(e.value === "code" ? "code" : "preview")}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Item value="preview" data-testid="view-preview">
            <SegmentGroup.ItemText>Preview</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
          <SegmentGroup.Item value="code" data-testid="view-code">
            <SegmentGroup.ItemText>Code</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        </SegmentGroup.Root>
        {view === "preview" && (
          <>
            <NameSelect size="xs" maxW="48" disabled={!pages.length} label="Page" names={pages} value={selectedPage ?? ""} onChange={onSelectPage} testId="page-picker" />
            <Box flex="1" />
            <HStack gap="0.5">
              {devices.map(({ id, label, Icon }) => (
                <IconButton
                  key={id}
                  aria-label={label}
                  title={label}
                  size="xs"
                  variant={device === id ? "subtle" : "ghost"}
                  aria-pressed={device === id}
                  onClick={() => setDevice(id)}
                  data-testid={`device-${id}`}
                >
                  <Icon />
                </IconButton>
              ))}
            </HStack>
            {canVisualEdit && (
              <IconButton
                aria-label="Visual Edit"
                title={visual.state.mode === "off" ? "Visual Edit: click an element to change its look" : "Turn Visual Edit off"}
                size="xs"
                variant={visual.state.mode === "off" ? "ghost" : "solid"}
                colorPalette="purple"
                aria-pressed={visual.state.mode !== "off"}
                disabled={processing}
                onClick={() => visual.setEnabled(visual.state.mode === "off")}
                data-testid="visual-edit-toggle"
              >
                <MousePointerClick />
              </IconButton>
            )}
            <IconButton aria-label="Refresh preview" title="Refresh preview" size="xs" variant="ghost" onClick={() => void refresh()} data-testid="preview-refresh">
              <RefreshCw />
            </IconButton>
          </>
        )}
      </HStack>

      <Flex flex="1" minH="0" justify="center" bg={device === "mobile" ? "bg.muted" : "bg"} display={view === "preview" ? "flex" : "none"} position="relative">
        {visual.state.mode === "selected" && (
          <Box position="absolute" top="3" right="3" bottom="3" zIndex="1" display="flex" alignItems="flex-start">
            <VisualEditPanel edit={visual} />
          </Box>
        )}
        {frame ? (
          <chakra.iframe
            key={frame.load}
            ref={preview.frame}
            src={frame.src}
            title={`${app.name} preview`}
            allow="clipboard-write"
            data-testid="preview-frame"
            w={device === "mobile" ? "390px" : "full"}
            h="full"
            border="0"
            bg="white"
            boxShadow={device === "mobile" ? "md" : undefined}
          />
        ) : (
          <Center flex="1" color="fg.muted" gap="2" fontSize="sm">
            {token.error ? <Text color="fg.error">Could not start the preview: {detailOf(token.error)}</Text> : <Spinner size="sm" />}
          </Center>
        )}
      </Flex>
      <Box flex="1" minH="0" display={view === "code" ? "block" : "none"}>
        <WhileShown hidden={view !== "code"}>
          <FilesPane app={app} files={files} liveFile={liveFile} selectedPage={selectedPage} onSelectPage={onSelectPage} />
        </WhileShown>
      </Box>

      {view === "preview" && preview.issues.length > 0 && (
        <IssuesPanel
          issues={preview.issues}
          busy={app.status.state === "processing" || chat.sending}
          onResolve={() => void chat.send({ content: resolveMessage(preview.issues), discussion: false, resolve: true })}
        />
      )}
    </Flex>
  );
}
