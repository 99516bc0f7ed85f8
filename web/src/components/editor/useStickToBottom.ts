import { useCallback, useEffect, useRef } from "react";

/** Within this distance of the bottom, new content keeps the view at the bottom (spec 01 §9). */
const FOLLOW_WITHIN = 100;

/** Auto-scroll that follows growing content only while the reader is near the bottom. */
export function useStickToBottom() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) toBottom();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [toBottom]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_WITHIN;
  }, []);

  /** Jump to the bottom and follow again (after the user sends a message). */
  const follow = useCallback(() => {
    pinned.current = true;
    toBottom();
  }, [toBottom]);

  return { scrollRef, contentRef, onScroll, follow };
}
