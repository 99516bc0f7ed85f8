import { GitHubPushAnswer, GitHubStatus, GitHubUserSearch, InviteCollaboratorAnswer } from "../../../../../schemas/export";
import { apiPath, call } from "../../../api/client";

/** Spec 01 §7 Coding: the export calls. */
export const ExportApi = {
  status: (appId: string) => call("GET /api/apps/{id}/coding/github", { params: { id: appId }, schema: GitHubStatus }),
  toGitHub: (appId: string) => call("POST /api/apps/{id}/coding/export-to-github", { params: { id: appId }, schema: GitHubPushAnswer }),
  updateGitHub: (appId: string) => call("POST /api/apps/{id}/coding/update-github-repo", { params: { id: appId }, schema: GitHubPushAnswer }),
  invite: (appId: string, username: string) =>
    call("POST /api/apps/{id}/coding/invite-collaborator", { params: { id: appId }, body: { collaborator_username: username }, schema: InviteCollaboratorAnswer }),
  searchUsers: (appId: string, query: string) => call("POST /api/apps/{id}/coding/search-github-users", { params: { id: appId }, body: { query }, schema: GitHubUserSearch }),
  /** The download link (spec 02 §5: the owner's API key in the query, so the browser can open it). */
  zipUrl: (appId: string, apiKey: string) => `${apiPath("GET /api/apps/{id}/coding/export-to-zip", { id: appId })}?${new URLSearchParams({ api_key: apiKey })}`,
};

export const githubStatusKey = (appId: string) => ["apps", appId, "github"] as const;