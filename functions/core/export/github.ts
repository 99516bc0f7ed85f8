import { createHash } from "node:crypto";
import { Octokit } from "@octokit/rest";
import { GITHUB_NOT_CONFIGURED, GITHUB_NOT_CONFIGURED_REASON, NOTHING_TO_COMMIT, type GitHubUser } from "../../../schemas/export";
import { VisibleError } from "../errors";

/**
 * GitHub through Octokit: api.github.com, or GitHub Enterprise at GITHUB_API_URL. Kiln acts
 * with one token (GITHUB_TOKEN) and creates repositories for that account, or in the
 * organisation GITHUB_OWNER names; the app's owner is then invited to theirs.
 */
export namespace GitHub {
  export interface Repo {
    owner: string;
    name: string;
    url: string;
  }

  interface Settings {
    token: string;
    baseUrl: string | undefined;
    owner: string | undefined;
  }

  function settings(): Settings {
    const token = process.env.GITHUB_TOKEN?.trim();
    if (!token) throw new VisibleError("conflict", GITHUB_NOT_CONFIGURED, { reason: GITHUB_NOT_CONFIGURED_REASON });
    return { token, baseUrl: process.env.GITHUB_API_URL?.trim() || undefined, owner: process.env.GITHUB_OWNER?.trim() || undefined };
  }

  /** Whether this Kiln can reach GitHub at all (the dialog says how to configure it otherwise). */
  export const configured = () => Boolean(process.env.GITHUB_TOKEN?.trim());

  function client(s = settings()) {
    return new Octokit({ auth: s.token, ...(s.baseUrl ? { baseUrl: s.baseUrl } : {}), userAgent: "kiln-export", log: { debug() {}, info() {}, warn() {}, error() {} } });
  }

  /** "https://github.example.com/acme/crm" -> acme/crm */
  export function repoOf(url: string): Repo | null {
    try {
      const [owner, name] = new URL(url).pathname.split("/").filter(Boolean);
      return owner && name ? { owner, name: name.replace(/\.git$/, ""), url } : null;
    } catch {
      return null;
    }
  }

  /** A new private repository, with a first commit so the git data API can build on it; a taken name gets the suffix. */
  export async function createRepository(name: string, description: string, suffix: string): Promise<Repo> {
    const s = settings();
    const octokit = client(s);
    const create = (repoName: string) => {
      const args = { name: repoName, description: description.slice(0, 350), private: true, auto_init: true };
      return s.owner ? octokit.rest.repos.createInOrg({ org: s.owner, ...args }) : octokit.rest.repos.createForAuthenticatedUser(args);
    };
    try {
      const { data } = await create(name).catch((err: unknown) => (statusOf(err) === 422 ? create(`${name}-${suffix}`) : Promise.reject(err)));
      return { owner: data.owner.login, name: data.name, url: data.html_url };
    } catch (err) {
      throw refusal(err);
    }
  }

  /** git's own id of a file's content, so unchanged files are not sent again. */
  const blobSha = (content: Buffer) => createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");

  /**
   * Make the default branch hold exactly `files` in one commit (files absent here are removed),
   * through the git data API: blobs, a tree, a commit, the ref. Nothing changed: no commit.
   */
  export async function push(repo: Repo, files: Record<string, string>, message: string): Promise<{ commit_sha: string | null; changed_files: number; message: string }> {
    const octokit = client();
    const at = { owner: repo.owner, repo: repo.name };
    try {
      const { data: info } = await octokit.rest.repos.get(at);
      const branch = info.default_branch;
      const ref = await headOf(octokit, at, branch);
      const { data: parent } = await octokit.rest.git.getCommit({ ...at, commit_sha: ref.object.sha });
      const { data: current } = await octokit.rest.git.getTree({ ...at, tree_sha: parent.tree.sha, recursive: "true" });
      const existing = new Map(current.tree.filter((e) => e.type === "blob" && e.path && e.sha).map((e) => [e.path!, e.sha!]));

      const entries: { path: string; mode: "100644"; type: "blob"; sha: string }[] = [];
      let changed = [...existing.keys()].filter((path) => !(path in files)).length;
      const paths = Object.keys(files).sort();
      for (let i = 0; i < paths.length; i += 8) {
        await Promise.all(
          paths.slice(i, i + 8).map(async (path) => {
            const bytes = Buffer.from(files[path], "utf8");
            let sha = blobSha(bytes);
            if (existing.get(path) !== sha) {
              changed++;
              sha = (await octokit.rest.git.createBlob({ ...at, content: bytes.toString("base64"), encoding: "base64" })).data.sha;
            }
            entries.push({ path, mode: "100644", type: "blob", sha });
          }),
        );
      }
      entries.sort((a, b) => a.path.localeCompare(b.path));
      const { data: tree } = await octokit.rest.git.createTree({ ...at, tree: entries });
      if (tree.sha === parent.tree.sha) return { commit_sha: null, changed_files: 0, message: NOTHING_TO_COMMIT };
      const { data: commit } = await octokit.rest.git.createCommit({ ...at, message, tree: tree.sha, parents: [parent.sha] });
      await octokit.rest.git.updateRef({ ...at, ref: `heads/${branch}`, sha: commit.sha });
      return { commit_sha: commit.sha, changed_files: changed, message: `${message} (${changed} ${changed === 1 ? "file" : "files"} changed)` };
    } catch (err) {
      throw refusal(err);
    }
  }

  /** A repository made a moment ago may not show its first commit yet (GitHub answers 404 or 409): ask again a few times. */
  async function headOf(octokit: Octokit, at: { owner: string; repo: string }, branch: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await octokit.rest.git.getRef({ ...at, ref: `heads/${branch}` })).data;
      } catch (err) {
        if (attempt >= 5 || (statusOf(err) !== 404 && statusOf(err) !== 409)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
      }
    }
  }

  /** Invite a GitHub user to the repository with push access. */
  export async function invite(repo: Repo, username: string): Promise<void> {
    try {
      await client().rest.repos.addCollaborator({ owner: repo.owner, repo: repo.name, username, permission: "push" });
    } catch (err) {
      throw refusal(err);
    }
  }

  /** Spec 02 §3: username, avatar_url, name (GitHub's search gives no names: null). */
  export async function searchUsers(query: string): Promise<GitHubUser[]> {
    try {
      const { data } = await client().rest.search.users({ q: `${query} in:login`, per_page: 8 });
      return data.items.map((u) => ({ username: u.login, avatar_url: u.avatar_url, name: u.name ?? null }));
    } catch (err) {
      throw refusal(err);
    }
  }

  const statusOf = (err: unknown) => (typeof err === "object" && err !== null && typeof (err as { status?: unknown }).status === "number" ? (err as { status: number }).status : null);

  /** GitHub's refusal in its own words: what the caller asked for is a 400, GitHub failing or refusing Kiln a 502. */
  function refusal(err: unknown): VisibleError {
    if (err instanceof VisibleError) return err;
    const status = statusOf(err);
    const raw = err instanceof Error ? err.message : String(err);
    const text = raw.replace(/ - https?:\/\/\S+$/, "").slice(0, 300);
    if (status === 404 || status === 422) return new VisibleError("input", `GitHub: ${text}`);
    if (status === 401) return new VisibleError("upstream", `GitHub refused Kiln's token (GITHUB_TOKEN): ${text}`);
    return new VisibleError("upstream", `GitHub: ${text}`);
  }
}
