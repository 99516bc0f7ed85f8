import { ExportZipQuery, type GitHubStatus, InviteCollaboratorBody, SearchGitHubUsersBody } from "../../schemas/export";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { AppExport } from "../core/export";
import { GitHub } from "../core/export/github";
import { Features } from "../../lib/tiers";
import { Users } from "../core/identity/users";
import { body, callGroup, query } from "./group";

/** The owner's app, once its owner's plan allows export (spec 02 §6). */
async function exportable(appId: string) {
  const meta = await Apps.assertAccess(Actor.user(), appId);
  await AppExport.assertAllowed(meta);
  return meta;
}

/** Spec 02 §2, §4, §7: Export to ZIP and the GitHub integration dialog. */
export const { app, handler } = callGroup("export", {
  async zip(c) {
    const meta = await exportable(c.req.param("id")!);
    query(c, ExportZipQuery);
    const { bytes, filename } = await AppExport.zip(meta);
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
    });
  },

  /** What the dialog opens on: the repository if exported, whether this Kiln can reach GitHub, whether the plan allows it. */
  async githubStatus(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const owner = await Users.get(meta.created_by_id);
    const status: GitHubStatus = {
      repository_url: meta.github_repo_url ?? null,
      configured: GitHub.configured(),
      allowed: Boolean(owner && Features[owner.subscription_tier].code_export),
    };
    return c.json(status);
  },

  async toGitHub(c) {
    const meta = await exportable(c.req.param("id")!);
    return c.json(await AppExport.toGitHub(meta));
  },

  async updateGitHub(c) {
    const meta = await exportable(c.req.param("id")!);
    return c.json(await AppExport.updateGitHub(meta));
  },

  async invite(c) {
    const meta = await exportable(c.req.param("id")!);
    const input = await body(c, InviteCollaboratorBody);
    return c.json(await AppExport.invite(meta, input.collaborator_username));
  },

  async searchUsers(c) {
    await exportable(c.req.param("id")!);
    const input = await body(c, SearchGitHubUsersBody);
    return c.json({ users: await AppExport.searchUsers(input.query) });
  },
});
