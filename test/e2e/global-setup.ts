import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalStackProcess } from "../../stacks/local/child";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** The SPA as built for production, served by the whole local stack, for real Chromium to drive. */
export default async function setup(project: TestProject) {
  // the security scan's npm advisory lookup is a third party: no browser test reaches the real registry (a closed port: "not checked")
  process.env.KILN_NPM_REGISTRY_URL = "http://127.0.0.1:9";
  // each app the browser tests build would add a check of several seconds; turns are checked in test/api/turn-verification.test.ts
  process.env.KILN_VERIFY_TURNS = "off";
  if (process.env.KILN_SKIP_BUILD !== "1") {
    const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
      cwd: root,
      stdio: "inherit",
      // vitest sets NODE_ENV=test, which would build React's development bundle: several times slower pages
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  // KILN_WEB_DIR: a copy of a build to serve instead (with KILN_SKIP_BUILD=1), e.g. while another checkout rebuilds dist/
  const stack = await startLocalStackProcess({ seed: true, webDir: process.env.KILN_WEB_DIR ?? path.join(root, "dist") });
  project.provide("webUrl", stack.url);
  // the Stripe stand-in's address and keys, for tests that drive its clock (test/api/stripe-helpers.ts)
  project.provide("stackLinks", stack.links);
  return () => stack.stop();
}
