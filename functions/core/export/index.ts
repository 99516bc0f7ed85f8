import { strToU8, zipSync } from "fflate";
import type { AppMeta } from "../../../schemas/app";
import type { GitHubPushAnswer, GitHubUser, InviteCollaboratorAnswer } from "../../../schemas/export";
import { AppFiles } from "../apps/files";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { VisibleError } from "../errors";
import { GitHub } from "./github";
import { FEATURE_MESSAGES, Features } from "../../../lib/tiers";
import { Users } from "../identity/users";
import { buildProject } from "./project";

/** Exporting an app (spec 02 §2, §4, §7): the project of ./project.ts as a ZIP or in a GitHub repository. */
export namespace AppExport {
  /** Spec 02 §6: the app owner's plan must allow export (not Free or Starter). */
  export async function assertAllowed(meta: AppMeta): Promise<void> {
    const owner = await Users.get(meta.created_by_id);
    if (!owner || !Features[owner.subscription_tier].code_export) throw new VisibleError("payment_required", FEATURE_MESSAGES.code_export!);
  }

  export async function project(meta: AppMeta): Promise<Record<string, string>> {
    const files = await AppFiles.tree(meta.id);
    return buildProject({ meta, files, apiUrl: Config.kiln.webUrl.replace(/\/$/, ""), appOrigin: Config.appOrigin(meta.slug) });
  }

  /** The project in one folder named after the app, zipped. */
  export async function zip(meta: AppMeta): Promise<{ bytes: Uint8Array; filename: string }> {
    const files = await project(meta);
    const folder = meta.slug || meta.id;
    const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [`${folder}/${path}`, strToU8(text)])), { level: 6 });
    return { bytes, filename: `${folder}.zip` };
  }

  /** Spec 02 §4 "not exported, then exported": a new repository the first time, the same one after. */
  export async function toGitHub(meta: AppMeta): Promise<GitHubPushAnswer> {
    const files = await project(meta);
    const existing = meta.github_repo_url ? GitHub.repoOf(meta.github_repo_url) : null;
    const repo = existing ?? (await GitHub.createRepository(meta.slug || meta.id, meta.user_description || meta.name, meta.id.slice(-6).toLowerCase()));
    if (!existing) await Apps.update(meta.id, { github_repo_url: repo.url }, false);
    const pushed = await GitHub.push(repo, files, existing ? `Update from Kiln: ${meta.name}` : `Export from Kiln: ${meta.name}`);
    return { repository_url: repo.url, ...pushed };
  }

  /** Update repo: commit what changed since; git's "nothing to commit" when nothing did. */
  export async function updateGitHub(meta: AppMeta): Promise<GitHubPushAnswer> {
    const repo = exported(meta);
    const pushed = await GitHub.push(repo, await project(meta), `Update from Kiln: ${meta.name}`);
    return { repository_url: repo.url, ...pushed };
  }

  export async function invite(meta: AppMeta, username: string): Promise<InviteCollaboratorAnswer> {
    const repo = exported(meta);
    await GitHub.invite(repo, username);
    return { repository_url: repo.url, username, message: `Invited ${username} to ${repo.owner}/${repo.name}` };
  }

  export const searchUsers = (query: string): Promise<GitHubUser[]> => GitHub.searchUsers(query);

  function exported(meta: AppMeta): GitHub.Repo {
    const repo = meta.github_repo_url ? GitHub.repoOf(meta.github_repo_url) : null;
    if (!repo) throw new VisibleError("conflict", "This app has not been exported to GitHub yet: export it first");
    return repo;
  }
}
