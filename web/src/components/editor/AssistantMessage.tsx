import { Box, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { FileSearch, Flag, Square } from "lucide-react";
import { useMemo, useState } from "react";
import type { ChatMessage } from "../../../../schemas/chat";
import { parseMessage } from "../../../../lib/agent/parser";
import { streamingView } from "../../../../lib/agent/repair";
import { ActionStep } from "./ActionStep";
import type { ActionSegment, FileMap, Segment } from "./appFiles";
import { useChatRetry } from "./chatRetry";
import { ErrorBlock } from "./ErrorBlock";
import { FeedbackDialog } from "./FeedbackDialog";
import { Markdown } from "../Markdown";
import { MessageDetailsDialog } from "./MessageDetailsDialog";
import { ReceiptSummary } from "./ReceiptSummary";
import { SecretRequestCard } from "./SecretRequestCard";
import { ThinkingDots } from "./ThinkingDots";
import { ToolResults } from "./ToolResults";

type Block = { kind: "text"; text: string } | { kind: "steps"; steps: ActionSegment[] };

/** Text between actions, and runs of actions grouped into one card (blank text between them ignored). */
function blocksOf(segments: Segment[]): Block[] {
  const blocks: Block[] = [];
  for (const segment of segments) {
    if (segment.kind === "text") {
      if (segment.text.trim()) blocks.push({ kind: "text", text: segment.text.trim() });
      continue;
    }
    const prev = blocks[blocks.length - 1];
    if (prev?.kind === "steps") prev.steps.push(segment);
    else blocks.push({ kind: "steps", steps: [segment] });
  }
  return blocks;
}

/** While streaming, the start of a tag not yet complete ("<kiln-wri") is not shown as text. */
const partialTag = /<\/?(k(i(l(n(-[a-z]*)?)?)?)?)?$/;

function withoutPartialTag(blocks: Block[]): Block[] {
  const last = blocks[blocks.length - 1];
  if (last?.kind !== "text" || !partialTag.test(last.text)) return blocks;
  const text = last.text.replace(partialTag, "").trimEnd();
  return text ? [...blocks.slice(0, -1), { kind: "text", text }] : blocks.slice(0, -1);
}

type Open = null | { kind: "details" } | { kind: "feedback"; path: string | null };

interface Props {
  appId: string;
  message: ChatMessage;
  files: FileMap;
  isAdmin: boolean;
}

/** An assistant turn: its text and action steps as they stream, then errors, the receipt and per-message buttons. */
export function AssistantMessage({ appId, message, files, isAdmin }: Props) {
  const streaming = message.state === "streaming";
  const blocks = useMemo(() => {
    // code a model writes in plain fences naming a file is a file step as it streams, never raw code under "Thinking…"
    const all = blocksOf(parseMessage(streaming ? streamingView(message.content) : message.content));
    return streaming ? withoutPartialTag(all) : all;
  }, [message.content, streaming]);
  const [open, setOpen] = useState<Open>(null);
  const finished = message.state === "done" || message.state === "stopped" || message.state === "error";
  const close = () => setOpen(null);
  const retry = useChatRetry();
  // Actions that did not reach the app, by their place among the message's actions (parseMessage's open.id).
  const notSaved = useMemo(() => new Map((message.receipt?.not_applied ?? []).flatMap((n) => (n.action_index === undefined ? [] : [[n.action_index, n.reason] as const]))), [message.receipt]);

  return (
    <Stack gap="3" align="stretch">
      {blocks.length === 0 && streaming && <ThinkingDots />}
      {blocks.map((block, i) =>
        block.kind === "text" ? (
          <Markdown key={i} text={block.text} />
        ) : (
          <Box key={i} borderWidth="1px" rounded="lg" bg="bg.subtle" py="1" overflow="hidden">
            {block.steps.map((segment) => (
              <ActionStep
                key={segment.open.id}
                appId={appId}
                segment={segment}
                files={files}
                streaming={streaming}
                notSaved={notSaved.get(segment.open.id)}
                onFeedback={(path) => setOpen({ kind: "feedback", path })}
              />
            ))}
          </Box>
        ),
      )}
      {!!message.tool_results?.length && <ToolResults results={message.tool_results} />}
      {!!message.secret_request?.length && <SecretRequestCard appId={appId} request={message.secret_request} />}
      {message.error && <ErrorBlock error={message.error} onRetry={message.error.retryable && retry?.canRetry(message.id) ? () => retry.retry(message.id) : undefined} />}
      {message.state === "stopped" && (
        <HStack gap="1.5" color="fg.subtle" fontSize="xs">
          <Square size={11} />
          <Text>Stopped</Text>
        </HStack>
      )}
      {finished && message.receipt && <ReceiptSummary receipt={message.receipt} />}
      {!streaming && (
        <HStack gap="0.5" mt="-1" color="fg.subtle">
          <IconButton aria-label="Message details" title="Message details" size="2xs" variant="ghost" color="inherit" onClick={() => setOpen({ kind: "details" })} data-testid={`details-${message.id}`}>
            <FileSearch />
          </IconButton>
          <IconButton aria-label="Give feedback" title="Give feedback" size="2xs" variant="ghost" color="inherit" onClick={() => setOpen({ kind: "feedback", path: null })} data-testid={`feedback-${message.id}`}>
            <Flag />
          </IconButton>
        </HStack>
      )}
      {open?.kind === "details" && <MessageDetailsDialog appId={appId} message={message} open onClose={close} isAdmin={isAdmin} />}
      {open?.kind === "feedback" && <FeedbackDialog appId={appId} message={message} actionPath={open.path} open onClose={close} />}
    </Stack>
  );
}
