import * as z from "zod";

/**
 * Exporting an app (spec 02 §2, §4, §5, §7, §8, §9): the ZIP download and the GitHub
 * repository, both carrying the project functions/core/export builds.
 */

/** Spec 02 §9: GitHub user search waits 500 ms after typing, and searches at most once a second. */
export const GITHUB_SEARCH_DEBOUNCE_MS = 500;
export const GITHUB_SEARCH_MIN_INTERVAL_MS = 1000;
/** Spec 02 §5: search starts at 2 characters. */
export const GITHUB_SEARCH_MIN_CHARS = 2;
/** Spec 02 §9: the ZIP dialog's status switches after 1 second. */
export const ZIP_STATUS_SWITCH_MS = 1000;

export const GITHUB_USERNAME_REQUIRED = "Please enter a GitHub username";
export const GITHUB_USERNAME_INVALID = "GitHub usernames cannot contain @ or . characters";
/** Spec 02 §8: git's words for an update with no changes, and what the dialog says instead. */
export const NOTHING_TO_COMMIT = "nothing to commit, working tree clean";
export const ALREADY_UP_TO_DATE = "Repository is already up to date. No changes to commit.";
/** Why a GitHub call was refused before reaching GitHub: this Kiln has no GitHub credentials. */
export const GITHUB_NOT_CONFIGURED_REASON = "github_not_configured";
export const GITHUB_NOT_CONFIGURED =
  "GitHub export is not configured on this Kiln. Set GITHUB_TOKEN to a GitHub token that may create repositories (and GITHUB_API_URL for GitHub Enterprise, GITHUB_OWNER for an organisation), then restart Kiln.";

/** The client-side rule of spec 02 §5; the server holds to the same one. */
export function githubUsernameProblem(value: string): string | null {
  const name = value.trim();
  if (!name) return GITHUB_USERNAME_REQUIRED;
  if (/[@.]/.test(name)) return GITHUB_USERNAME_INVALID;
  return null;
}

/** One problem at a time, the spec's first. */
export const GitHubUsername = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem =
      githubUsernameProblem(name) ??
      (name.length > 39 ? "GitHub usernames are at most 39 characters" : !/^[A-Za-z0-9-]+$/.test(name) ? "GitHub usernames hold only letters, digits and dashes" : null);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST /apps/{id}/coding/invite-collaborator */
export const InviteCollaboratorBody = z.strictObject({ collaborator_username: GitHubUsername });
export type InviteCollaboratorBody = z.infer<typeof InviteCollaboratorBody>;

/** POST /apps/{id}/coding/search-github-users */
export const SearchGitHubUsersBody = z.strictObject({
  query: z
    .string()
    .trim()
    .min(GITHUB_SEARCH_MIN_CHARS, `Type at least ${GITHUB_SEARCH_MIN_CHARS} characters to search`)
    .max(100, "The search is at most 100 characters")
    .refine((q) => !/[@.]/.test(q), GITHUB_USERNAME_INVALID),
});
export type SearchGitHubUsersBody = z.infer<typeof SearchGitHubUsersBody>;

/** Spec 02 §3 "GitHub user search result". */
export const GitHubUser = z.object({ username: z.string(), avatar_url: z.string(), name: z.string().nullable() });
export type GitHubUser = z.infer<typeof GitHubUser>;
export const GitHubUserSearch = z.object({ users: z.array(GitHubUser) });
export type GitHubUserSearch = z.infer<typeof GitHubUserSearch>;

/** Export to GitHub and Update repo (spec 02 §7): the repository, and what the push did in git's words. */
export const GitHubPushAnswer = z.object({
  repository_url: z.string(),
  /** the commit made; null when nothing changed */
  commit_sha: z.string().nullable(),
  changed_files: z.number().int(),
  message: z.string(),
});
export type GitHubPushAnswer = z.infer<typeof GitHubPushAnswer>;

export const InviteCollaboratorAnswer = z.object({ repository_url: z.string(), username: z.string(), message: z.string() });
export type InviteCollaboratorAnswer = z.infer<typeof InviteCollaboratorAnswer>;

/** GET /apps/{id}/coding/github: what the GitHub dialog opens on. */
export const GitHubStatus = z.object({
  repository_url: z.string().nullable(),
  /** this Kiln has GitHub credentials (GITHUB_TOKEN) */
  configured: z.boolean(),
  /** the owner's plan allows export (spec 02 §6) */
  allowed: z.boolean(),
});
export type GitHubStatus = z.infer<typeof GitHubStatus>;

/** GET /apps/{id}/coding/export-to-zip?api_key=… (spec 02 §5, §7: the owner's API key). */
export const ExportZipQuery = z.object({ api_key: z.string().min(1, "The owner's API key is required (api_key)").max(200) });

/**
 * What the dialog shows for an update's reply, success or error (spec 02 §8): a reply
 * that holds git's "nothing to commit" is a success saying the repository is up to date.
 */
export function updateOutcome(reply: { ok: boolean; text: string }): { ok: boolean; message: string } {
  if (reply.text.includes(NOTHING_TO_COMMIT)) return { ok: true, message: ALREADY_UP_TO_DATE };
  return reply.ok ? { ok: true, message: reply.text } : { ok: false, message: `Failed to update GitHub repository: ${reply.text}` };
}
