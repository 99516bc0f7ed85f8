import { Flex } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { memo, useMemo, useRef, useState } from "react";
import type { App } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import { meQuery } from "../../api/auth";
import { useStopChat } from "../../api/chat";
import { detailOf } from "../../api/client";
import { toast } from "../ui/toaster";
import type { FileMap } from "./appFiles";
import { type ChatRetry, ChatRetryContext } from "./chatRetry";
import { ChatHeader } from "./ChatHeader";
import { MessageList } from "./MessageList";
import { PromptBox } from "./PromptBox";
import { RevertDialog } from "./RevertDialog";
import { StatusArea } from "./StatusArea";
import { useChatSend } from "./useChatSend";
import { useIsNarrow } from "./useMediaQuery";
import { useSuggestionRequest } from "./useSuggestionRequest";
import { useUsage, useUsageAfterTurn } from "./useUsage";

interface Props {
  app: App;
  messages: ChatMessage[];
  files: FileMap;
  currentPage: string | null;
  msgId?: string;
}

/** The editor's chat panel (spec 01 §2 Editor: chat panel): header with the gear menu, messages, status, prompt box. */
export const ChatPanel = memo(function ChatPanel({ app, messages, files, currentPage, msgId }: Props) {
  const me = useQuery(meQuery).data;
  const isNarrow = useIsNarrow();
  const usage = useUsage();
  useUsageAfterTurn(messages);
  const chat = useChatSend(app, currentPage);
  const stop = useStopChat(app.id);
  const [draft, setDraft] = useState("");
  const [discussion, setDiscussion] = useState(false);
  const [reverting, setReverting] = useState<ChatMessage | null>(null);
  useSuggestionRequest(app, messages.length > 0);

  const processing = app.status.state === "processing";
  const lastRevertable = [...messages].reverse().find((m) => m.role === "user" && m.checkpoint_id) ?? null;
  const onStop = () => stop.mutate(undefined, { onError: (err) => toast.error(`Failed to stop the chat: ${detailOf(err)}`) });
  const send = useRef(chat.send);
  send.current = chat.send;
  // Retry sends again the user message a failed answer was for; a stable value, so typing does not re-render every message.
  const retry = useMemo<ChatRetry>(
    () => ({
      canRetry: (id) => !processing && !chat.sending && messages.at(-1)?.id === id,
      retry: (id) => {
        const at = messages.findIndex((m) => m.id === id);
        const asked = messages.slice(0, at).reverse().find((m) => m.role === "user");
        if (asked) void send.current({ content: asked.content, fileUrls: asked.file_urls, discussion: Boolean(asked.additional_message_params?.discussion_mode) });
      },
    }),
    [processing, chat.sending, messages],
  );

  return (
    <ChatRetryContext.Provider value={retry}>
      <Flex direction="column" h="full" minW="0" bg="bg" data-testid="chat-panel">
        <ChatHeader app={app} messages={messages} files={files} platformRole={me?.platform_role ?? "user"} />
        <MessageList
          app={app}
          messages={messages}
          files={files}
          msgId={msgId}
          isAdmin={me?.platform_role === "platform_admin"}
          onRevert={setReverting}
          footer={
            <StatusArea
              app={app}
              messageCount={messages.length}
              isNarrow={isNarrow}
              onStop={onStop}
              onRevertLast={lastRevertable ? () => setReverting(lastRevertable) : null}
              onSuggestion={(prompt) => void chat.send({ content: prompt, discussion })}
              suggestionsDisabled={usage.limitReached || chat.sending}
              answerStreaming={messages.at(-1)?.role === "assistant" && messages.at(-1)?.state === "streaming"}
            />
          }
        />
        <PromptBox
          draft={draft}
          onDraftChange={setDraft}
          discussion={discussion}
          onDiscussionChange={setDiscussion}
          processing={processing}
          usage={usage}
          sending={chat.sending}
          stopping={stop.isPending}
          outOfCredits={chat.outOfCredits}
          onDismissOutOfCredits={chat.dismissOutOfCredits}
          onSend={(content, fileUrls) => chat.send({ content, fileUrls, discussion })}
          onStop={onStop}
        />
        <RevertDialog appId={app.id} message={reverting} onClose={() => setReverting(null)} onReverted={setDraft} />
      </Flex>
    </ChatRetryContext.Provider>
  );
});
