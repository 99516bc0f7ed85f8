import { unzipSync, strFromU8 } from "fflate";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_UP_TO_DATE, GITHUB_NOT_CONFIGURED, GITHUB_USERNAME_INVALID, GITHUB_USERNAME_REQUIRED, NOTHING_TO_COMMIT, updateOutcome } from "../../schemas/export";
import { apiUrl, builtApp, call, signedIn, tokenFor, useStackLinks } from "./helpers";
import { fakeGitHub } from "./github-fake";

/**
 * Export (spec 02 §2, §4–§8): the ZIP through the gateway with the owner's API key, and GitHub
 * through the export handlers run in this process (as their Lambda would run) against GitHub's
 * API faked with msw at the HTTP boundary — a GitHub Enterprise base URL, Kiln's own token.
 */

const GHE = "https://ghe.test/api/v3";
const TOKEN = "ghp_kiln_test_token";
const github = fakeGitHub(GHE, TOKEN);
const server = setupServer(...github.handlers);

let owner: Awaited<ReturnType<typeof signedIn>>;
let admin: string;
let appId: string;
let slug: string;
let exportApp: (typeof import("../../functions/http/export"))["app"];

/** One call to the export handlers in this process, where GitHub is the fake. */
async function viaHandler(method: string, path: string, body?: unknown) {
  const res = await exportApp.request(`http://kiln.test${path}`, {
    method,
    // the stack keeps its token key to itself: in this process the owner calls with their API key
    headers: { api_key: owner.user.api_key, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}
const setTier = (tier: string) => call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: tier } });

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("export-owner");
  const app = await builtApp(owner.token, "A CRM to track customers, deals and follow-up tasks");
  appId = app.id;
  slug = app.slug;
}, 120_000);

afterAll(() => server.close());

describe("the plan gate (spec 02 §6)", () => {
  it("refuses Free and Starter owners with 402 and the plan's words, for the ZIP and GitHub alike", async () => {
    for (const tier of ["free", "starter"]) {
      expect((await setTier(tier)).status).toBe(200);
      const zip = await call("GET", `/api/apps/${appId}/coding/export-to-zip?api_key=${owner.user.api_key}`);
      const push = await call("POST", `/api/apps/${appId}/coding/export-to-github`, { token: owner.token });
      expect([zip.status, zip.body.detail, push.status, push.body.detail]).toEqual([402, "GitHub and ZIP export need the Builder plan or higher", 402, "GitHub and ZIP export need the Builder plan or higher"]);
    }
    const status = await call("GET", `/api/apps/${appId}/coding/github`, { token: owner.token });
    expect(status.body).toEqual({ repository_url: null, configured: false, allowed: false });
    expect((await setTier("builder")).status).toBe(200);
  });
});

describe("Export to ZIP (spec 02 §5, §7)", () => {
  it("answers the project as a zip for the owner's API key in the query", async () => {
    const res = await fetch(`${apiUrl()}/api/apps/${appId}/coding/export-to-zip?api_key=${owner.user.api_key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${slug}.zip"`);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (path: string) => strFromU8(files[`${slug}/${path}`]);
    const pkg = JSON.parse(text("package.json"));
    expect(pkg.scripts.build).toBe("vite build");
    expect(pkg.dependencies["@base44/sdk"]).toBe("0.8.50");
    expect(text(".env")).toContain(`VITE_BASE44_APP_ID=${appId}`);
    expect(text("src/components/ui/button.tsx")).toContain("buttonVariants");
    const entities = Object.keys(files).filter((p) => p.startsWith(`${slug}/base44/entities/`));
    expect(entities.length).toBeGreaterThan(0);
    expect(JSON.parse(text(entities[0].slice(slug.length + 1))).type).toBe("object");
    expect(text("base44/config.jsonc")).toContain('"entitiesDir": "entities"');
    expect(Object.keys(files).some((p) => p.startsWith(`${slug}/src/pages/`) && p.endsWith(".jsx"))).toBe(true);
  });

  it("needs a key of someone who may open the app", async () => {
    const stranger = await signedIn("export-stranger");
    expect((await call("GET", `/api/apps/${appId}/coding/export-to-zip`)).status).toBe(401);
    expect((await call("GET", `/api/apps/${appId}/coding/export-to-zip?api_key=not-a-key`)).status).toBe(401);
    expect((await call("GET", `/api/apps/${appId}/coding/export-to-zip?api_key=${stranger.user.api_key}`)).status).toBe(403);
  });
});

describe("GitHub without credentials", () => {
  it("answers how to configure it, and the app stays not exported", async () => {
    const res = await call("POST", `/api/apps/${appId}/coding/export-to-github`, { token: owner.token });
    expect([res.status, res.body.detail, res.body.extra_data]).toEqual([409, GITHUB_NOT_CONFIGURED, { reason: "github_not_configured" }]);
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.github_repo_url ?? null).toBeNull();
  });
});

