import { Box } from "@chakra-ui/react";
import { memo } from "react";
import type { ChatMessage } from "../../../../schemas/chat";
import type { FileMap } from "./appFiles";
import { AssistantMessage } from "./AssistantMessage";
import { MessageErrorBoundary } from "./MessageErrorBoundary";
import { ToolResults } from "./ToolResults";
import { UserMessage } from "./UserMessage";
import { Markdown } from "../Markdown";

interface Props {
  appId: string;
  message: ChatMessage;
  files: FileMap;
  isAdmin: boolean;
  highlighted: boolean;
  revertable: boolean;
  onRevert(message: ChatMessage): void;
}

/** One message of the list, in its own error boundary, highlighted when the address names it. */
export const MessageItem = memo(function MessageItem({ appId, message, files, isAdmin, highlighted, revertable, onRevert }: Props) {
  return (
    <Box
      data-testid={`message-${message.id}`}
      data-message-id={message.id}
      data-role={message.role}
      data-state={message.state}
      data-highlighted={highlighted || undefined}
      rounded="lg"
      transition="background 0.6s, outline-color 0.6s"
      outlineWidth="2px"
      outlineStyle="solid"
      outlineOffset="6px"
      outlineColor={highlighted ? "brand.solid" : "transparent"}
      bg={highlighted ? "brand.subtle" : undefined}
    >
      <MessageErrorBoundary resetKey={`${message.content.length}:${message.state ?? ""}`}>
        {message.role === "user" ? (
          <UserMessage message={message} revertable={revertable} onRevert={() => onRevert(message)} />
        ) : message.role === "assistant" ? (
          <AssistantMessage appId={appId} message={message} files={files} isAdmin={isAdmin} />
        ) : (
          <Box>
            {message.content.trim() && <Markdown text={message.content} />}
            {!!message.tool_results?.length && <ToolResults results={message.tool_results} />}
          </Box>
        )}
      </MessageErrorBoundary>
    </Box>
  );
});
