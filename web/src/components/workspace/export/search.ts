import { useEffect, useRef, useState } from "react";
import {
  GITHUB_SEARCH_DEBOUNCE_MS,
  GITHUB_SEARCH_MIN_CHARS,
  GITHUB_SEARCH_MIN_INTERVAL_MS,
  type GitHubUser,
  githubUsernameProblem,
} from "../../../../../schemas/export";
import { ExportApi } from "./api";

/** Spec 02 §9: 500 ms after the last keystroke, and never sooner than 1000 ms after the previous search. */
export function searchDelay(now: number, lastSearchAt: number | null): number {
  return Math.max(GITHUB_SEARCH_DEBOUNCE_MS, lastSearchAt === null ? 0 : lastSearchAt + GITHUB_SEARCH_MIN_INTERVAL_MS - now);
}

/** GitHub users matching what is typed, from 2 characters (spec 02 §5); a name the rules refuse is not searched. */
export function useGitHubSearch(appId: string, text: string): { users: GitHubUser[]; searching: boolean } {
  const [users, setUsers] = useState<GitHubUser[]>([]);
  const [searching, setSearching] = useState(false);
  const lastSearchAt = useRef<number | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (query.length < GITHUB_SEARCH_MIN_CHARS || githubUsernameProblem(query)) {
      setUsers([]);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      lastSearchAt.current = Date.now();
      setSearching(true);
      try {
        const answer = await ExportApi.searchUsers(appId, query);
        if (current) setUsers(answer.users);
      } catch {
        // a failed search only leaves no suggestions: the name typed can still be invited
        if (current) setUsers([]);
      } finally {
        if (current) setSearching(false);
      }
    }, searchDelay(Date.now(), lastSearchAt.current));
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [appId, text]);

  return { users, searching };
}
