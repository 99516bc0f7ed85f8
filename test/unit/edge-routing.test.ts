import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouteOf, appRoutingEdgeCode, appSocketRewrite, builderRouteOf, builderRoutingEdgeCode, RUNTIME_PAGE } from "../../stacks/edge/app-routing";
import { createAppHost, isRuntimePath } from "../../stacks/local/app-host";

/**
 * Which file an app's origin answers with (stacks/edge/app-routing.ts): the same rules run in the
 * cloud routers' viewer-request functions and in the local stack's app host.
 */

describe("an app's origin: what each path is", () => {
  it("a page path, with or without a query, is the runtime's page", () => {
    for (const page of ["/", "/Tasks", "/TaskDetail", "/Task-Detail/", "/apps", "/login", "/runtime"]) expect([page, appRouteOf(page)]).toEqual([page, "runtime"]);
  });

  it("so is any other path, the browser's own /favicon.ico among them (a 404 there is a red console line)", () => {
    for (const p of ["/favicon.ico", "/favicon.svg", "/robots.txt", "/assets/sub/x.js"]) expect([p, appRouteOf(p)]).toEqual([p, "runtime"]);
  });

  it("a built file in /assets/ is served as built", () => {
    expect(appRouteOf("/assets/x.js")).toBe("asset");
    expect(appRouteOf("/assets/runtime-TpRiMFiL.js")).toBe("asset");
    expect(appRouteOf("/assets/index-Ab_12.css")).toBe("asset");
  });

  it("no way round to the builder's page through /assets/: a name that climbs out is no built file", () => {
    for (const p of ["/assets/../index.html", "/assets/..%2Findex.html", "/assets/.env"]) expect([p, appRouteOf(p)]).toEqual([p, "runtime"]);
  });

  it("the runtime's page asked for by name is itself", () => {
    expect(appRouteOf(RUNTIME_PAGE)).toBe("runtime");
  });

  it("the builder's page asked for by name is refused: the builder never answers on an app's origin", () => {
    expect(appRouteOf("/index.html")).toBe("refused");
  });

  it("/api and the socket path are passed on", () => {
    expect(appRouteOf("/api")).toBe("api");
    expect(appRouteOf("/api/apps/public/prod/domain/notes.apps.example.com")).toBe("api");
    expect(appRouteOf("/ws-user-apps/socket.io/")).toBe("socket");
    expect(appRouteOf("/ws-user-apps")).toBe("socket");
    // only whole segments
    expect(appRouteOf("/apix")).toBe("runtime");
    expect(appRouteOf("/ws-user-appsx")).toBe("runtime");
  });
});

describe("the builder's origin", () => {
  it("never serves the runtime's page; everything else is the builder's", () => {
    expect(builderRouteOf("/runtime/index.html")).toBe("refused");
    expect(builderRouteOf("/runtime")).toBe("refused");
    expect(isRuntimePath("/runtime/index.html")).toBe(true);
    for (const p of ["/", "/index.html", "/apps", "/login", "/assets/x.js", "/api/auth/me", "/runtimes"]) expect([p, builderRouteOf(p)]).toEqual([p, "builder"]);
  });
});

type EdgeRequest = { uri: string; querystring: Record<string, { value: string }>; headers: Record<string, { value: string }> };
type EdgeResponse = { statusCode: number; body: { encoding: string; data: string } };

/** A viewer-request function as SST writes it (`async function handler(event) { <injection> … }`), run with no Node globals. */
async function viewerRequest(injection: string, uri: string, query: Record<string, string> = {}): Promise<EdgeRequest | EdgeResponse> {
  const handler = runInNewContext(`(async function handler(event) {\n${injection}\nreturn event.request;\n})`) as (event: unknown) => Promise<EdgeRequest | EdgeResponse>;
  const querystring = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, { value: v }]));
  return handler({ viewer: { ip: "203.0.113.9" }, request: { uri, querystring, headers: { host: { value: "notes.apps.example.com" } } } });
}

