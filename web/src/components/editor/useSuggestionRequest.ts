import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { App } from "../../../../schemas/app";
import { requestSuggestions } from "../../api/chat";

/**
 * Ready with no suggestions: ask for them once (per ready status); they come back
 * in the answer or later over the socket. Failures are silently ignored.
 */
export function useSuggestionRequest(app: App, hasMessages: boolean) {
  const client = useQueryClient();
  const askedFor = useRef<string | null>(null);
  const { state, last_updated_date } = app.status;
  const missing = !app.suggestions;

  useEffect(() => {
    if (state !== "ready" || !missing || !hasMessages) return;
    const key = `${app.id}@${last_updated_date}`;
    if (askedFor.current === key) return;
    askedFor.current = key;
    void requestSuggestions(client, app.id);
  }, [client, app.id, state, last_updated_date, missing, hasMessages]);
}
