import { GitHubPushAnswer, GitHubStatus, GitHubUserSearch, InviteCollaboratorAnswer } from "../../../../../schemas/export";
import { call } from "../../../api/client";

/** Spec 01 §7 Coding: the export calls. */
export const ExportApi = {
  status: (appId: string) => call(`/apps/${appId}/coding/github`, { schema: GitHubStatus }),
  toGitHub: (appId: string) => call(`/apps/${appId}/coding/export-to-github`, { method: "POST", schema: GitHubPushAnswer }),
  updateGitHub: (appId: string) => call(`/apps/${appId}/coding/update-github-repo`, { method: "POST", schema: GitHubPushAnswer }),
  invite: (appId: string, username: string) =>
    call(`/apps/${appId}/coding/invite-collaborator`, { method: "POST", body: { collaborator_username: username }, schema: InviteCollaboratorAnswer }),
  searchUsers: (appId: string, query: string) => call(`/apps/${appId}/coding/search-github-users`, { method: "POST", body: { query }, schema: GitHubUserSearch }),
  /** The download link (spec 02 §5: the owner's API key in the query, so the browser can open it). */
  zipUrl: (appId: string, apiKey: string) => `/api/apps/${appId}/coding/export-to-zip?${new URLSearchParams({ api_key: apiKey })}`,
};

export const githubStatusKey = (appId: string) => ["apps", appId, "github"] as const;