describe("GitHub (spec 02 §4, §7, §8) against the faked API", () => {
  beforeAll(async () => {
    useStackLinks();
    Object.assign(process.env, { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: GHE });
    server.listen({ onUnhandledRequest: "bypass" });
    exportApp = (await import("../../functions/http/export")).app;
  });

  it("export creates the repository, pushes the project (once GitHub shows the new repository's first commit) and records its URL on the app", async () => {
    const res = await viaHandler("POST", `/api/apps/${appId}/coding/export-to-github`);
    expect(res.status).toBe(200);
    expect(res.body.repository_url).toBe(`https://ghe.test/kiln-bot/${slug}`);
    expect(res.body.commit_sha).toMatch(/^[0-9a-f]{40}$/);
    const files = github.filesAt(`kiln-bot/${slug}`);
    expect(JSON.parse(files["package.json"]).devDependencies.vite).toBe("8.3.8");
    expect(files["src/App.jsx"]).toContain("AppRouter");
    // the project's README replaces the one GitHub started the repository with
    expect(files["README.md"]).toContain("Exported from Kiln");
    expect(github.history(`kiln-bot/${slug}`)).toHaveLength(2);
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.github_repo_url).toBe(`https://ghe.test/kiln-bot/${slug}`);
  });

  it("update with no changes makes no commit and says so in git's words", async () => {
    const res = await viaHandler("POST", `/api/apps/${appId}/coding/update-github-repo`);
    expect(res.status).toBe(200);
    expect([res.body.commit_sha, res.body.changed_files, res.body.message]).toEqual([null, 0, NOTHING_TO_COMMIT]);
    expect(updateOutcome({ ok: true, text: res.body.message })).toEqual({ ok: true, message: ALREADY_UP_TO_DATE });
    expect(github.history(`kiln-bot/${slug}`)).toHaveLength(2);
  });

  it("update after a change commits just that change", async () => {
    const page = "export default function Changelog() { return <p>Shipped from Kiln</p>; }\n";
    expect((await call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path: "pages/Changelog", content: page } })).status).toBe(200);
    const res = await viaHandler("POST", `/api/apps/${appId}/coding/update-github-repo`);
    expect(res.status).toBe(200);
    expect(res.body.commit_sha).toMatch(/^[0-9a-f]{40}$/);
    // the page, the shell that routes to it, and the README that counts the pages
    expect(res.body.changed_files).toBe(3);
    expect(github.filesAt(`kiln-bot/${slug}`)["src/pages/Changelog.jsx"]).toBe(page);
    expect(github.history(`kiln-bot/${slug}`)).toHaveLength(3);
  });

  it("invites a collaborator, refusing names the spec rules out before GitHub is asked", async () => {
    const ok = await viaHandler("POST", `/api/apps/${appId}/coding/invite-collaborator`, { collaborator_username: "octocat" });
    expect([ok.status, ok.body.username]).toEqual([200, "octocat"]);
    expect(github.repos.get(`kiln-bot/${slug}`)!.collaborators).toEqual(["octocat"]);
    const dotted = await viaHandler("POST", `/api/apps/${appId}/coding/invite-collaborator`, { collaborator_username: "ada.lovelace" });
    const empty = await viaHandler("POST", `/api/apps/${appId}/coding/invite-collaborator`, { collaborator_username: "  " });
    expect([dotted.status, dotted.body.detail, empty.status, empty.body.detail]).toEqual([400, `collaborator_username: ${GITHUB_USERNAME_INVALID}`, 400, `collaborator_username: ${GITHUB_USERNAME_REQUIRED}`]);
    const unknown = await viaHandler("POST", `/api/apps/${appId}/coding/invite-collaborator`, { collaborator_username: "nobody-here" });
    expect([unknown.status, unknown.body.detail]).toEqual([400, "GitHub: Not Found"]);
    expect(github.repos.get(`kiln-bot/${slug}`)!.collaborators).toEqual(["octocat"]);
  });

  it("searches GitHub users from 2 characters: username, avatar_url, name", async () => {
    const res = await viaHandler("POST", `/api/apps/${appId}/coding/search-github-users`, { query: "octo" });
    expect(res.body).toEqual({
      users: [
        { username: "octocat", avatar_url: "https://avatars.ghe.test/octocat", name: null },
        { username: "octo-org-bot", avatar_url: "https://avatars.ghe.test/octo-org-bot", name: null },
      ],
    });
    const before = github.searches.length;
    expect((await viaHandler("POST", `/api/apps/${appId}/coding/search-github-users`, { query: "o" })).status).toBe(400);
    expect(github.searches.length).toBe(before);
  });

  it("exporting again pushes to the same repository", async () => {
    const res = await viaHandler("POST", `/api/apps/${appId}/coding/export-to-github`);
    expect([res.status, res.body.repository_url, res.body.message]).toEqual([200, `https://ghe.test/kiln-bot/${slug}`, NOTHING_TO_COMMIT]);
    expect(github.repos.size).toBe(1);
  });
});
