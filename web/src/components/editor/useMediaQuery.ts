import { useSyncExternalStore } from "react";

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than 768 px: the chat takes the full width (spec 01 §9 mobile breakpoint). */
export const useIsMobile = () => useMediaQuery("(max-width: 767.98px)");

/** Narrower than 1024 px: the workspace sidebar becomes a menu (spec 02 Layout). */
export const useIsCompact = () => useMediaQuery("(max-width: 1023.98px)");

/** 768 px or narrower: the typed status line always shows (spec 01 §4). */
export const useIsNarrow = () => useMediaQuery("(max-width: 768px)");