describe("the routers' viewer-request code (a CloudFront function)", () => {
  it("rewrites an app's page path to the runtime's page and keeps its query", async () => {
    expect(await viewerRequest(appRoutingEdgeCode, "/")).toMatchObject({ uri: RUNTIME_PAGE });
    expect(await viewerRequest(appRoutingEdgeCode, "/TaskDetail", { id: "1" })).toMatchObject({ uri: RUNTIME_PAGE, querystring: { id: { value: "1" } } });
  });

  it("passes assets, /api and the socket path through as asked", async () => {
    for (const uri of ["/assets/x.js", "/api/apps/x", "/ws-user-apps/socket.io/"]) expect(await viewerRequest(appRoutingEdgeCode, uri)).toMatchObject({ uri });
  });

  it("answers the builder's page on an app's origin with a 404 of its own", async () => {
    expect(await viewerRequest(appRoutingEdgeCode, "/index.html")).toMatchObject({ statusCode: 404, body: { encoding: "text", data: "Not found" } });
  });

  it("the builder's router refuses the runtime's page and passes the rest", async () => {
    expect(await viewerRequest(builderRoutingEdgeCode, "/runtime/index.html")).toMatchObject({ statusCode: 404 });
    expect(await viewerRequest(builderRoutingEdgeCode, "/apps")).toMatchObject({ uri: "/apps" });
  });

  it("stays small: a CloudFront function's code is 10 KB at most, and SST's router code shares it", () => {
    expect(appRoutingEdgeCode.length).toBeLessThan(1500);
    expect(builderRoutingEdgeCode.length).toBeLessThan(1500);
  });
});

/** SST's router (its installed source): how it runs our code and a route's rewrite, which the rules above rely on. */
describe("SST's router, as installed", () => {
  const source = readFileSync(path.join(import.meta.dirname, "../../.sst/platform/src/components/aws/router.ts"), "utf8");

  it("runs the injected viewer-request code before it looks the route up", () => {
    const handler = source.slice(source.indexOf("function createRequestFunction"));
    expect(handler.indexOf("${userInjection}")).toBeGreaterThan(0);
    expect(handler.indexOf("${userInjection}")).toBeLessThan(handler.indexOf("const route = await matchRoute(routes);"));
  });

  it("applies a route's rewrite with String.prototype.replace, and keeps only a URL route's host", () => {
    expect(source).toContain("event.request.uri = event.request.uri.replace(new RegExp(rw.regex), rw.to);");
    expect(readFileSync(path.join(import.meta.dirname, "../../.sst/platform/src/components/aws/router-url-route.ts"), "utf8")).toContain("const host = u.host;");
  });

  it("the socket path reaches the WebSocket API's $default stage, the socket.io query kept aside", () => {
    const rewrite = appSocketRewrite("wss://abc123.execute-api.us-east-1.amazonaws.com/$default");
    const routed = (uri: string) => uri.replace(new RegExp(rewrite.regex), rewrite.to);
    expect(routed("/ws-user-apps/socket.io/")).toBe("/$default");
    expect(routed("/ws-user-apps/socket.io")).toBe("/$default");
    expect(routed("/ws-user-apps")).toBe("/$default");
    expect(appSocketRewrite("wss://abc123.execute-api.us-east-1.amazonaws.com/prod/").to).toBe("/prod");
  });
});

/** The local stack's app host runs the same rules over a built web app's files. */
describe("the local app host", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kiln-app-host-"));
  mkdirSync(path.join(dir, "runtime"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<title>Kiln builder</title>");
  writeFileSync(path.join(dir, "runtime", "index.html"), "<title>App runtime</title>");
  writeFileSync(path.join(dir, "assets", "runtime-abc.js"), "export {};");
  const serve = createAppHost(dir, "http://localhost:4444");
  const server = http.createServer((req, res) => {
    const [rawPath] = (req.url ?? "/").split("?", 1);
    void serve(req, res, "notes-ab12", rawPath!);
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = async (p: string) => {
    const res = await fetch(`${base}${p}`);
    return { status: res.status, body: await res.text() };
  };

  it("answers every page path with the runtime's page, never the builder's", async () => {
    for (const p of ["/", "/Tasks", "/TaskDetail?id=1", "/apps", "/login", RUNTIME_PAGE]) expect([p, await get(p)]).toEqual([p, { status: 200, body: "<title>App runtime</title>" }]);
  });

  it("serves the built assets, and refuses the builder's page", async () => {
    expect(await get("/assets/runtime-abc.js")).toEqual({ status: 200, body: "export {};" });
    expect((await get("/assets/missing.js")).status).toBe(404);
    expect(await get("/index.html")).toEqual({ status: 404, body: "Not found" });
  });
});
