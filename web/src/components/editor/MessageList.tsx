import { Box, Button, Stack, Text, VStack } from "@chakra-ui/react";
import { History, MessagesSquare } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import type { App } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import { useLoadAllMessages } from "../../api/chat";
import { detailOf } from "../../api/client";
import { toast } from "../ui/toaster";
import type { FileMap } from "./appFiles";
import { MessageItem } from "./MessageItem";
import { useStickToBottom } from "./useStickToBottom";

interface Props {
  app: App;
  messages: ChatMessage[];
  files: FileMap;
  msgId?: string;
  isAdmin: boolean;
  onRevert(message: ChatMessage): void;
  /** the status area, below the newest message */
  footer: ReactNode;
}

/** The conversation: 'Load entire conversation' when only the newest part is held, messages, then the status area. */
export function MessageList({ app, messages, files, msgId, isAdmin, onRevert, footer }: Props) {
  const { scrollRef, contentRef, onScroll, follow } = useStickToBottom();
  const loadAll = useLoadAllMessages(app.id);
  const { complete, total } = app.conversation;
  const highlighted = useHighlight(msgId, messages, scrollRef);

  // The first message made the app; every later user message with a checkpoint may be reverted.
  const knowsStart = complete || total <= messages.length;
  const firstUserId = knowsStart ? messages.find((m) => m.role === "user")?.id : undefined;

  // A message named in the address but older than the newest 20: fetch the whole conversation.
  const missing = !!msgId && !messages.some((m) => m.id === msgId) && !complete;
  const askedAll = useRef(false);
  useEffect(() => {
    if (missing && !askedAll.current) {
      askedAll.current = true;
      loadAll.mutate();
    }
  }, [missing, loadAll]);

  // A new user message (ours or a collaborator's) brings the view down to it.
  const newestUser = messages.findLast((m) => m.role === "user")?.id;
  const seenUser = useRef(newestUser);
  useEffect(() => {
    if (newestUser !== seenUser.current) follow();
    seenUser.current = newestUser;
  }, [newestUser, follow]);

  const onLoadAll = () => loadAll.mutate(undefined, { onError: (err) => toast.error(`Failed to load the conversation: ${detailOf(err)}`) });

  return (
    <Box ref={scrollRef} onScroll={onScroll} flex="1" minH="0" overflowY="auto" data-testid="message-list">
      <Stack ref={contentRef} gap="6" px="4" py="5">
        {!complete && messages.length > 0 && (
          <Button size="xs" variant="outline" alignSelf="center" rounded="full" onClick={onLoadAll} loading={loadAll.isPending} data-testid="load-all">
            <History /> Load entire conversation
          </Button>
        )}
        {messages.length === 0 && app.status.state !== "processing" && (
          <VStack py="16" gap="2" color="fg.muted" data-testid="no-chat">
            <MessagesSquare size={28} />
            <Text fontSize="sm">No chat found</Text>
          </VStack>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            appId={app.id}
            message={message}
            files={files}
            isAdmin={isAdmin}
            highlighted={highlighted === message.id}
            revertable={message.role === "user" && !!message.checkpoint_id && message.id !== firstUserId}
            onRevert={onRevert}
          />
        ))}
        {footer}
      </Stack>
    </Box>
  );
}

/** ?msgId=: after 1 second that message is scrolled into view and highlighted (spec 01 §2). */
function useHighlight(msgId: string | undefined, messages: ChatMessage[], scrollRef: RefObject<HTMLDivElement | null>) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const present = !!msgId && messages.some((m) => m.id === msgId);
  useEffect(() => {
    if (!msgId || !present) return;
    const timer = setTimeout(() => {
      const el = scrollRef.current?.querySelector(`[data-message-id="${CSS.escape(msgId)}"]`);
      el?.scrollIntoView({ block: "center", behavior: "smooth" });
      setHighlighted(msgId);
    }, 1000);
    return () => clearTimeout(timer);
  }, [msgId, present, scrollRef]);
  return highlighted;
}
