import { Box, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { App } from "../../../../schemas/app";
import { StuckHint } from "./StuckHint";
import { Suggestions } from "./Suggestions";
import { type Typing, typeTick } from "./typing";

/** Typing animation speed (spec 01 §9). */
const MS_PER_CHAR = 40;
/** No status update for this long, with messages present: the app may be stuck (spec 01 §4). */
const STUCK_AFTER_MS = 10 * 60_000;

interface Props {
  app: App;
  messageCount: number;
  /** the screen is 768 px or narrower */
  isNarrow: boolean;
  onStop(): void;
  onRevertLast: (() => void) | null;
  onSuggestion(prompt: string): void;
  suggestionsDisabled: boolean;
  /** the newest message is an answer still streaming, which shows "Thinking…" itself until it says something */
  answerStreaming?: boolean;
}

/** Below the newest message: what the app is doing (processing), the suggestions (ready) or the error. */
export function StatusArea({ app, messageCount, isNarrow, onStop, onRevertLast, onSuggestion, suggestionsDisabled, answerStreaming = false }: Props) {
  const { state, details, last_updated_date } = app.status;
  const now = useNow(state === "processing" ? 15_000 : null);

  if (state === "processing") {
    const stuck = messageCount > 0 && now - Date.parse(last_updated_date) > STUCK_AFTER_MS;
    const line = details || "Working…";
    // "Thinking…" shows once: the streaming answer already says it
    const thinkingTwice = answerStreaming && /^Thinking/.test(line);
    return (
      <Stack gap="3">
        {(isNarrow || messageCount > 2) && !thinkingTwice && <TypedStatus text={line} />}
        {stuck && <StuckHint appId={app.id} onStop={onStop} onRevertLast={onRevertLast} />}
      </Stack>
    );
  }
  if (state === "error")
    return (
      <HStack align="start" gap="2" p="3" rounded="md" bg="red.subtle" borderWidth="1px" borderColor="red.muted" color="red.fg" fontSize="sm" data-testid="status-error">
        <Box mt="0.5" flexShrink="0">
          <AlertCircle size={15} />
        </Box>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {details || "Something went wrong."}
        </Text>
      </HStack>
    );
  if (!app.suggestions || messageCount === 0) return null;
  return <Suggestions suggestions={app.suggestions} onPick={onSuggestion} disabled={suggestionsDisabled} />;
}

/** status.details typed out at 40 ms per character; a new line waits until the one being typed is finished (typeTick). */
export function TypedStatus({ text }: { text: string }) {
  const [typing, setTyping] = useState<Typing>({ shown: text, typed: 0 });
  const target = useRef(text);
  target.current = text;
  const settled = typing.shown === text && typing.typed >= text.length;
  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => setTyping((t) => typeTick(t, target.current)), MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [settled]);

  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="status-line" aria-live="polite">
      <Spinner size="xs" color="brand.solid" flexShrink="0" />
      <Text>
        {typing.shown.slice(0, typing.typed)}
        <Box as="span" display="inline-block" w="1.5" h="3.5" ms="0.5" bg="fg.subtle" verticalAlign="middle" animation="pulse 1s infinite" />
      </Text>
    </HStack>
  );
}

/** The current time, refreshed every `everyMs` (or not at all when null). */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (everyMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
