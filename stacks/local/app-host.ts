import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import sirv from "sirv";
import { modeOfHost } from "../../schemas/preview";
import { appRouteOf, builderRouteOf, RUNTIME_PAGE } from "../edge/app-routing";
import { API_HEADERS, appHeaders } from "../security-headers";

/**
 * Generated apps' own origins on one machine: `{label}.localhost:<port>` (Chromium
 * resolves `*.localhost` to loopback), `preview--{slug}` for the editor's preview and
 * `{slug}` for the published app. `/api/*` on them goes to the same gateway as the
 * builder's (stack.ts), so `@base44/sdk` with `serverUrl: ""` works same-origin;
 * every other path is the app runtime (web/runtime/, built to dist/runtime/), a
 * single page that finds its app from the host itself. Any other host name but the
 * builder's is served the same runtime as a custom domain. In the cloud the apps domain
 * serves the same bundle (stacks/apps.ts).
 */

/** The app label of a Host header, or null for any other host (the builder's). */
export function appLabelOf(host: string | undefined): string | null {
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "");
  return /^([a-z0-9][a-z0-9-]{0,80})\.localhost$/.exec(name)?.[1] ?? null;
}

export type Site = { kind: "builder" } | { kind: "app"; label: string } | { kind: "custom" };

/**
 * Which site a Host header asks for (spec 03 §2.13 host selection): the builder on its own
 * host name, an app on `{label}.localhost`, and any other name that reaches this server
 * (`127.0.0.1`, a name in /etc/hosts) a custom domain: the runtime, which looks the host up.
 */
export function siteOf(host: string | undefined, builderHostname: string): Site {
  const label = appLabelOf(host);
  if (label !== null) return { kind: "app", label };
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "");
  return !name || name === builderHostname.toLowerCase() ? { kind: "builder" } : { kind: "custom" };
}

/** Paths of the built web app that only app hosts serve: the builder's origin never runs the runtime (the edge rule). */
export const isRuntimePath = (rawPath: string) => builderRouteOf(rawPath) === "refused";

export function createAppHost(webDir: string, builderOrigin: string) {
  const assets = sirv(webDir, { dev: false, etag: true, immutable: true });
  const page = path.join(webDir, ...RUNTIME_PAGE.split("/"));
  const notFound = (res: ServerResponse) => void res.writeHead(404, { "content-type": "text/plain", ...API_HEADERS }).end("Not found");

  /** `label` is the app label of the host, null on a custom domain (always the published app). */
  return async function serveApp(req: IncomingMessage, res: ServerResponse, label: string | null, rawPath: string) {
    const route = appRouteOf(rawPath);
    if (route === "asset") {
      for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
      assets(req, res, () => notFound(res));
      return;
    }
    // stack.ts passes /api and socket upgrades on first, as the routers' routes do; the socket path without an upgrade is no page
    if (route !== "runtime") return notFound(res);
    let html: string;
    try {
      html = await readFile(page, "utf8");
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("The app runtime is not built (npm run build).");
      return;
    }
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      // The draft is for the editor's frame only; a published app for the builder and its own origin.
      ...appHeaders({ preview: label !== null && modeOfHost(label) === "preview", builderOrigin }),
    });
    res.end(req.method === "HEAD" ? undefined : html);
  };
}
