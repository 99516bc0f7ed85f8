import path from "node:path";
import { runInNewContext } from "node:vm";
import { loadConfigFromFile } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { RUNTIME_PAGE } from "../../stacks/edge/app-routing";
import { type Recorded, type Recording, recordStacks, resolved } from "./sst-stand-in";

/**
 * Issue 23 item 3: a published app's address served the builder (its `index.html` sat beside the
 * runtime's in the one upload) and deep links got 403. The apps' routers must answer every page path
 * with the runtime's page, from the one build the web site makes (item 9: no second build).
 */

let stacks: Recording;
beforeAll(async () => {
  stacks = await recordStacks({ KILN_APPS_DOMAIN: "apps.example.com", KILN_CUSTOM_DOMAINS: "shop.example.com" });
});

const APP_ROUTERS = ["AppsRouter", "CustomDomainShopExampleComRouter"];
const routerNamed = (name: string) => stacks.of("sst.aws.Router").find((r) => r.name === name)!;
const routesOf = (router: string) => stacks.records.filter((r) => r.owner === router && /^sst\.aws\.Router\.route(Bucket|Site|Url)?$/.test(r.type));

type Answer = { uri?: string; statusCode?: number };
/** A router's viewer-request code run as SST wraps it (`async function handler(event) { <injection> … }`), with no Node globals. */
function viewerRequest(router: Recorded, uri: string): Promise<Answer> {
  const injection = resolved((router.args.edge as { viewerRequest: { injection: unknown } }).viewerRequest.injection) as string;
  const handler = runInNewContext(`(async function handler(event) {\n${injection}\nreturn event.request;\n})`) as (event: unknown) => Promise<Answer>;
  return handler({ viewer: { ip: "203.0.113.9" }, request: { uri, querystring: {}, headers: { host: { value: "notes.apps.example.com" } } } });
}

describe("the apps site", () => {
  it("is the web site's one build: no other static site, none building again", async () => {
    const sites = stacks.of("sst.aws.StaticSite");
    expect(sites.map((s) => s.name)).toEqual(["Web"]);
    // what the site uploads is what vite builds, the runtime's page among it
    const web = sites[0]!.args as { path: string; build: { output: string } };
    const root = path.resolve(import.meta.dirname, "../..");
    const viteConfig = (await loadConfigFromFile({ command: "build", mode: "production" }, path.join(root, "vite.config.ts")))!.config;
    const build = viteConfig.build as { outDir: string; rolldownOptions: { input: Record<string, string> } };
    const outDir = path.resolve(root, viteConfig.root!, build.outDir);
    expect(outDir).toBe(path.resolve(root, web.path, web.build.output));
    const runtimeInput = path.relative(path.resolve(root, viteConfig.root!), build.rolldownOptions.input.runtime!);
    expect(`/${runtimeInput.split(path.sep).join("/")}`).toBe(RUNTIME_PAGE);
  });

  it("each apps router sends /api and the socket path on, and every other path to the web site's files", () => {
    for (const name of APP_ROUTERS) {
      const routes = Object.fromEntries(routesOf(name).map((r) => [r.name, r.type]));
      expect([name, routes]).toEqual([
        name,
        { "/": name === "AppsRouter" ? "sst.aws.Router.routeBucket" : "sst.aws.Router.route", "/api": "sst.aws.Router.route", "/ws-user-apps": "sst.aws.Router.route" },
      ]);
    }
  });

  it("the apps router's files are the web site's bucket: one upload", () => {
    const files = routesOf("AppsRouter").find((r) => r.name === "/")!;
    expect(resolved(files.args.params)).toEqual(["Web.nodes.assets"]);
  });

  it("serves the runtime for every page path, its assets as built, and never the builder's page", async () => {
    for (const name of APP_ROUTERS) {
      const router = routerNamed(name);
      for (const page of ["/", "/Tasks", "/TaskDetail", "/apps", "/login", RUNTIME_PAGE]) expect([name, page, await viewerRequest(router, page)]).toMatchObject([name, page, { uri: RUNTIME_PAGE }]);
      for (const file of ["/assets/runtime-TpRiMFiL.js", "/api/apps/x", "/ws-user-apps/socket.io/"]) expect([name, file, await viewerRequest(router, file)]).toMatchObject([name, file, { uri: file }]);
      expect([name, await viewerRequest(router, "/index.html")]).toMatchObject([name, { statusCode: 404 }]);
    }
  });

  it("the builder's router never serves the runtime's page", async () => {
    expect(await viewerRequest(routerNamed("Router"), RUNTIME_PAGE)).toMatchObject({ statusCode: 404 });
    expect(await viewerRequest(routerNamed("Router"), "/apps")).toMatchObject({ uri: "/apps" });
  });

  it("the builder's pages may PUT an upload straight to the bucket's regional host (POST /api/files/upload-url)", () => {
    const injection = resolved((routerNamed("Router").args.edge as { viewerResponse: { injection: unknown } }).viewerResponse.injection) as string;
    const csp = /connect-src [^;"]*/.exec(injection)?.[0] ?? "";
    const bucketHost = "kiln-files-abc123.s3.eu-west-1.amazonaws.com";
    const allowed = csp.split(" ").slice(1).some((source) => source === "'self'" ? false : new RegExp(`^https://${source.replace(/^https:\/\//, "").replace(/\./g, "\\.").replace("*", ".+")}$`).test(`https://${bucketHost}`));
    expect([csp.startsWith("connect-src 'self'"), allowed]).toEqual([true, true]);
  });

  it("/api waits as long as CloudFront allows without a quota raise (publish and export run inside the request)", () => {
    for (const name of APP_ROUTERS) {
      const api = routesOf(name).find((r) => r.name === "/api")!;
      expect([name, resolved(api.args.params)]).toEqual([name, ["https://api.stand-in.example", { readTimeout: "60 seconds" }]]);
    }
  });
});
