import { runInNewContext } from "node:vm";

/**
 * Which file a request to a Kiln origin is answered with, written once as the code CloudFront runs.
 * The cloud routers inject `RULES` into their viewer-request functions (cloudfront-js-2.0: plain
 * JavaScript, no imports, no Node); the local stack (stacks/local/app-host.ts, stack.ts) runs the
 * very same text in-process through `appRouteOf`/`builderRouteOf`, so a mistake here fails a local test.
 *
 * On an app's origin (`{slug}.<apps domain>`, `preview--{slug}`, a custom domain) the built web app
 * (dist/, one upload: stacks/web.ts) holds the builder's page beside the runtime's, so:
 * - `api`: `/api/…`, passed on to the HTTP API;
 * - `socket`: `/ws-user-apps/…`, passed on to the apps' WebSocket API;
 * - `asset`: a built file in `/assets/` (the runtime's scripts and styles), served as built;
 * - `refused`: the builder's page asked for by name (`/index.html`): 404, never the builder;
 * - `runtime`: every other path (`/`, `/Tasks`, `/TaskDetail?id=1`): the runtime's single page,
 *   `RUNTIME_PAGE`, which finds its app from the host and its page from the path. A browser's own
 *   `/favicon.ico` gets it too: a 404 there is a red console line on every app's first visit.
 * On the builder's origin everything is the builder's but the runtime's page (`refused`): generated
 * code never runs on the builder's origin.
 */
export type AppRoute = "api" | "socket" | "asset" | "runtime" | "refused";
export type BuilderRoute = "builder" | "refused";

/** The runtime's page in the built web app (vite.config.ts's second input). */
export const RUNTIME_PAGE = "/runtime/index.html";
/** Where `@base44/sdk`'s subscribe opens its socket.io connection on an app's own origin. */
export const APP_SOCKET_PATH = "/ws-user-apps";

const RULES = `
function kilnAppRoute(uri) {
  if (uri === "/api" || uri.indexOf("/api/") === 0) return "api";
  if (uri === "${APP_SOCKET_PATH}" || uri.indexOf("${APP_SOCKET_PATH}/") === 0) return "socket";
  if (/^\\/assets\\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(uri)) return "asset";
  if (uri === "/index.html") return "refused";
  return "runtime";
}
function kilnBuilderRoute(uri) {
  return uri === "/runtime" || uri.indexOf("/runtime/") === 0 ? "refused" : "builder";
}`;

const NOT_FOUND = `{ statusCode: 404, statusDescription: "Not Found", headers: { "content-type": { value: "text/plain" }, "x-content-type-options": { value: "nosniff" } }, body: { encoding: "text", data: "Not found" } }`;

/** The apps routers' viewer-request code: a page path becomes the runtime's page, a refused path a 404. */
export const appRoutingEdgeCode =
  `${RULES}\nvar kilnRoute = kilnAppRoute(event.request.uri);\n` +
  `if (kilnRoute === "refused") return ${NOT_FOUND};\n` +
  `if (kilnRoute === "runtime") event.request.uri = "${RUNTIME_PAGE}";\n`;

/** The builder router's viewer-request code: the runtime's page is never served on the builder's origin. */
export const builderRoutingEdgeCode = `${RULES}\nif (kilnBuilderRoute(event.request.uri) === "refused") return ${NOT_FOUND};\n`;

// A context of its own, as at the edge: the rules see no Node globals.
const compiled = runInNewContext(`${RULES}\n({ app: kilnAppRoute, builder: kilnBuilderRoute })`) as {
  app: (uri: string) => AppRoute;
  builder: (uri: string) => BuilderRoute;
};

/** What an app's origin answers for a path (no query string): the edge rules, run here. */
export const appRouteOf = (path: string): AppRoute => compiled.app(path);
/** What the builder's origin does with a path: the edge rules, run here. */
export const builderRouteOf = (path: string): BuilderRoute => compiled.builder(path);

/**
 * The router's rewrite for the apps' socket path: SST's URL route keeps only the origin's host, so the
 * WebSocket API's stage (`wss://{id}.execute-api.{region}.amazonaws.com/$default`) goes into the path
 * here. API Gateway takes the upgrade at the stage itself; socket.io's `/socket.io/` is dropped, its query kept.
 */
export function appSocketRewrite(socketUrl: string): { regex: string; to: string } {
  const stage = new URL(socketUrl).pathname.replace(/\/$/, "") || "/";
  // String.prototype.replace reads `$` in its replacement: `$$` is one literal `$` (the stage is `$default`)
  return { regex: `^${APP_SOCKET_PATH}(/.*)?$`, to: stage.replace(/\$/g, "$$$$") };
}
