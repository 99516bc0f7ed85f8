import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";

/**
 * GitHub's REST API as Kiln's export uses it, for msw at the HTTP boundary: repositories,
 * the git data API (blobs, trees, commits, refs), collaborators and user search. It keeps
 * real git blob ids, so what was pushed can be read back and compared.
 */
export function fakeGitHub(baseUrl: string, token: string) {
  const blobs = new Map<string, string>();
  const trees = new Map<string, { path: string; sha: string }[]>();
  const commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  /** `settling`: made a moment ago, its first commit not yet visible (GitHub's 409 "Git Repository is empty.") */
  const repos = new Map<string, { owner: string; name: string; head: string; collaborators: string[]; settling: boolean }>();
  const searches: string[] = [];
  const knownUsers = ["octocat", "octo-org-bot", "ada-lovelace"];
  const sha = (text: string) => createHash("sha1").update(text).digest("hex");
  const blobSha = (content: Buffer) => createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
  const treeSha = (entries: { path: string; sha: string }[]) => sha(JSON.stringify([...entries].sort((a, b) => a.path.localeCompare(b.path))));
  const putTree = (entries: { path: string; sha: string }[]) => {
    const id = treeSha(entries);
    trees.set(id, entries);
    return id;
  };
  const putCommit = (tree: string, parents: string[], message: string) => {
    const id = sha(JSON.stringify({ tree, parents, message, n: commits.size }));
    commits.set(id, { tree, parents, message });
    return id;
  };

  const repoOf = (params: Record<string, unknown>) => repos.get(`${params.owner}/${params.repo}`);
  const authorized = (request: Request) => request.headers.get("authorization")?.endsWith(token) ?? false;
  const api = (path: string) => `${baseUrl}${path}`;
  const guard =
    <P extends Record<string, unknown>>(fn: (args: { request: Request; params: P }) => Response | Promise<Response>) =>
    (args: { request: Request; params: P }) =>
      authorized(args.request) ? fn(args) : HttpResponse.json({ message: "Bad credentials" }, { status: 401 });

  const handlers = [
    http.post(
      api("/user/repos"),
      guard(async ({ request }) => {
        const body = (await request.json()) as { name: string; private: boolean; auto_init: boolean };
        if (repos.has(`kiln-bot/${body.name}`)) return HttpResponse.json({ message: "Repository creation failed.", errors: [{ message: "name already exists on this account" }] }, { status: 422 });
        const readme = Buffer.from(`# ${body.name}\n`);
        blobs.set(blobSha(readme), readme.toString("utf8"));
        const head = putCommit(putTree([{ path: "README.md", sha: blobSha(readme) }]), [], "Initial commit");
        repos.set(`kiln-bot/${body.name}`, { owner: "kiln-bot", name: body.name, head, collaborators: [], settling: true });
        return HttpResponse.json({ name: body.name, private: body.private, default_branch: "main", owner: { login: "kiln-bot" }, html_url: `https://ghe.test/kiln-bot/${body.name}` }, { status: 201 });
      }),
    ),
    http.get(
      api("/repos/:owner/:repo"),
      guard(({ params }) => (repoOf(params) ? HttpResponse.json({ default_branch: "main", name: params.repo }) : HttpResponse.json({ message: "Not Found" }, { status: 404 }))),
    ),
    http.get(
      api("/repos/:owner/:repo/git/ref/*"),
      guard(({ params }) => {
        const repo = repoOf(params)!;
        if (repo.settling) {
          repo.settling = false;
          return HttpResponse.json({ message: "Git Repository is empty." }, { status: 409 });
        }
        return HttpResponse.json({ ref: "refs/heads/main", object: { sha: repo.head, type: "commit" } });
      }),
    ),
    http.get(
      api("/repos/:owner/:repo/git/commits/:sha"),
      guard(({ params }) => {
        const commit = commits.get(params.sha as string)!;
        return HttpResponse.json({ sha: params.sha, tree: { sha: commit.tree }, parents: commit.parents.map((p) => ({ sha: p })), message: commit.message });
      }),
    ),
    http.get(
      api("/repos/:owner/:repo/git/trees/:sha"),
      guard(({ params }) => HttpResponse.json({ sha: params.sha, truncated: false, tree: trees.get(params.sha as string)!.map((e) => ({ ...e, type: "blob", mode: "100644" })) })),
    ),
    http.post(
      api("/repos/:owner/:repo/git/blobs"),
      guard(async ({ request }) => {
        const body = (await request.json()) as { content: string; encoding: string };
        const bytes = Buffer.from(body.content, body.encoding === "base64" ? "base64" : "utf8");
        blobs.set(blobSha(bytes), bytes.toString("utf8"));
        return HttpResponse.json({ sha: blobSha(bytes) }, { status: 201 });
      }),
    ),
    http.post(
      api("/repos/:owner/:repo/git/trees"),
      guard(async ({ request }) => {
        const body = (await request.json()) as { tree: { path: string; sha: string }[]; base_tree?: string };
        if (body.tree.some((e) => !blobs.has(e.sha))) return HttpResponse.json({ message: "GitRPC::BadObjectState" }, { status: 422 });
        return HttpResponse.json({ sha: putTree(body.tree.map(({ path, sha: s }) => ({ path, sha: s }))) }, { status: 201 });
      }),
    ),
    http.post(
      api("/repos/:owner/:repo/git/commits"),
      guard(async ({ request }) => {
        const body = (await request.json()) as { message: string; tree: string; parents: string[] };
        return HttpResponse.json({ sha: putCommit(body.tree, body.parents, body.message) }, { status: 201 });
      }),
    ),
    http.patch(
      api("/repos/:owner/:repo/git/refs/*"),
      guard(async ({ request, params }) => {
        const body = (await request.json()) as { sha: string };
        repoOf(params)!.head = body.sha;
        return HttpResponse.json({ ref: "refs/heads/main", object: { sha: body.sha } });
      }),
    ),
    http.put(
      api("/repos/:owner/:repo/collaborators/:username"),
      guard(({ params }) => {
        if (!knownUsers.includes(params.username as string)) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
        repoOf(params)!.collaborators.push(params.username as string);
        return HttpResponse.json({ id: 1, permissions: "write" }, { status: 201 });
      }),
    ),
    http.get(
      api("/search/users"),
      guard(({ request }) => {
        const q = new URL(request.url).searchParams.get("q") ?? "";
        searches.push(q);
        const term = q.split(" ")[0].toLowerCase();
        const items = knownUsers.filter((u) => u.includes(term)).map((login) => ({ login, avatar_url: `https://avatars.ghe.test/${login}` }));
        return HttpResponse.json({ total_count: items.length, incomplete_results: false, items });
      }),
    ),
  ];

  /** The files at a repository's head, path -> text. */
  function filesAt(fullName: string): Record<string, string> {
    const repo = repos.get(fullName)!;
    const tree = trees.get(commits.get(repo.head)!.tree)!;
    return Object.fromEntries(tree.map((e) => [e.path, blobs.get(e.sha)!]));
  }

  /** Commits from the head back to the first. */
  function history(fullName: string): string[] {
    const out: string[] = [];
    for (let at: string | undefined = repos.get(fullName)!.head; at; at = commits.get(at)!.parents[0]) out.push(commits.get(at)!.message);
    return out;
  }

  return { handlers, repos, filesAt, history, searches };
}
