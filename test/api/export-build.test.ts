import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { afterAll, expect, it } from "vitest";
import { apiUrl, builtApp, call, signedIn, tokenFor } from "./helpers";

/**
 * The exported ZIP is a project that builds on its own (issue 12 "Export"): unzipped into an
 * empty folder, `npm install && npm run build` against the npm registry succeeds and the build
 * holds the app's pages and its link to this Kiln, split by route so no chunk passes Vite's 500 kB warning.
 */

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "kiln-export-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("npm install && npm run build succeeds on the unzipped project", async () => {
  const admin = await tokenFor("admin@kiln.local");
  const owner = await signedIn("export-build");
  const app = await builtApp(owner.token, "A CRM to track customers, deals and follow-up tasks");
  expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "pro" } })).status).toBe(200);

  const res = await fetch(`${apiUrl()}/api/apps/${app.id}/coding/export-to-zip?api_key=${owner.user.api_key}`);
  expect(res.status).toBe(200);
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer())))) {
    if (name.endsWith("/")) continue;
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  const project = path.join(dir, app.slug);
  // a production build, as someone who downloaded it runs it (the test runner's NODE_ENV would make it a dev build)
  const env = { ...process.env };
  delete env.NODE_ENV;
  await run("npm", ["install", "--include=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project, env, maxBuffer: 32 * 1024 * 1024 });
  const build = await run("npm", ["run", "build"], { cwd: project, env, maxBuffer: 32 * 1024 * 1024 });
  expect(build.stdout).toContain("built in");

  const assets = readdirSync(path.join(project, "dist/assets"));
  // split by route: each page its own chunk, none over Vite's 500 kB warning limit, and no warning printed
  const sizes = Object.fromEntries(assets.filter((f) => f.endsWith(".js")).map((f) => [f, statSync(path.join(project, "dist/assets", f)).size]));
  expect(Object.entries(sizes).filter(([, size]) => size > 500 * 1024)).toEqual([]);
  expect(`${build.stdout}\n${build.stderr}`).not.toContain("Some chunks are larger than");
  const pages = readdirSync(path.join(project, "src/pages")).map((f) => f.replace(/\.jsx$/, ""));
  expect(pages.length).toBeGreaterThan(1);
  for (const page of pages) expect(Object.keys(sizes).some((f) => f.startsWith(`${page}-`)), `a chunk for ${page}`).toBe(true);
  const js = assets.filter((f) => f.endsWith(".js")).map((f) => readFileSync(path.join(project, "dist/assets", f), "utf8")).join("\n");
  const css = assets.filter((f) => f.endsWith(".css")).map((f) => readFileSync(path.join(project, "dist/assets", f), "utf8")).join("\n");
  expect(readFileSync(path.join(project, "dist/index.html"), "utf8")).toContain('<div id="root"></div>');
  // the SDK is pointed at this Kiln and this app; Tailwind compiled the classes the pages use
  expect([js.includes(app.id), js.includes(new URL(apiUrl()).origin), js.includes("jsxDEV")]).toEqual([true, true, false]);
  expect(css).toMatch(/\.rounded-lg\{/);
}, 600_000);
